import { describe, expect, it } from 'vitest';
import { playbackSessionId, webinarIdOfPlayback, webinarState } from './webinar-schedule.ts';

const start = new Date('2026-03-01T10:00:00.000Z');
const at = (minutes: number, seconds = 0) => new Date(start.getTime() + minutes * 60_000 + seconds * 1000);

describe('webinarState', () => {
  describe('a single show', () => {
    const schedule = { startsAt: start, repeatMinutes: null, durationMinutes: 45 };

    it('counts down to the start', () => {
      expect(webinarState(schedule, at(-10))).toEqual({ status: 'countdown', showStart: start });
    });

    it('is live from the first second, with the offset in whole seconds', () => {
      expect(webinarState(schedule, start)).toEqual({ status: 'live', showStart: start, offsetSeconds: 0 });
      expect(webinarState(schedule, at(12, 30.9))).toEqual({ status: 'live', showStart: start, offsetSeconds: 750 });
      expect(webinarState(schedule, at(44, 59))).toMatchObject({ status: 'live', offsetSeconds: 2699 });
    });

    it('has ended once the duration is over', () => {
      expect(webinarState(schedule, at(45))).toEqual({ status: 'ended', showStart: start });
      expect(webinarState(schedule, at(60 * 24 * 365))).toEqual({ status: 'ended', showStart: start });
    });
  });

  describe('a repeating show', () => {
    const schedule = { startsAt: start, repeatMinutes: 120, durationMinutes: 60 };

    it('is live inside a later show, counted from that show', () => {
      expect(webinarState(schedule, at(240 + 5))).toEqual({ status: 'live', showStart: at(240), offsetSeconds: 300 });
    });

    it('counts down to the next show between shows, and never ends', () => {
      expect(webinarState(schedule, at(60))).toEqual({ status: 'countdown', showStart: at(120) });
      expect(webinarState(schedule, at(119, 59))).toEqual({ status: 'countdown', showStart: at(120) });
      expect(webinarState(schedule, at(120 * 1000 + 90))).toEqual({ status: 'countdown', showStart: at(120 * 1001) });
    });

    it('is always live when a show lasts its whole period', () => {
      const hourly = { startsAt: start, repeatMinutes: 60, durationMinutes: 60 };
      for (const minute of [0, 59, 60, 61, 1439]) expect(webinarState(hourly, at(minute, 1)).status).toBe('live');
      expect(webinarState(hourly, at(61, 1))).toEqual({ status: 'live', showStart: at(60), offsetSeconds: 61 });
    });

    it('takes the newest show when shows overlap', () => {
      expect(webinarState({ startsAt: start, repeatMinutes: 30, durationMinutes: 90 }, at(75))).toEqual({ status: 'live', showStart: at(60), offsetSeconds: 900 });
    });
  });
});

describe('playback session ids', () => {
  it('joins the webinar id and the show start in epoch seconds', () => {
    expect(playbackSessionId(7, start)).toBe(`7-${start.getTime() / 1000}`);
  });

  it('reads the webinar id back, or a bare id; anything else is null', () => {
    expect(webinarIdOfPlayback(playbackSessionId(7, start))).toBe(7);
    expect(webinarIdOfPlayback('42')).toBe(42);
    for (const bad of ['', '0', '-1', '7-', 'abc', '7-abc', '99999999999', '1.5', '7-1-2']) expect(webinarIdOfPlayback(bad)).toBeNull();
  });
});
