import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, schoolDateTime } from './school-time.ts';

const AT = new Date('2026-11-25T15:00:00Z');

describe('schoolDateTime', () => {
  it("writes the instant in the school's zone with its offset", () => {
    expect(schoolDateTime(AT, 'Europe/Moscow')).toBe('25.11.2026, 18:00 (GMT+3)');
    expect(schoolDateTime(AT, 'Europe/Minsk')).toBe('25.11.2026, 18:00 (GMT+3)');
    expect(schoolDateTime(AT, 'Asia/Yekaterinburg')).toBe('25.11.2026, 20:00 (GMT+5)');
    expect(schoolDateTime(AT, 'UTC')).toBe('25.11.2026, 15:00 (UTC)');
  });

  it('moves the date with the zone, writes midnight as 00 and half-hour offsets', () => {
    expect(schoolDateTime(AT, 'Asia/Vladivostok')).toBe('26.11.2026, 01:00 (GMT+10)');
    expect(schoolDateTime(new Date('2026-11-24T21:00:00Z'), 'Europe/Moscow')).toBe('25.11.2026, 00:00 (GMT+3)');
    expect(schoolDateTime(AT, 'Asia/Kolkata')).toBe('25.11.2026, 20:30 (GMT+5:30)');
    expect(schoolDateTime(AT, 'Europe/London')).toBe('25.11.2026, 15:00 (UTC)');
  });

  it('falls back to UTC for a zone it does not know', () => {
    expect(schoolDateTime(AT, 'Mars/Olympus')).toBe('25.11.2026, 15:00 (UTC)');
  });
});

describe('canonicalTimeZone', () => {
  it('takes IANA names and UTC, in their canonical spelling', () => {
    expect(canonicalTimeZone('Europe/Moscow')).toBe('Europe/Moscow');
    expect(canonicalTimeZone('europe/minsk')).toBe('Europe/Minsk');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
  });

  it('refuses what is not a zone name', () => {
    for (const value of ['', 'Mars/Olympus', '+03:00', 'EST', 'Europe/Moscow\u0000', ' Europe/Moscow', 'Europe/../Moscow', 'x'.repeat(200)]) {
      expect(canonicalTimeZone(value), value).toBeNull();
    }
  });
});
