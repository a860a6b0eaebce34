import { describe, expect, it } from 'vitest';
import type { StudentQuestion } from './learning-api.ts';
import { answersPayload, draftOf, givenAnswer, initialDraft, isAnswered, moveItem, parseNumber, toggleChoice, unansweredCount } from './test-answers.ts';

const question = (id: number, type: StudentQuestion['question_type'], answerIds: number[] = [], matchIds: number[] = []): StudentQuestion => ({
  question_id: id,
  question_type: type,
  multiple_answer: type === 'multiple',
  body: `<p>Вопрос ${id}</p>`,
  picture: null,
  answers: answerIds.map((answer_id) => ({ answer_id, body: `Ответ ${answer_id}`, picture: null })),
  ...(type === 'match' ? { match_options: matchIds.map((mid) => ({ id: mid, body: `Пара ${mid}` })) } : {}),
});

describe('test answers', () => {
  it('reads numbers as people type them', () => {
    expect(parseNumber('12')).toBe(12);
    expect(parseNumber(' -3,5 ')).toBe(-3.5);
    expect(parseNumber('1 000')).toBe(1000);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('12abc')).toBeNull();
    expect(parseNumber('1e5')).toBeNull();
  });

  it('keeps one choice for a one-answer question and toggles several for a several-answer one', () => {
    const single = question(1, 'single', [10, 11]);
    let draft = initialDraft(single);
    draft = toggleChoice(single, draft, 10, true);
    draft = toggleChoice(single, draft, 11, true);
    expect(givenAnswer(single, draft)).toEqual({ question: 1, answers: [11] });
    expect(givenAnswer(single, toggleChoice(single, draft, 11, false))).toBeNull();

    const multiple = question(2, 'multiple', [20, 21, 22]);
    let many = toggleChoice(multiple, initialDraft(multiple), 20, true);
    many = toggleChoice(multiple, many, 22, true);
    many = toggleChoice(multiple, many, 20, false);
    expect(givenAnswer(multiple, many)).toEqual({ question: 2, answers: [22] });
    // None chosen may be the right answer of a several-answer question: it is sent, but counts as unanswered.
    expect(givenAnswer(multiple, initialDraft(multiple))).toEqual({ question: 2, answers: [] });
    expect(isAnswered(multiple, initialDraft(multiple))).toBe(false);
  });

  it('sends text trimmed, numbers parsed, an order as it stands and the pairs chosen', () => {
    const text = question(3, 'text');
    expect(givenAnswer(text, { kind: 'text', text: '  Москва ' })).toEqual({ question: 3, text: 'Москва' });
    expect(givenAnswer(text, { kind: 'text', text: '   ' })).toBeNull();

    const number = question(4, 'number');
    expect(givenAnswer(number, { kind: 'number', raw: '2,5' })).toEqual({ question: 4, number: 2.5 });
    expect(givenAnswer(number, { kind: 'number', raw: 'два' })).toBeNull();

    const order = question(5, 'order', [50, 51, 52]);
    expect(initialDraft(order)).toEqual({ kind: 'order', ids: [50, 51, 52] });
    expect(givenAnswer(order, { kind: 'order', ids: moveItem([50, 51, 52], 2, -1) })).toEqual({ question: 5, order: [50, 52, 51] });

    const match = question(6, 'match', [60, 61], [90, 91]);
    expect(givenAnswer(match, { kind: 'match', pairs: {} })).toBeNull();
    expect(givenAnswer(match, { kind: 'match', pairs: { 61: 90 } })).toEqual({ question: 6, pairs: [[61, 90]] });
    expect(isAnswered(match, { kind: 'match', pairs: { 61: 90 } })).toBe(false);
    expect(isAnswered(match, { kind: 'match', pairs: { 60: 91, 61: 90 } })).toBe(true);
    expect(givenAnswer(match, { kind: 'match', pairs: { 60: 91, 61: 90 } })).toEqual({ question: 6, pairs: [[60, 91], [61, 90]] });
  });

  it('moves items inside the list only', () => {
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('builds the body from the answered questions in the test order and counts the rest', () => {
    const questions = [question(1, 'single', [10]), question(3, 'text'), question(5, 'order', [50, 51])];
    const drafts = { 3: { kind: 'text', text: 'ответ' } } as const;
    expect(answersPayload(questions, drafts)).toEqual([
      { question: 3, text: 'ответ' },
      { question: 5, order: [50, 51] },
    ]);
    expect(unansweredCount(questions, drafts)).toBe(1);
    expect(draftOf(questions[0]!, drafts)).toEqual({ kind: 'choice', ids: [] });
  });
});
