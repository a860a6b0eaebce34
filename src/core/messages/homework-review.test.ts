import { describe, expect, it } from 'vitest';
import { homeworkReviewMessages as t } from './homework-review.ts';

describe('homework review messages', () => {
  it('names a row and counts what was found', () => {
    expect(t.openLabel('Анна Иванова', 'Калькулятор')).toBe('Открыть работу: Анна Иванова, «Калькулятор»');
    expect(t.found(42)).toBe('Найдено: 42');
  });

  it('offers the three decisions of a reviewer', () => {
    expect(Object.keys(t.decisions)).toEqual(['revision', 'rejected', 'accepted']);
  });
});
