import { describe, expect, it } from 'vitest';
import { countdownEnd, formatClock, parseDuration, secondsLeft } from './test-timer.ts';

describe('test timer', () => {
  it('reads the API durations', () => {
    expect(parseDuration('00:30:00')).toBe(1800);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration(null)).toBeNull();
    expect(parseDuration('полчаса')).toBeNull();
  });

  it("counts down from the server's remaining seconds, whatever this device's clock says", () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    // The server's deadline is an hour away by this (wrong) clock, but it says 30 s are left.
    const start = { deadline: '2026-01-01T11:00:00Z' };
    expect(countdownEnd(start, { status: 'Time Remaining', remaining_time: 30 }, now)).toBe(now + 30_000);
    expect(countdownEnd(start, 'expired', now)).toBe(now);
    // Without check-timer's answer, the deadline itself.
    expect(countdownEnd(start, null, now)).toBe(Date.parse(start.deadline));
    expect(countdownEnd(start, { status: 'No Timer' }, now)).toBe(Date.parse(start.deadline));
    expect(countdownEnd({ deadline: null }, { status: 'No Timer' }, now)).toBeNull();
    expect(countdownEnd({ deadline: 'никогда' }, null, now)).toBeNull();
  });

  it('shows whole seconds rounded up and a clock', () => {
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
    expect(formatClock(299)).toBe('04:59');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(0)).toBe('00:00');
  });
});
