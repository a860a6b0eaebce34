import { describe, expect, it } from 'vitest';
import { addMonths, isPurchasable, minorToDecimal, paidPeriodEnd, priceToMinor, quote } from './pricing.ts';

describe('priceToMinor / minorToDecimal', () => {
  it.each([
    ['468', 46800],
    ['468.00', 46800],
    ['12.5', 1250],
    ['0.07', 7],
    ['0', 0],
  ])('%s BYN = %i minor units', (price, minor) => {
    expect(priceToMinor(price)).toBe(minor);
  });

  it.each(['', 'abc', '-1', '1.234', '1e3'])('refuses %j', (price) => {
    expect(() => priceToMinor(price)).toThrow(RangeError);
  });

  it('writes minor units as a decimal', () => {
    expect([minorToDecimal(36800), minorToDecimal(5), minorToDecimal(0), minorToDecimal(123456)]).toEqual(['368.00', '0.05', '0.00', '1234.56']);
  });

  it('never sells the free trial', () => {
    expect(isPurchasable('0')).toBe(false);
    expect(isPurchasable('468')).toBe(true);
  });
});

describe('quote', () => {
  const junior = 46800;

  it('charges every month up front', () => {
    expect(quote({ monthlyPrice: junior, subscriptionType: 'upfront', paysCount: 6 })).toEqual({ months: 6, paysCount: 6, subtotal: 280800, discount: 0, amount: 280800 });
  });

  it('charges only the first month of a monthly subscription, recording the period', () => {
    expect(quote({ monthlyPrice: junior, subscriptionType: 'monthly', paysCount: 12 })).toEqual({ months: 1, paysCount: 12, subtotal: junior, discount: 0, amount: junior });
  });

  it('takes a percentage off, rounded to whole minor units', () => {
    expect(quote({ monthlyPrice: junior, subscriptionType: 'upfront', paysCount: 3, promo: { kind: 'percent', value: 20 } })).toMatchObject({ subtotal: 140400, discount: 28080, amount: 112320 });
    // 333 × 15 % = 49.95 → 50
    expect(quote({ monthlyPrice: 333, subscriptionType: 'monthly', paysCount: 1, promo: { kind: 'percent', value: 15 } })).toMatchObject({ discount: 50, amount: 283 });
    expect(quote({ monthlyPrice: junior, subscriptionType: 'monthly', paysCount: 1, promo: { kind: 'percent', value: 100 } }).amount).toBe(0);
  });

  it('takes a fixed sum off, never below zero', () => {
    expect(quote({ monthlyPrice: junior, subscriptionType: 'monthly', paysCount: 1, promo: { kind: 'fixed', value: 10000 } })).toMatchObject({ discount: 10000, amount: 36800 });
    expect(quote({ monthlyPrice: junior, subscriptionType: 'monthly', paysCount: 1, promo: { kind: 'fixed', value: 99_999_999 } })).toMatchObject({ discount: junior, amount: 0 });
  });

  it('refuses periods the modal does not offer and free plans', () => {
    expect(() => quote({ monthlyPrice: junior, subscriptionType: 'upfront', paysCount: 5 })).toThrow(RangeError);
    expect(() => quote({ monthlyPrice: 0, subscriptionType: 'upfront', paysCount: 1 })).toThrow(RangeError);
  });
});

describe('addMonths', () => {
  it('adds calendar months and clamps the day', () => {
    expect(addMonths(new Date('2025-01-15T10:00:00Z'), 1).toISOString()).toBe('2025-02-15T10:00:00.000Z');
    expect(addMonths(new Date('2025-01-31T10:00:00Z'), 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2025-11-30T00:00:00Z'), 3).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2025-03-10T00:00:00Z'), 12).toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });
});

describe('paidPeriodEnd', () => {
  const now = new Date('2025-05-10T12:00:00Z');
  const DAY = 24 * 3600 * 1000;

  it('starts from now when nothing is paid (the trial gives no credit)', () => {
    expect(paidPeriodEnd(now, { tariffId: 1, monthlyPrice: 0, paidUntil: null }, { tariffId: 2, monthlyPrice: 46800, months: 1 }).toISOString()).toBe('2025-06-10T12:00:00.000Z');
  });

  it('extends the same plan from its current end, and from now once it lapsed', () => {
    const paidUntil = new Date('2025-07-01T00:00:00Z');
    expect(paidPeriodEnd(now, { tariffId: 2, monthlyPrice: 46800, paidUntil }, { tariffId: 2, monthlyPrice: 46800, months: 3 }).toISOString()).toBe('2025-10-01T00:00:00.000Z');
    const lapsed = new Date('2025-05-01T00:00:00Z');
    expect(paidPeriodEnd(now, { tariffId: 2, monthlyPrice: 46800, paidUntil: lapsed }, { tariffId: 2, monthlyPrice: 46800, months: 1 }).toISOString()).toBe('2025-06-10T12:00:00.000Z');
  });

  it('converts the unused time of another plan at the price ratio', () => {
    // 20 days of a 400-a-month plan are worth 10 days of an 800-a-month one.
    const paidUntil = new Date(now.getTime() + 20 * DAY);
    const end = paidPeriodEnd(now, { tariffId: 2, monthlyPrice: 40000, paidUntil }, { tariffId: 3, monthlyPrice: 80000, months: 1 });
    expect(end.toISOString()).toBe(addMonths(new Date(now.getTime() + 10 * DAY), 1).toISOString());
    // …and the other way round.
    const down = paidPeriodEnd(now, { tariffId: 3, monthlyPrice: 80000, paidUntil }, { tariffId: 2, monthlyPrice: 40000, months: 1 });
    expect(down.toISOString()).toBe(addMonths(new Date(now.getTime() + 40 * DAY), 1).toISOString());
  });
});
