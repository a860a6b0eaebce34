import { describe, expect, it } from 'vitest';
import { groupsMessages as t } from './groups.ts';

describe('groupsMessages', () => {
  it('names the seven settings as the product does', () => {
    expect(Object.values(t.settings)).toEqual([
      'Строгий порядок прохождения уроков',
      'Запретить отправку домашних заданий',
      'Сдать домашнее задание, чтобы идти дальше',
      'Сдать тест, чтобы идти дальше',
      'Пройти тест успешно, чтобы идти дальше',
      'Запретить ИИ-помощника',
      'Разрешить скачивание материалов',
    ]);
    expect(t.noTeacher).toBe('Без преподавателя');
  });

  it('agrees numbers with their nouns and names people and groups', () => {
    expect(t.studentsCount(1)).toBe('1 ученик');
    expect(t.studentsCount(3)).toBe('3 ученика');
    expect(t.days(30)).toBe('30 дней');
    expect(t.days(21)).toBe('21 день');
    expect(t.percent(40)).toBe('40%');
    expect(t.addedCount(2)).toBe('Добавлено: 2 ученика');
    expect(t.tooManyEmails(100)).toBe('Не больше 100 адресов за один раз.');
    expect(t.deleted('Поток 1')).toBe('Группа «Поток 1» удалена.');
    expect(t.deleteText('Поток 1')).toContain('«Поток 1»');
    expect(t.created('Поток 2')).toBe('Группа «Поток 2» создана.');
    expect(t.removeLabel('Иванова Анна')).toBe('Удалить из группы: Иванова Анна');
    expect(t.removeText('Иванова Анна', 'Поток 1')).toContain('«Поток 1»');
    expect(t.removed('Иванова Анна')).toContain('Иванова Анна');
    expect(t.moveLabel('А')).toBe('Перевести в другую группу: А');
    expect(t.moveTitle('А')).toBe('Перевести в другую группу: А');
    expect(t.moved('А', 'Поток 2')).toContain('«Поток 2»');
    expect(t.durationLabel('А')).toBe('Срок обучения: А');
    expect(t.durationTitle('А')).toBe('Срок обучения: А');
    expect(t.individualHint('30 дней')).toBe('0 — как у группы (30 дней).');
    expect(t.lessonsLabel('А')).toBe('Доступ к урокам: А');
    expect(t.lessonsTitle('А')).toBe('Доступ к урокам: А');
    expect(t.resetText('А', 'Поток 1')).toContain('«Поток 1»');
    expect(t.opensAt('01.03.2026, 10:00')).toBe('откроется 01.03.2026, 10:00');
  });
});
