import { describe, expect, it } from 'vitest';
import { subscriptionMessages } from './messages.ts';
import {
  amountPerMonth,
  assertMonthOption,
  buildSubscribePayload,
  isMonthOption,
  MONTH_OPTIONS,
  periodLabel,
  subscribeErrorOutcome,
  type SubscribeErrorOutcome,
  type SubscribeInput,
  type SubscribePayload,
} from './subscription.ts';

describe('MONTH_OPTIONS (spec §5)', () => {
  it('offers 1, 3, 6 and 12 months', () => {
    expect(MONTH_OPTIONS).toEqual([1, 3, 6, 12]);
  });

  it.each([
    [1, true],
    [3, true],
    [6, true],
    [12, true],
    [0, false],
    [2, false],
    [24, false],
    ['3', false],
    [Number.NaN, false],
  ])('isMonthOption(%j) → %s', (value, expected) => {
    expect(isMonthOption(value)).toBe(expected);
  });
});

describe('buildSubscribePayload', () => {
  it.each<[string, SubscribeInput, SubscribePayload]>([
    ['1 month: no pays_count', { tariff: 'Junior', months: 1 }, { tariff: 'Junior', subscription_type: 'monthly' }],
    [
      '3 months: pays_count 3',
      { tariff: 'Middle', months: 3 },
      { tariff: 'Middle', subscription_type: 'upfront', pays_count: 3 },
    ],
    [
      '6 months: pays_count 6',
      { tariff: 'Middle', months: 6 },
      { tariff: 'Middle', subscription_type: 'upfront', pays_count: 6 },
    ],
    [
      '12 months: pays_count 12',
      { tariff: 'Senior', months: 12 },
      { tariff: 'Senior', subscription_type: 'upfront', pays_count: 12 },
    ],
    [
      'promo code sent',
      { tariff: 'Junior', months: 1, promoCode: 'SALE10' },
      { tariff: 'Junior', subscription_type: 'monthly', promo_code: 'SALE10' },
    ],
    [
      'promo code trimmed',
      { tariff: 'Junior', months: 3, promoCode: '  SALE10 ' },
      { tariff: 'Junior', subscription_type: 'upfront', pays_count: 3, promo_code: 'SALE10' },
    ],
    ['empty promo code not sent', { tariff: 'Junior', months: 1, promoCode: '' }, { tariff: 'Junior', subscription_type: 'monthly' }],
    ['blank promo code not sent', { tariff: 'Junior', months: 1, promoCode: '   ' }, { tariff: 'Junior', subscription_type: 'monthly' }],
    ['null promo code not sent', { tariff: 'Junior', months: 1, promoCode: null }, { tariff: 'Junior', subscription_type: 'monthly' }],
    [
      'upfront subscription type passed through',
      { tariff: 'Senior', months: 12, subscriptionType: 'upfront' },
      { tariff: 'Senior', subscription_type: 'upfront', pays_count: 12 },
    ],
    [
      'an explicit monthly type keeps pays_count',
      { tariff: 'Middle', months: 3, subscriptionType: 'monthly' },
      { tariff: 'Middle', subscription_type: 'monthly', pays_count: 3 },
    ],
  ])('%s', (_label, input, expected) => {
    const payload = buildSubscribePayload(input);
    // toStrictEqual: keys that must not be sent are absent, not undefined.
    expect(payload).toStrictEqual(expected);
  });

  it.each([[0], [2], [5], [24], [-1], [1.5], [Number.NaN]])('rejects %d months with a RangeError', (months) => {
    expect(() => buildSubscribePayload({ tariff: 'Junior', months })).toThrow(RangeError);
  });

  it('assertMonthOption accepts an offered period', () => {
    expect(() => assertMonthOption(6)).not.toThrow();
  });
});

describe('subscribeErrorOutcome (spec §8)', () => {
  const promo: SubscribeErrorOutcome = { kind: 'promo', message: 'Нет такого промокода' };
  const failed: SubscribeErrorOutcome = { kind: 'error', message: subscriptionMessages.failed };

  it.each<[number, SubscribeErrorOutcome]>([
    [400, promo],
    [404, promo],
    [405, { kind: 'ignore' }],
    [401, failed],
    [403, failed],
    [409, failed],
    [422, failed],
    [500, failed],
    [502, failed],
    [0, failed],
  ])('status %i → %j', (status, expected) => {
    expect(subscribeErrorOutcome(status)).toEqual(expected);
  });
});

describe('amountPerMonth', () => {
  it.each([
    [46800, 1, 46800],
    [140400, 3, 46800],
    [100000, 3, 33333],
    [200000, 3, 66667],
    [0, 12, 0],
  ])('amountPerMonth(%i, %i) → %i kopecks', (total, months, expected) => {
    expect(amountPerMonth(total, months)).toBe(expected);
  });

  it('rejects a period that is not offered', () => {
    expect(() => amountPerMonth(100, 0)).toThrow(RangeError);
  });
});

describe('periodLabel', () => {
  it.each([
    [1, '1 месяц'],
    [3, '3 месяца'],
    [6, '6 месяцев'],
    [12, '12 месяцев'],
  ])('%i → %s', (months, expected) => {
    expect(periodLabel(months)).toBe(expected);
  });

  it('covers every month option', () => {
    expect(MONTH_OPTIONS.map(periodLabel)).toEqual(['1 месяц', '3 месяца', '6 месяцев', '12 месяцев']);
  });
});
