import { describe, expect, it } from 'vitest';
import { currencyCode, DEFAULT_CURRENCY, formatMoney, toMinorUnits } from './money.ts';

// The separators are whatever no-break spaces this ICU uses (U+00A0 or U+202F): take them from Intl.
const intl = (amount: number, currency: string, digits: number) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
const nbsp = '[\\u00a0\\u202f]';

describe('formatMoney: minor units and an ISO code, one rule everywhere', () => {
  it.each([
    [46800, 'BYN', intl(468, 'BYN', 0)],
    [178800, 'BYN', intl(1788, 'BYN', 0)],
    [46850, 'BYN', intl(468.5, 'BYN', 2)],
    [1, 'BYN', intl(0.01, 'BYN', 2)],
    [490000, 'RUB', intl(4900, 'RUB', 0)],
    [123450, 'RUB', intl(1234.5, 'RUB', 2)],
    [1500, 'JPY', intl(1500, 'JPY', 0)],
    [-36850, 'BYN', intl(-368.5, 'BYN', 2)],
  ])('%i %s → %s', (minor, currency, expected) => {
    expect(formatMoney(minor, currency)).toBe(expected);
  });

  it('reads like "1 788 BYN", "468,50 BYN" and "4 900 ₽"', () => {
    expect(formatMoney(178800, 'BYN')).toMatch(new RegExp(`^1${nbsp}788${nbsp}BYN$`));
    expect(formatMoney(46850, 'BYN')).toMatch(new RegExp(`^468,50${nbsp}BYN$`));
    expect(formatMoney(490000, 'RUB')).toMatch(new RegExp(`^4${nbsp}900${nbsp}₽$`));
  });

  it("shows zero as 'бесплатно' (spec §9)", () => {
    expect(formatMoney(0, 'BYN')).toBe('бесплатно');
    expect(formatMoney(0, 'RUB')).toBe('бесплатно');
  });

  it('reads a malformed currency code as the default BYN instead of throwing', () => {
    expect(formatMoney(46800, 'byn')).toBe(formatMoney(46800, 'BYN'));
    expect(formatMoney(46800, '')).toBe(formatMoney(46800, DEFAULT_CURRENCY));
  });
});

describe('currencyCode', () => {
  it.each([
    ['RUB', 'RUB'],
    ['BYN', 'BYN'],
    ['rub', 'BYN'],
    ['RUBLE', 'BYN'],
    [undefined, 'BYN'],
    [null, 'BYN'],
    [643, 'BYN'],
  ])('%j → %s', (value, expected) => {
    expect(currencyCode(value)).toBe(expected);
  });
});

describe('toMinorUnits', () => {
  it.each([
    [468, 'BYN', 46800],
    [2900.5, 'RUB', 290050],
    [0.1 + 0.2, 'BYN', 30],
    [1500, 'JPY', 1500],
    [0, 'BYN', 0],
  ])('%d %s → %i', (amount, currency, expected) => {
    expect(toMinorUnits(amount, currency)).toBe(expected);
  });
});
