import { describe, expect, it } from 'vitest';
import { isCalendarDay, isPositiveId, searchText } from './filter-values.ts';

describe('filter values', () => {
  it('takes positive ids of up to ten digits only', () => {
    expect(['1', '42', '9999999999'].every(isPositiveId)).toBe(true);
    expect(['', '0', '01', '-3', '1.5', '12345678901', ' 7'].some(isPositiveId)).toBe(false);
  });

  it('takes real calendar days only', () => {
    expect(['2026-02-28', '2024-02-29', '2026-12-31'].every(isCalendarDay)).toBe(true);
    expect(['2026-02-29', '2026-13-01', '2026-1-5', '05.01.2026', ''].some(isCalendarDay)).toBe(false);
  });

  it('sends a search without control characters, trimmed and cut to its limit', () => {
    expect(searchText('  Анна\u0000Петрова\t ', 100)).toBe('Анна Петрова');
    expect(searchText('abcdef  ', 4)).toBe('abcd');
    expect(searchText('ab   cd', 3)).toBe('ab');
  });
});
