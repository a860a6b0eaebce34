import { describe, expect, it } from 'vitest';
import { readRightAnswers } from './test-right-answers.ts';

describe('readRightAnswers', () => {
  it('reads each type of right answer the server sends and drops what it cannot read', () => {
    expect(readRightAnswers(undefined)).toBeNull();
    expect(
      readRightAnswers([
        { question: 1, correct: true, points: 1, answers: [10] },
        { question: 2, correct: false, points: 0, texts: ['Москва'] },
        { question: 3, correct: false, ranges: [{ from: 1, to: 2 }] },
        { question: 4, order: [3, 1, 2] },
        { question: 5, correct: true, pairs: [[1, 9]] },
        { question: 6, mystery: true },
        { question: 'x', answers: [1] },
        { question: 7, ranges: [{ from: 'a' }] },
        'nonsense',
      ]),
    ).toEqual([
      { question: 1, correct: true, answers: [10] },
      { question: 2, correct: false, texts: ['Москва'] },
      { question: 3, correct: false, ranges: [{ from: 1, to: 2 }] },
      { question: 4, correct: null, order: [3, 1, 2] },
      { question: 5, correct: true, pairs: [[1, 9]] },
    ]);
  });
});
