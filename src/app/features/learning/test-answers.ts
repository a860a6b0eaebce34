import type { GivenAnswer, StudentQuestion } from './learning-api.ts';

/**
 * What the student has put into one question so far, by its type. Only the answer is kept here:
 * the grade is the server's (POST usertest/), and the questions carry no key.
 */
export type Draft =
  | { kind: 'choice'; ids: number[] }
  | { kind: 'text'; text: string }
  /** As typed: '3,5' is read as 3.5 when sent. */
  | { kind: 'number'; raw: string }
  /** The items' ids in the order the student set (at first the order they were given in). */
  | { kind: 'order'; ids: number[] }
  /** Item (answer) id → chosen match option id. */
  | { kind: 'match'; pairs: Record<number, number> };

export type Drafts = Readonly<Record<number, Draft>>;

/** The empty draft of a question; an ordering starts in the order the server gave. */
export function initialDraft(question: StudentQuestion): Draft {
  switch (question.question_type) {
    case 'single':
    case 'multiple':
      return { kind: 'choice', ids: [] };
    case 'text':
      return { kind: 'text', text: '' };
    case 'number':
      return { kind: 'number', raw: '' };
    case 'order':
      return { kind: 'order', ids: question.answers.map((answer) => answer.answer_id) };
    case 'match':
      return { kind: 'match', pairs: {} };
    default:
      // A type this page does not know: the server sends it as stored, with no answers, and grades it as an empty choice.
      return { kind: 'choice', ids: [] };
  }
}

export const draftOf = (question: StudentQuestion, drafts: Drafts): Draft => drafts[question.question_id] ?? initialDraft(question);

/** A number as a person types it: '12', '-3,5', '1 000'; null when it is not one. */
export function parseNumber(raw: string): number | null {
  const text = raw.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** One-answer questions keep a single id; several-answer ones toggle it. */
export function toggleChoice(question: StudentQuestion, draft: Draft, id: number, checked: boolean): Draft {
  const ids = draft.kind === 'choice' ? draft.ids : [];
  if (question.question_type === 'single') return { kind: 'choice', ids: checked ? [id] : [] };
  const rest = ids.filter((one) => one !== id);
  return { kind: 'choice', ids: checked ? [...rest, id] : rest };
}

/** The ids with the one at `index` moved by `delta` places (kept inside the list). */
export function moveItem(ids: readonly number[], index: number, delta: number): number[] {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item!);
  return next;
}

/**
 * The answer to send for a question, or null when there is nothing to send. An ordering always
 * has one (its current order), and so does a several-answer question (maybe none chosen); a
 * matching sends the pairs chosen so far.
 */
export function givenAnswer(question: StudentQuestion, draft: Draft): GivenAnswer | null {
  const id = question.question_id;
  switch (draft.kind) {
    case 'choice':
      // A several-answer question may rightly be answered by choosing none (the server grades it so).
      return draft.ids.length || question.question_type === 'multiple' ? { question: id, answers: [...draft.ids] } : null;
    case 'text':
      return draft.text.trim() ? { question: id, text: draft.text.trim() } : null;
    case 'number': {
      const value = parseNumber(draft.raw);
      return value === null ? null : { question: id, number: value };
    }
    case 'order':
      return draft.ids.length ? { question: id, order: [...draft.ids] } : null;
    case 'match': {
      const pairs = question.answers.flatMap((answer): [number, number][] => {
        const match = draft.pairs[answer.answer_id];
        return match === undefined ? [] : [[answer.answer_id, match]];
      });
      return pairs.length ? { question: id, pairs } : null;
    }
  }
}

/** Whether the student has answered the question: a choice needs one chosen, a matching every item paired. */
export function isAnswered(question: StudentQuestion, draft: Draft): boolean {
  if (draft.kind === 'choice') return draft.ids.length > 0;
  if (draft.kind === 'match') return question.answers.length > 0 && question.answers.every((answer) => draft.pairs[answer.answer_id] !== undefined);
  return givenAnswer(question, draft) !== null;
}

/** The usertest/ body's answers: one per answered question, in the test's order. */
export function answersPayload(questions: readonly StudentQuestion[], drafts: Drafts): GivenAnswer[] {
  return questions.flatMap((question) => {
    const answer = givenAnswer(question, draftOf(question, drafts));
    return answer ? [answer] : [];
  });
}

export const unansweredCount = (questions: readonly StudentQuestion[], drafts: Drafts): number =>
  questions.filter((question) => !isAnswered(question, draftOf(question, drafts))).length;
