// The assistant's monthly question quota by plan, a member's share of it, and the month a question counts in.
import { describe, expect, it } from 'vitest';
import { AI_MESSAGES_BY_TARIFF, aiMessageQuota, personalShare, usageMonth } from './ai-quota.ts';

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

describe('personalShare', () => {
  it('gives a student a tenth of the month (at least 10), a teacher a quarter (at least 25), an admin all of it', () => {
    expect([1, 2, 3, 4].map((id) => personalShare(aiMessageQuota(id), 'Student'))).toEqual([10, 30, 150, 500]);
    expect([1, 2, 3, 4].map((id) => personalShare(aiMessageQuota(id), 'Teacher'))).toEqual([25, 75, 375, 1250]);
    expect([1, 2, 3, 4].map((id) => personalShare(aiMessageQuota(id), 'Admin'))).toEqual([50, 300, 1500, 5000]);
  });

  it('never gives more than the quota itself', () => {
    expect(personalShare(8, 'Student')).toBe(8);
    expect(personalShare(20, 'Teacher')).toBe(20);
  });
});
