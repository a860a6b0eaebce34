import { describe, expect, it } from 'vitest';
import { plural } from '../plural.ts';
import { ratingMessages as t } from './rating.ts';

describe('rating messages', () => {
  it('names the table by its ranking and counts with the three plural forms', () => {
    expect(t.tableCaption(true)).toBe('Рейтинг учеников по пройденным занятиям');
    expect(t.tableCaption(false)).toBe('Рейтинг учеников по доступным курсам');
    expect(t.placeText(2)).toBe('2 место');
    expect(plural(1, t.lessonsForms)).toBe('1 занятие пройдено');
    expect(plural(3, t.lessonsForms)).toBe('3 занятия пройдено');
    expect(plural(11, t.lessonsForms)).toBe('11 занятий пройдено');
    expect(plural(21, t.coursesForms)).toBe('21 курс доступен');
    expect(plural(2, t.coursesForms)).toBe('2 курса доступно');
    expect(plural(5, t.coursesForms)).toBe('5 курсов доступно');
  });
});
