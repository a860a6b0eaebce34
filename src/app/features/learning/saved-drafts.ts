import type { StudentQuestion } from './learning-api.ts';
import { initialDraft, type Draft, type Drafts } from './test-answers.ts';

/**
 * A test's answers kept in this tab while it is being taken, so a reload (or a lost connection
 * that reloads the page) does not lose them: the server keeps the open attempt and its questions,
 * and this keeps what was put into them. Session storage: gone with the tab and at logout.
 * Storage is not trusted: a draft is taken back only where it still fits its question.
 */
export function loadSavedDrafts(key: string, questions: readonly StudentQuestion[]): Drafts {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(key) ?? 'null');
  } catch {
    return {};
  }
  if (!stored || typeof stored !== 'object') return {};
  const drafts: Record<number, Draft> = {};
  for (const question of questions) {
    const draft = (stored as Record<string, unknown>)[question.question_id];
    if (fits(question, draft)) drafts[question.question_id] = draft;
  }
  return drafts;
}

export function saveDrafts(key: string, drafts: Drafts): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(drafts));
  } catch {
    // Storage full or off: the answers are still on the page.
  }
}

export function clearSavedDrafts(key: string): void {
  sessionStorage.removeItem(key);
}

const ids = (values: unknown): values is number[] => Array.isArray(values) && values.every((value) => Number.isInteger(value));
const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value) => b.includes(value));

/** Whether a stored value is a draft of this question: its kind, and only ids the question has. */
function fits(question: StudentQuestion, draft: unknown): draft is Draft {
  if (!draft || typeof draft !== 'object') return false;
  const value = draft as Record<string, unknown>;
  const answerIds = question.answers.map((answer) => answer.answer_id);
  if (value.kind !== initialDraft(question).kind) return false;
  switch (value.kind) {
    case 'choice':
      return ids(value.ids) && value.ids.every((id) => answerIds.includes(id)) && (question.question_type === 'multiple' || value.ids.length <= 1);
    case 'text':
      return typeof value.text === 'string';
    case 'number':
      return typeof value.raw === 'string';
    case 'order':
      return ids(value.ids) && sameSet(value.ids, answerIds);
    case 'match': {
      if (!value.pairs || typeof value.pairs !== 'object') return false;
      const options = (question.match_options ?? []).map((option) => option.id);
      return Object.entries(value.pairs as Record<string, unknown>).every(([item, option]) => answerIds.includes(Number(item)) && Number.isInteger(option) && options.includes(option as number));
    }
    default:
      return false;
  }
}
