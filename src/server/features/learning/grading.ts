/**
 * Grades one test attempt on the server (reference §5.2, defect 6: the original trusted the
 * browser's percent). Pure: the caller loads the attempt's questions with their key and passes
 * what the student sent; nothing here reads the database or the clock.
 *
 * Every question is all or nothing and worth the test's points per answer. What the student sent
 * is read defensively, whatever the route's schema let through: an entry for a question that is
 * not in the attempt is ignored, a second entry for the same question is ignored (the first one
 * counts, so sending every option as its own entry gains nothing), and an entry of the wrong shape
 * for its question's type, or naming answers of another question, is wrong.
 */

/** The answer key of one question, by type (how the route builds it from `answers` rows). */
export type AnswerKey =
  /** The ids of the right answers: one for 'single', any number for 'multiple'. */
  | { type: 'single' | 'multiple'; correct: readonly number[] }
  /** Accepted answers as typed by the editor (plain text). */
  | { type: 'text'; accepted: readonly string[]; caseSensitive: boolean }
  /** Accepted numbers as closed ranges [from, to] (a single number is [n, n]). */
  | { type: 'number'; ranges: readonly (readonly [number, number])[]; wholeOnly: boolean }
  /** The item ids in their right order. */
  | { type: 'order'; order: readonly number[] }
  /** For every item (left side) the id of its right match (right side). */
  | { type: 'match'; pairs: readonly (readonly [number, number])[] };

export interface KeyedQuestion {
  id: number;
  key: AnswerKey;
}

/** The right answer of a question, shaped like what a student sends for that type. */
export type RightAnswer =
  | { answers: number[] }
  | { texts: string[] }
  | { ranges: { from: number; to: number }[] }
  | { order: number[] }
  | { pairs: [number, number][] };

export type QuestionResult = { question: number; correct: boolean; points: number } & RightAnswer;

export interface Grade {
  points: number;
  maxPoints: number;
  /** Right questions in percent of all, 2 decimals. */
  percent: number;
  passed: boolean;
  /** One per question, in the attempt's order. */
  results: QuestionResult[];
}

export interface GradingRules {
  pointsPerAnswer: number;
  /** Whole percent needed to pass (0–100). */
  successPercent: number;
}

type Entry = Record<string, unknown>;

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isEntry = (value: unknown): value is Entry => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The distinct ids of a list, in first-seen order; null when it is not a list of ids. */
function idList(value: unknown): number[] | null {
  if (!Array.isArray(value) || !value.every(isId)) return null;
  return [...new Set(value)];
}

/**
 * Free text as compared: Unicode-composed (a typed "е" + combining diaeresis is "ё"), 'ё' read
 * as 'е', whitespace runs as one space, trimmed, and lower case unless the question says otherwise.
 */
export function normalizeText(text: string, caseSensitive = false): string {
  const plain = text.normalize('NFC').replace(/ё/g, 'е').replace(/Ё/g, 'Е').replace(/\s+/g, ' ').trim();
  return caseSensitive ? plain : plain.toLowerCase();
}

function sameSet(given: readonly number[], wanted: readonly number[]): boolean {
  if (given.length !== wanted.length) return false;
  const set = new Set(wanted);
  return given.every((id) => set.has(id));
}

/** Whether one entry answers its question right (the entry is already known to be an object). */
function isRight(key: AnswerKey, entry: Entry): boolean {
  switch (key.type) {
    case 'single':
    case 'multiple': {
      // 'single' needs its one right answer; a 'multiple' without any right answer is answered by choosing none.
      if (key.type === 'single' && key.correct.length !== 1) return false;
      const given = idList(entry.answers);
      return given !== null && sameSet(given, key.correct);
    }
    case 'text': {
      if (typeof entry.text !== 'string') return false;
      const given = normalizeText(entry.text, key.caseSensitive);
      return given !== '' && key.accepted.some((accepted) => normalizeText(accepted, key.caseSensitive) === given);
    }
    case 'number': {
      const given = entry.number;
      if (typeof given !== 'number' || !Number.isFinite(given)) return false;
      if (key.wholeOnly && !Number.isInteger(given)) return false;
      return key.ranges.some(([from, to]) => from <= given && given <= to);
    }
    case 'order': {
      const given = idList(entry.order);
      return given !== null && key.order.length > 0 && given.length === key.order.length && given.every((id, i) => id === key.order[i]);
    }
    case 'match': {
      if (!Array.isArray(entry.pairs) || key.pairs.length === 0) return false;
      const chosen = new Map<number, number>();
      for (const pair of entry.pairs as unknown[]) {
        if (!Array.isArray(pair) || pair.length !== 2 || !isId(pair[0]) || !isId(pair[1])) return false;
        const before = chosen.get(pair[0]);
        // The same pair twice is one pair; one item matched two ways is wrong.
        if (before !== undefined && before !== pair[1]) return false;
        chosen.set(pair[0], pair[1]);
      }
      return chosen.size === key.pairs.length && key.pairs.every(([item, match]) => chosen.get(item) === match);
    }
  }
}

function rightAnswer(key: AnswerKey): RightAnswer {
  switch (key.type) {
    case 'single':
    case 'multiple':
      return { answers: [...key.correct] };
    case 'text':
      return { texts: [...key.accepted] };
    case 'number':
      return { ranges: key.ranges.map(([from, to]) => ({ from, to })) };
    case 'order':
      return { order: [...key.order] };
    case 'match':
      return { pairs: key.pairs.map(([item, match]): [number, number] => [item, match]) };
  }
}

/**
 * Grades what the student sent (`submitted`, as received) against the attempt's questions.
 * A test without questions scores 0 % and passes only when it asks for 0 %.
 */
export function gradeAttempt(questions: readonly KeyedQuestion[], submitted: unknown, rules: GradingRules): Grade {
  const entries = new Map<number, Entry>();
  for (const entry of Array.isArray(submitted) ? (submitted as unknown[]) : []) {
    if (isEntry(entry) && isId(entry.question) && !entries.has(entry.question)) entries.set(entry.question, entry);
  }
  const points = Math.max(0, rules.pointsPerAnswer);
  const results = questions.map((question): QuestionResult => {
    const entry = entries.get(question.id);
    const correct = entry !== undefined && isRight(question.key, entry);
    return { question: question.id, correct, points: correct ? points : 0, ...rightAnswer(question.key) };
  });
  const right = results.filter((result) => result.correct).length;
  const total = questions.length;
  return {
    points: right * points,
    maxPoints: total * points,
    percent: total === 0 ? 0 : Math.round((right * 10_000) / total) / 100,
    // Compared in whole numbers: 2 of 3 (66.67 %) does not reach 67 %.
    passed: right * 100 >= rules.successPercent * total && (total > 0 || rules.successPercent === 0),
    results,
  };
}
