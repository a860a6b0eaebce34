import { describe, expect, it } from 'vitest';
import { presentQuestions, type LoadedQuestion, type PresentOptions } from './attempt-questions.ts';

/** An order question whose right order is b0, b1, … (its answers as loaded: by their order). */
function orderQuestion(items: number, id = 7): LoadedQuestion {
  const answers = Array.from({ length: items }, (_, i) => ({ id: 100 + items - i, questionId: id, body: `b${i}`, picture: null, order: i, isCorrect: false, fromNumber: null, toNumber: null, matchBody: null }));
  return { row: { id, type: 'order', body: 'Расставьте по порядку', picture: null, settings: {} }, answers } as unknown as LoadedQuestion;
}

const options = (attemptId: number, secret = 'seed-secret'): PresentOptions => ({ secret, attemptId, randomAnswers: false });
const shownOrder = (question: LoadedQuestion, opts: PresentOptions) => presentQuestions([question], opts)[0]!.view.answers.map((answer) => answer.body).join(',');
const rightOrder = (items: number) => Array.from({ length: items }, (_, i) => `b${i}`).join(',');

describe('an order question as the student sees it', () => {
  it('is never shown in its right order, over many attempts, secrets and sizes', () => {
    for (const secret of ['seed-secret', 'another', 'x'.repeat(64)]) {
      for (let items = 2; items <= 6; items++) {
        for (let attempt = 1; attempt <= 400; attempt++) expect(shownOrder(orderQuestion(items, items), options(attempt, secret)), `${items} items, attempt ${attempt}`).not.toBe(rightOrder(items));
      }
    }
  });

  it('with two items is always swapped', () => {
    for (let attempt = 1; attempt <= 200; attempt++) expect(shownOrder(orderQuestion(2), options(attempt))).toBe('b1,b0');
  });

  it('shows every other order about equally often, so no one order hints at the answer', () => {
    for (const items of [3, 4]) {
      const counts = new Map<string, number>();
      const attempts = 12_000;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        const shown = shownOrder(orderQuestion(items), options(attempt));
        counts.set(shown, (counts.get(shown) ?? 0) + 1);
      }
      const orders = items === 3 ? 5 : 23;
      expect(counts.size).toBe(orders);
      const expected = attempts / orders;
      // A fixed secret makes the counts fixed; a fair shuffle keeps each within 15 % of its share.
      for (const [order, count] of counts) expect(Math.abs(count - expected) / expected, `${order}: ${count}`).toBeLessThan(0.15);
    }
  });

  it('is the same on every reload of the attempt, and its key names the right order', () => {
    const question = orderQuestion(5);
    const [first] = presentQuestions([question], options(42));
    const [again] = presentQuestions([question], options(42));
    expect(again).toEqual(first);
    if (first!.key.type !== 'order') throw new Error('not an order key');
    // The key lists the on-screen names (1..n) in the right order.
    const byName = new Map(first!.view.answers.map((answer) => [answer.answer_id, answer.body]));
    expect(first!.key.order.map((name) => byName.get(name)).join(',')).toBe(rightOrder(5));
  });
});
