import { describe, expect, it } from 'vitest';
import { gradeAttempt, normalizeText, type AnswerKey, type KeyedQuestion } from './grading.ts';

const rules = { pointsPerAnswer: 2, successPercent: 50 };
/** Whether `entry` answers a question with `key` right (the only question of the attempt). */
const right = (key: AnswerKey, entry: unknown) => gradeAttempt([{ id: 7, key }], [entry], rules).results[0]!.correct;

describe('normalizeText', () => {
  it('trims, collapses whitespace, lowers the case and reads ё as е', () => {
    expect(normalizeText('  Ёлка \t  и\nЁЖИК ')).toBe('елка и ежик');
    expect(normalizeText('Ёлка', true)).toBe('Елка');
    // "е" followed by a combining diaeresis is "ё" once composed.
    expect(normalizeText('е\u0308ж')).toBe('еж');
    expect(normalizeText('a\u00a0b')).toBe('a b');
  });
});

describe('single and multiple choice', () => {
  const single: AnswerKey = { type: 'single', correct: [11] };
  const multiple: AnswerKey = { type: 'multiple', correct: [11, 13] };

  it('takes exactly the right answer', () => {
    expect(right(single, { question: 7, answers: [11] })).toBe(true);
    expect(right(single, { question: 7, answers: [12] })).toBe(false);
    expect(right(single, { question: 7, answers: [11, 12] })).toBe(false);
    expect(right(single, { question: 7, answers: [] })).toBe(false);
    // Duplicates are one choice.
    expect(right(single, { question: 7, answers: [11, 11] })).toBe(true);
  });

  it('takes exactly the right set, in any order', () => {
    expect(right(multiple, { question: 7, answers: [13, 11] })).toBe(true);
    expect(right(multiple, { question: 7, answers: [11, 13, 11] })).toBe(true);
    expect(right(multiple, { question: 7, answers: [11] })).toBe(false);
    expect(right(multiple, { question: 7, answers: [11, 12, 13] })).toBe(false);
  });

  it('counts an answer of another question as wrong', () => {
    expect(right(multiple, { question: 7, answers: [11, 13, 999] })).toBe(false);
  });

  it('answers a multiple question without right answers by choosing none; a single one without is unanswerable', () => {
    expect(right({ type: 'multiple', correct: [] }, { question: 7, answers: [] })).toBe(true);
    expect(right({ type: 'multiple', correct: [] }, { question: 7, answers: [1] })).toBe(false);
    expect(right({ type: 'single', correct: [] }, { question: 7, answers: [] })).toBe(false);
  });

  it('refuses forged shapes', () => {
    for (const entry of [
      { question: 7, answers: '11' },
      { question: 7, answers: [11.5] },
      { question: 7, answers: ['11'] },
      { question: 7, answers: [null] },
      { question: 7, answers: { 0: 11, length: 1 } },
      { question: 7, text: '11' },
      { question: 7, number: 11 },
      { question: 7 },
    ]) {
      expect(right(single, entry)).toBe(false);
    }
  });
});

describe('free text', () => {
  const key: AnswerKey = { type: 'text', accepted: ['Москва', 'г. Москва'], caseSensitive: false };

  it('compares trimmed, case-insensitive, ё as е, whitespace collapsed', () => {
    expect(right(key, { question: 7, text: '  москва ' })).toBe(true);
    expect(right(key, { question: 7, text: 'МОСКВА' })).toBe(true);
    expect(right(key, { question: 7, text: 'г.   Москва' })).toBe(true);
    expect(right(key, { question: 7, text: 'Петербург' })).toBe(false);
    expect(right({ type: 'text', accepted: ['Ёж'], caseSensitive: false }, { question: 7, text: 'еж' })).toBe(true);
    expect(right({ type: 'text', accepted: ['еж'], caseSensitive: false }, { question: 7, text: 'Ёж' })).toBe(true);
  });

  it('respects a case-sensitive question', () => {
    const strict: AnswerKey = { type: 'text', accepted: ['NaCl'], caseSensitive: true };
    expect(right(strict, { question: 7, text: ' NaCl ' })).toBe(true);
    expect(right(strict, { question: 7, text: 'nacl' })).toBe(false);
  });

  it('never takes empty text, even against an empty accepted answer', () => {
    expect(right(key, { question: 7, text: '   ' })).toBe(false);
    expect(right({ type: 'text', accepted: [' '], caseSensitive: false }, { question: 7, text: '' })).toBe(false);
    expect(right({ type: 'text', accepted: [], caseSensitive: false }, { question: 7, text: 'что угодно' })).toBe(false);
  });

  it('refuses forged shapes', () => {
    expect(right(key, { question: 7, text: ['Москва'] })).toBe(false);
    expect(right(key, { question: 7, text: null })).toBe(false);
    expect(right(key, { question: 7, answers: [1] })).toBe(false);
  });
});

