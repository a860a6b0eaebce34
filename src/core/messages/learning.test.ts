import { describe, expect, it } from 'vitest';
import { learningMessages as t } from './learning.ts';

describe('learningMessages', () => {
  it('says how many days of access are left, the verb and the noun agreeing with the number', () => {
    expect(t.remaining(1)).toBe('Остался 1 день');
    expect(t.remaining(3)).toBe('Осталось 3 дня');
    expect(t.remaining(5)).toBe('Осталось 5 дней');
    expect(t.remaining(11)).toBe('Осталось 11 дней');
    expect(t.remaining(21)).toBe('Остался 21 день');
    expect(t.remaining(104)).toBe('Осталось 104 дня');
  });

  it('writes progress, percent, the opening date and a duration', () => {
    expect(t.progressOf(3, 10)).toBe('3 из 10');
    expect(t.percent(40)).toBe('40%');
    expect(t.opensAt('5 марта 2026 г. в 10:00')).toBe('Урок откроется 5 марта 2026 г. в 10:00');
    expect(t.duration(90)).toBe('90 минут');
    expect(t.duration(1)).toBe('1 минута');
  });

  it("keeps the server's refusals word for word", () => {
    expect(t.courseClosed).toBe('Доступ к курсу временно заблокирован. Обратитесь к администратору');
    expect(t.accessExpired).toBe('Срок доступа к курсу истек.');
  });
});
