import { describe, expect, it } from 'vitest';
import { HOMEWORK_STATUS_CODES, homeworkStatusLabel, isAcceptedHomeworkStatus, isHomeworkStatusCode } from './homework-status.ts';

describe('homeworkStatusLabel', () => {
  it.each([
    ['pending', 'Ждет проверки'],
    ['revision', 'На доработке'],
    ['rejected', 'Отклонено'],
    ['accepted', 'Принято'],
    ['auto_check', 'Автопроверка'],
  ])('%s → %s', (code, label) => {
    expect(homeworkStatusLabel(code)).toBe(label);
  });

  it('labels every code, each differently', () => {
    const labels = HOMEWORK_STATUS_CODES.map(homeworkStatusLabel);
    expect(new Set(labels).size).toBe(HOMEWORK_STATUS_CODES.length);
  });

  it('shows an unknown code as it is', () => {
    expect(homeworkStatusLabel('lost')).toBe('lost');
    expect(isHomeworkStatusCode('lost')).toBe(false);
    expect(isHomeworkStatusCode(1)).toBe(false);
    expect(isHomeworkStatusCode('accepted')).toBe(true);
  });
});

describe('isAcceptedHomeworkStatus', () => {
  it('is true for a teacher\'s acceptance and the automatic one only', () => {
    expect(HOMEWORK_STATUS_CODES.filter(isAcceptedHomeworkStatus)).toEqual(['accepted', 'auto_check']);
  });
});