describe('number', () => {
  const key: AnswerKey = { type: 'number', ranges: [[3, 3], [10, 20]], wholeOnly: false };

  it('takes a number within any range, ends included', () => {
    for (const n of [3, 10, 15.5, 20]) expect(right(key, { question: 7, number: n })).toBe(true);
    for (const n of [2.999, 4, 9.99, 20.01, -15]) expect(right(key, { question: 7, number: n })).toBe(false);
  });

  it('takes only whole numbers when the question says so', () => {
    const whole: AnswerKey = { type: 'number', ranges: [[10, 20]], wholeOnly: true };
    expect(right(whole, { question: 7, number: 12 })).toBe(true);
    expect(right(whole, { question: 7, number: 12.5 })).toBe(false);
  });

  it('rejects non-finite numbers and other types', () => {
    const wide: AnswerKey = { type: 'number', ranges: [[-Infinity, Infinity]], wholeOnly: false };
    for (const n of [NaN, Infinity, -Infinity]) expect(right(wide, { question: 7, number: n })).toBe(false);
    expect(right(key, { question: 7, number: '3' })).toBe(false);
    expect(right(key, { question: 7, number: [3] })).toBe(false);
    expect(right(key, { question: 7, text: '3' })).toBe(false);
  });
});

describe('order', () => {
  const key: AnswerKey = { type: 'order', order: [5, 3, 9] };

  it('takes exactly the right order', () => {
    expect(right(key, { question: 7, order: [5, 3, 9] })).toBe(true);
    expect(right(key, { question: 7, order: [3, 5, 9] })).toBe(false);
    expect(right(key, { question: 7, order: [5, 3] })).toBe(false);
    expect(right(key, { question: 7, order: [5, 3, 9, 1] })).toBe(false);
    expect(right(key, { question: 7, order: [] })).toBe(false);
  });

  it('reads a repeated item once, and never takes an empty key', () => {
    expect(right(key, { question: 7, order: [5, 5, 3, 9] })).toBe(true);
    expect(right(key, { question: 7, order: [5, 3, 3] })).toBe(false);
    expect(right({ type: 'order', order: [] }, { question: 7, order: [] })).toBe(false);
  });

  it('refuses forged shapes', () => {
    expect(right(key, { question: 7, order: '5,3,9' })).toBe(false);
    expect(right(key, { question: 7, order: [5, '3', 9] })).toBe(false);
    expect(right(key, { question: 7, answers: [5, 3, 9] })).toBe(false);
  });
});

describe('match', () => {
  const key: AnswerKey = { type: 'match', pairs: [[1, 20], [2, 10], [3, 20]] };

  it('takes every pair right, in any order, a match shared by several items included', () => {
    expect(right(key, { question: 7, pairs: [[3, 20], [1, 20], [2, 10]] })).toBe(true);
    expect(right(key, { question: 7, pairs: [[1, 20], [2, 10], [3, 20], [1, 20]] })).toBe(true);
  });

  it('counts a missing, wrong, conflicting or foreign pair as wrong', () => {
    expect(right(key, { question: 7, pairs: [[1, 20], [2, 10]] })).toBe(false);
    expect(right(key, { question: 7, pairs: [[1, 10], [2, 20], [3, 20]] })).toBe(false);
    expect(right(key, { question: 7, pairs: [[1, 20], [1, 10], [2, 10], [3, 20]] })).toBe(false);
    expect(right(key, { question: 7, pairs: [[1, 20], [2, 10], [3, 20], [99, 20]] })).toBe(false);
    expect(right({ type: 'match', pairs: [] }, { question: 7, pairs: [] })).toBe(false);
  });

  it('refuses forged shapes', () => {
    for (const pairs of ['1:20', [[1, 20, 3]], [[1]], [[1, '20']], [{ 0: 1, 1: 20 }], [null]]) {
      expect(right(key, { question: 7, pairs })).toBe(false);
    }
  });
});

