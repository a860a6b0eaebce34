import { describe, expect, it } from 'vitest';
import { gamificationMessages as t } from './gamification.ts';

describe('gamification messages', () => {
  it('words money, counts, chances and names', () => {
    expect([t.money(1500, 'BYN'), t.money(499, 'BYN'), t.money(5, 'RUB'), t.money(0, 'BYN')]).toEqual(['15,00 BYN', '4,99 BYN', '0,05 RUB', '0,00 BYN']);
    expect(t.unopened(3)).toBe('Неоткрытых: 3');
    expect([t.toGuarantee(1), t.toGuarantee(4)]).toEqual(['Следующая коробка — с гарантированным призом', 'До гарантированного приза: 4']);
    expect([t.buyCaption(2, 1), t.buyCaption(1, 0)]).toEqual(['2 шт. + 1 в подарок', '1 шт.']);
    expect([t.chance(12.5), t.chance(100), t.chancesSum(50.25)]).toEqual(['12,5 %', '100 %', 'Сумма шансов: 50,25 %']);
    expect(t.every(5)).toBe('каждая 5-я');
    expect(t.selectBox('Золотая')).toBe('Выбрать коробку «Золотая»');
    expect([t.selected(2), t.bulkSaved(2), t.bulkDeleteText(2)]).toEqual(['Выбрано коробок: 2', 'Изменено коробок: 2', 'Будет удалено коробок: 2. Это нельзя отменить.']);
    expect(t.deleteText('Кружка')).toBe('«Кружка» будет удалён без возможности восстановления.');
    expect(t.deletedPrize('Кружка')).toBe('Кружка (удалён)');
  });
});
