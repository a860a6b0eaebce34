import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, formatNumber, formatPercent, localDay } from './students-table-format.ts';

describe('students table formats', () => {
  it('writes days, times and figures the Russian way', () => {
    expect(formatDay('2026-03-05T09:00:00.000Z')).toBe('05.03.2026');
    expect(formatDayTime('2026-03-05T09:07:00.000Z')).toMatch(/^05\.03\.2026, \d\d:07$/);
    expect(formatNumber(4.256)).toBe('4,26');
    expect(formatNumber(12)).toBe('12');
    expect(formatPercent(42.5)).toBe('42,5\u00a0%');
  });

  it('leaves a text that is not a date as it came', () => {
    expect(formatDay('вчера')).toBe('вчера');
    expect(formatDayTime('')).toBe('');
  });

  it("names today's file by the user's own day", () => {
    expect(localDay(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});
