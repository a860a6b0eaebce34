import { describe, expect, it } from 'vitest';
import { schoolPromoMessages as t } from './school-promo.ts';

describe('school promo messages', () => {
  it('words counts, limits, currencies and names', () => {
    expect([1, 2, 5, 11, 21].map(t.coursesCount)).toEqual(['1 курс', '2 курса', '5 курсов', '11 курсов', '21 курс']);
    expect(t.usesOf(3, 10)).toBe('3 / 10');
    expect(t.usesOf(3, null)).toBe('3 / ∞');
    expect(t.fixedValue('BYN')).toBe('Скидка, BYN');
    expect(t.removeText('COURSE10')).toBe('Промокод COURSE10 перестанет действовать. Это нельзя отменить.');
    expect(t.deactivateText('COURSE10')).toContain('COURSE10');
    expect(t.invoices.removeText('ООО «А»')).toContain('«ООО «А»»');
    expect(t.invoices.removeDefaultText('ИП')).toContain('основными станут');
  });
});
