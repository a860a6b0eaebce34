import { describe, expect, it } from 'vitest';
import { formatDateTime } from './learning-format.ts';

describe('formatDateTime', () => {
  it('writes a date and time in Russian, and leaves text that is no date as it is', () => {
    expect(formatDateTime('2026-03-05T10:00:00.000Z')).toMatch(/^5 марта 2026 г\.(,| в) \d{2}:00$/);
    expect(formatDateTime('скоро')).toBe('скоро');
  });
});
