import { createHmac } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { answers, questions } from '../courses/index.ts';
import type { AnswerKey, KeyedQuestion } from './grading.ts';

/**
 * An attempt's questions as the student sees them, and their answer key, built together so that
 * both name the same ids. The student's view carries no key (reference §5.2, defect 6): no
 * is_correct, no accepted texts or numbers (text and number questions show no answers at all), no
 * pairs and no right order. So that ids reveal nothing either:
 * - 'order' items are shown shuffled (never in their right order: orderShown) and named 1..n by their place
 *   on screen, since answer ids follow the order the editor typed them in, often the right one;
 * - 'match' options (the right sides) are the distinct `match_body` texts, shuffled and named 1..k
 *   by place; several items may share an option.
 * Shuffles are fixed per attempt (an HMAC of the attempt, question and item under a key derived
 * from the server secret), so a reload shows the same order and grading finds the same names,
 * with nothing stored; random_answers shuffles choice and match items the same way.
 */

type QuestionRow = typeof questions.$inferSelect;
type AnswerRow = typeof answers.$inferSelect;

export interface LoadedQuestion {
  row: QuestionRow;
  answers: AnswerRow[];
}

export interface StudentAnswer {
  answer_id: number;
  body: string;
  picture: string | null;
}

export interface StudentQuestion {
  question_id: number;
  question_type: string;
  multiple_answer: boolean;
  body: string;
  picture: string | null;
  answers: StudentAnswer[];
  match_options?: { id: number; body: string }[];
}

export interface PresentedQuestion extends KeyedQuestion {
  view: StudentQuestion;
}

/**
 * The questions with these ids and their answers, in the order of `ids` (questions deleted since
 * are left out): one query.
 */
export async function loadQuestions(db: Db, ids: readonly number[]): Promise<LoadedQuestion[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ question: questions, answer: answers })
    .from(questions)
    .leftJoin(answers, eq(answers.questionId, questions.id))
    .where(inArray(questions.id, [...ids]))
    .orderBy(asc(questions.id), asc(answers.order), asc(answers.id));
  const byId = new Map<number, LoadedQuestion>();
  for (const { question, answer } of rows) {
    let entry = byId.get(question.id);
    if (!entry) byId.set(question.id, (entry = { row: question, answers: [] }));
    if (answer) entry.answers.push(answer);
  }
  return [...new Set(ids)].flatMap((id) => {
    const entry = byId.get(id);
    return entry ? [entry] : [];
  });
}

const keys = new Map<string, Buffer>();
function shuffleKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= 4) keys.delete(keys.keys().next().value!);
    keys.set(secret, (key = createHmac('sha256', secret).update('coursehub test attempt shuffles v1').digest()));
  }
  return key;
}

export interface PresentOptions {
  secret: string;
  attemptId: number;
  randomAnswers: boolean;
}

/** The attempt's fixed order of `items` (named by `name`) within one question. */
function fixedShuffle<T>(options: PresentOptions, questionId: number, label: string, items: readonly T[], name: (item: T) => string): T[] {
  const key = shuffleKey(options.secret);
  const rank = (item: T) => createHmac('sha256', key).update(`${options.attemptId}:${questionId}:${label}:${name(item)}`).digest('hex');
  return items
    .map((item) => ({ item, rank: rank(item) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .map((entry) => entry.item);
}

/** Reshuffles before giving up: 2^-16 of two-item questions (fewer of longer ones) get that far. */
const MAX_ORDER_ROUNDS = 16;

/**
 * An order question's items as shown: never in their right order, which would be the answer, and
 * otherwise every order equally likely (shuffled again, under another label, while the shuffle
 * comes out right; moving an item instead would make that one order twice as common, a hint).
 * Two items have one other order, so they are always shown swapped and reversing them always
 * scores. That is fine: two items give the answer away however they are shown (in the right order
 * it needs no move at all), so such a question tests nothing whatever we do; an order worth asking
 * has three items or more.
 */
function orderShown(options: PresentOptions, questionId: number, right: readonly AnswerRow[]): AnswerRow[] {
  const isRight = (items: AnswerRow[]) => items.every((a, i) => a.id === right[i]!.id);
  let onScreen = fixedShuffle(options, questionId, 'order', right, (a) => String(a.id));
  for (let round = 1; right.length > 1 && isRight(onScreen); round++) {
    // Reached in practice never; the rotation keeps the bound without ever showing the right order.
    if (round === MAX_ORDER_ROUNDS) return [...right.slice(1), right[0]!];
    onScreen = fixedShuffle(options, questionId, `order:${round}`, right, (a) => String(a.id));
  }
  return onScreen;
}

const shown = (answer: AnswerRow): StudentAnswer => ({ answer_id: answer.id, body: answer.body, picture: answer.picture });
const settingOf = (row: QuestionRow, name: 'caseSensitive' | 'onlyWholeNumbers'): boolean => ((row.settings ?? {}) as Record<string, unknown>)[name] === true;

/** One question's view and key. */
function present(question: LoadedQuestion, options: PresentOptions): PresentedQuestion {
  const { row } = question;
  const view: StudentQuestion = { question_id: row.id, question_type: row.type, multiple_answer: row.type === 'multiple', body: row.body, picture: row.picture, answers: [] };
  const maybeShuffled = (items: AnswerRow[]) => (options.randomAnswers ? fixedShuffle(options, row.id, 'answers', items, (a) => String(a.id)) : items);
  let key: AnswerKey;
  switch (row.type) {
    case 'single':
    case 'multiple':
      view.answers = maybeShuffled(question.answers).map(shown);
      key = { type: row.type, correct: question.answers.filter((a) => a.isCorrect).map((a) => a.id) };
      break;
    case 'text':
      key = { type: 'text', accepted: question.answers.map((a) => a.body), caseSensitive: settingOf(row, 'caseSensitive') };
      break;
    case 'number':
      key = {
        type: 'number',
        ranges: question.answers.flatMap((a): [number, number][] => (a.fromNumber === null || a.toNumber === null ? [] : [[Number(a.fromNumber), Number(a.toNumber)]])),
        wholeOnly: settingOf(row, 'onlyWholeNumbers'),
      };
      break;
    case 'order': {
      const right = question.answers;
      const onScreen = orderShown(options, row.id, right);
      const place = new Map(onScreen.map((a, i) => [a.id, i + 1]));
      view.answers = onScreen.map((a, i) => ({ answer_id: i + 1, body: a.body, picture: a.picture }));
      key = { type: 'order', order: right.map((a) => place.get(a.id)!) };
      break;
    }
    case 'match': {
      const items = question.answers.filter((a) => a.matchBody !== null);
      const bodies = fixedShuffle(options, row.id, 'match', [...new Set(items.map((a) => a.matchBody!))], (body) => body);
      const optionId = new Map(bodies.map((body, i) => [body, i + 1]));
      view.answers = maybeShuffled(items).map(shown);
      view.match_options = bodies.map((body, i) => ({ id: i + 1, body }));
      key = { type: 'match', pairs: items.map((a): [number, number] => [a.id, optionId.get(a.matchBody!)!]) };
      break;
    }
    default:
      // A type this code does not know cannot be answered.
      key = { type: 'single', correct: [] };
  }
  return { id: row.id, view, key };
}

export function presentQuestions(loaded: readonly LoadedQuestion[], options: PresentOptions): PresentedQuestion[] {
  return loaded.map((question) => present(question, options));
}
