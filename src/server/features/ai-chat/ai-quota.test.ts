// The assistant's monthly question quota by plan, and the month a question counts in.
import { describe, expect, it } from 'vitest';
import { AI_MESSAGES_BY_TARIFF, aiMessageQuota, usageMonth } from './ai-quota.ts';

describe('aiMessageQuota', () => {
  it('gives Start 50, Junior 300, Middle 1 500, Senior 5 000 questions a month; no plan or an unknown one the smallest', () => {
    expect([1, 2, 3, 4].map(aiMessageQuota)).toEqual([50, 300, 1500, 5000]);
    expect(aiMessageQuota(null)).toBe(AI_MESSAGES_BY_TARIFF[1]);
    expect(aiMessageQuota(99)).toBe(50);
  });
});

describe('usageMonth', () => {
  it('is the first day of the UTC month', () => {
    expect(usageMonth(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-01');
    expect(usageMonth(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
    expect(usageMonth(new Date('2027-01-15T12:00:00+03:00'))).toBe('2027-01-01');
  });
});