describe('gradeAttempt', () => {
  const questions: KeyedQuestion[] = [
    { id: 1, key: { type: 'single', correct: [11] } },
    { id: 2, key: { type: 'text', accepted: ['да'], caseSensitive: false } },
    { id: 3, key: { type: 'number', ranges: [[1, 1]], wholeOnly: true } },
  ];

  it('counts points per question, the percent with 2 decimals and passes at the success percent', () => {
    const grade = gradeAttempt(questions, [{ question: 1, answers: [11] }, { question: 2, text: 'Да' }, { question: 3, number: 2 }], { pointsPerAnswer: 5, successPercent: 66 });
    expect(grade).toMatchObject({ points: 10, maxPoints: 15, percent: 66.67, passed: true });
    expect(grade.results).toEqual([
      { question: 1, correct: true, points: 5, answers: [11] },
      { question: 2, correct: true, points: 5, texts: ['да'] },
      { question: 3, correct: false, points: 0, ranges: [{ from: 1, to: 1 }] },
    ]);
    // 66.67 % does not reach 67 %.
    expect(gradeAttempt(questions, [{ question: 1, answers: [11] }, { question: 2, text: 'да' }], { pointsPerAnswer: 5, successPercent: 67 }).passed).toBe(false);
  });

  it('passes at exactly the success percent', () => {
    expect(gradeAttempt(questions.slice(0, 2), [{ question: 1, answers: [11] }], { pointsPerAnswer: 1, successPercent: 50 })).toMatchObject({ percent: 50, passed: true });
  });

  it('ignores entries for questions outside the attempt and every entry after the first for a question', () => {
    const grade = gradeAttempt(
      questions,
      [{ question: 1, answers: [12] }, { question: 1, answers: [11] }, { question: 99, answers: [11] }, { question: 2, text: 'да' }, { question: 2, text: 'нет' }],
      rules,
    );
    expect(grade.results.map((r) => r.correct)).toEqual([false, true, false]);
    expect(grade).toMatchObject({ points: 2, maxPoints: 6, percent: 33.33, passed: false });
  });

  it('reads nothing from a malformed submission', () => {
    for (const submitted of [null, undefined, 'answers', 42, { question: 1, answers: [11] }, [null, 1, 'x', [1], { question: '1', answers: [11] }, { question: 1.5 }]]) {
      expect(gradeAttempt(questions, submitted, rules)).toMatchObject({ points: 0, maxPoints: 6, percent: 0, passed: false });
    }
  });

  it('takes no score the client sends', () => {
    const grade = gradeAttempt(questions, Object.assign([{ question: 1, answers: [12], success_percent: 100, points: 100 }], { success_percent: 100 }), rules);
    expect(grade).toMatchObject({ points: 0, percent: 0, passed: false });
  });

  it('scores 0 points per answer by questions all the same, and a test without questions as 0 %', () => {
    expect(gradeAttempt(questions, [{ question: 1, answers: [11] }, { question: 2, text: 'да' }], { pointsPerAnswer: 0, successPercent: 60 })).toMatchObject({ points: 0, maxPoints: 0, percent: 66.67, passed: true });
    expect(gradeAttempt([], [], { pointsPerAnswer: 1, successPercent: 0 })).toMatchObject({ points: 0, maxPoints: 0, percent: 0, passed: true, results: [] });
    expect(gradeAttempt([], [], { pointsPerAnswer: 1, successPercent: 1 })).toMatchObject({ percent: 0, passed: false });
  });

  it('gives 100 % for every question right', () => {
    expect(gradeAttempt(questions, [{ question: 3, number: 1 }, { question: 2, text: ' ДА ' }, { question: 1, answers: [11] }], { pointsPerAnswer: 1, successPercent: 100 })).toMatchObject({ points: 3, percent: 100, passed: true });
  });
});
