import { formatMoney } from '#core';
import { describe, expect, it } from 'vitest';
import { catalogPageSize, courseDuration, coursePrice, platformUrl, type CatalogCourse } from './catalog-data.ts';

describe('catalog data helpers', () => {
  it('clamps the page size to 1–12, 12 when absent or unreadable', () => {
    expect(catalogPageSize(undefined)).toBe(12);
    expect(catalogPageSize(Number.NaN)).toBe(12);
    expect(catalogPageSize(6)).toBe(6);
    expect(catalogPageSize(6.7)).toBe(6);
    expect(catalogPageSize(40)).toBe(12);
    expect(catalogPageSize(-3)).toBe(1);
  });

  it("writes the price in the school's currency, price 0 as 'бесплатно' (spec §9)", () => {
    expect(coursePrice({ price: 0, currency: 'RUB' })).toBe('бесплатно');
    expect(coursePrice({ price: 4990, currency: 'RUB' })).toBe(formatMoney(499000, 'RUB'));
    expect(coursePrice({ price: 2900.5, currency: 'BYN' })).toMatch(/^2[\u00a0\u202f]900,50[\u00a0\u202f]BYN$/);
    // An answer without the currency field (the contract has one; an older server had none): the platform's BYN.
    expect(coursePrice({ price: 4900 } as CatalogCourse)).toBe(formatMoney(490000, 'BYN'));
  });

  it('writes the duration with the Russian plural, nothing without one', () => {
    expect(courseDuration(1)).toBe('1 день');
    expect(courseDuration(3)).toBe('3 дня');
    expect(courseDuration(45)).toBe('45 дней');
    expect(courseDuration(11)).toBe('11 дней');
    expect(courseDuration(0)).toBe('');
    expect(courseDuration(null)).toBe('');
  });

  it("puts the platform's origin before server paths only", () => {
    expect(platformUrl('https://coursehub.example', '/media/a.jpg')).toBe('https://coursehub.example/media/a.jpg');
    expect(platformUrl('https://coursehub.example', 'https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(platformUrl('https://coursehub.example', '//cdn.example/a.jpg')).toBe('//cdn.example/a.jpg');
  });
});
