import { beforeEach, describe, expect, it } from 'vitest';
import type { StudentQuestion } from './learning-api.ts';
import { clearSavedDrafts, loadSavedDrafts, saveDrafts } from './saved-drafts.ts';
import type { Drafts } from './test-answers.ts';

const option = (answer_id: number) => ({ answer_id, body: String(answer_id), picture: null });
const question = (question_id: number, question_type: StudentQuestion['question_type'], answers: number[] = [], own: Partial<StudentQuestion> = {}): StudentQuestion => ({
  question_id,
  question_type,
  multiple_answer: question_type === 'multiple',
  body: '',
  picture: null,
  answers: answers.map(option),
  ...own,
});

const QUESTIONS = [
  question(1, 'single', [11, 12]),
  question(2, 'multiple', [21, 22]),
  question(3, 'text'),
  question(4, 'number'),
  question(5, 'order', [51, 52]),
  question(6, 'match', [61, 62], { match_options: [{ id: 91, body: '' }] }),
];
const KEY = 'ch-test-answers|Alpha|7';
const store = (value: unknown) => sessionStorage.setItem(KEY, JSON.stringify(value));

beforeEach(() => sessionStorage.clear());

describe('saved test drafts', () => {
  it('gives back every kind of draft that still fits its question', () => {
    const drafts: Drafts = {
      1: { kind: 'choice', ids: [12] },
      2: { kind: 'choice', ids: [21, 22] },
      3: { kind: 'text', text: 'Москва' },
      4: { kind: 'number', raw: '2,5' },
      5: { kind: 'order', ids: [52, 51] },
      6: { kind: 'match', pairs: { 61: 91 } },
    };
    saveDrafts(KEY, drafts);
    expect(loadSavedDrafts(KEY, QUESTIONS)).toEqual(drafts);
    clearSavedDrafts(KEY);
    expect(loadSavedDrafts(KEY, QUESTIONS)).toEqual({});
  });

  it('drops what does not fit: another kind, unknown ids, two answers to a one-answer question, a partial order, questions not in the attempt', () => {
    store({
      1: { kind: 'choice', ids: [11, 12] },
      2: { kind: 'choice', ids: [29] },
      3: { kind: 'number', raw: '1' },
      4: { kind: 'number', raw: 4 },
      5: { kind: 'order', ids: [51] },
      6: { kind: 'match', pairs: { 61: 99 } },
      7: { kind: 'text', text: 'лишний' },
    });
    expect(loadSavedDrafts(KEY, QUESTIONS)).toEqual({});
  });

  it('reads nothing from broken or foreign storage', () => {
    sessionStorage.setItem(KEY, '{not json');
    expect(loadSavedDrafts(KEY, QUESTIONS)).toEqual({});
    store([1, 2]);
    expect(loadSavedDrafts(KEY, QUESTIONS)).toEqual({});
    store(null);
    expect(loadSavedDrafts(KEY, QUESTIONS)).toEqual({});
  });
});
