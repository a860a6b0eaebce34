import { describe, expect, it } from 'vitest';
import { statisticsMessages } from './statistics.ts';

describe('statistics messages', () => {
  const t = statisticsMessages.studentsTable;

  it('counts the students found, and the rows when a student has several', () => {
    expect(t.found(42, 42)).toBe('Найдено учеников: 42');
    expect(t.found(42, 45)).toBe('Найдено учеников: 42 (строк: 45)');
  });

  it("names a column's sort and move buttons", () => {
    expect(t.sortBy('Имя')).toBe('Сортировать по столбцу «Имя»');
    expect(t.moveUp('Email')).toBe('Поднять столбец «Email»');
    expect(t.moveDown('Email')).toBe('Опустить столбец «Email»');
  });
});
