import { describe, expect, it } from 'vitest';
import { parseInstant } from './instants.ts';

describe('parseInstant', () => {
  it('reads dates as UTC midnight and date-times with or without an offset', () => {
    expect(parseInstant('date', '2025-01-31').toISOString()).toBe('2025-01-31T00:00:00.000Z');
    expect(parseInstant('date', '2025-01-31T10:00').toISOString()).toBe('2025-01-31T10:00:00.000Z');
    expect(parseInstant('date', '2025-01-31T10:00:00+03:00').toISOString()).toBe('2025-01-31T07:00:00.000Z');
  });

  it('refuses what is no date, and days their month lacks', () => {
    for (const bad of ['', 'вчера', '2025-02-30', '2025-13-01', '31.01.2025']) {
      expect(() => parseInstant('date', bad)).toThrow(expect.objectContaining({ status: 400, fields: { date: [expect.any(String)] } }));
    }
  });
});
