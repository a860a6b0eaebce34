/**
 * The right answers a final attempt's result may carry (usertest/ `right_answers`, the server's
 * learning/grading.ts QuestionResult): one entry per question, shaped like what a student sends
 * for its type. learning-api.ts types them as unknown[]; this reads them defensively, so an entry
 * of an unknown shape is left out rather than shown wrong.
 */
export type RightAnswer = { question: number; correct: boolean | null } & (
  | { answers: number[] }
  | { texts: string[] }
  | { ranges: { from: number; to: number }[] }
  | { order: number[] }
  | { pairs: [number, number][] }
);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const ids = (value: unknown): number[] | null => (Array.isArray(value) && value.every(isId) ? [...value] : null);

function one(entry: unknown): RightAnswer | null {
  if (!isRecord(entry) || !isId(entry.question)) return null;
  const base = { question: entry.question, correct: typeof entry.correct === 'boolean' ? entry.correct : null };
  const answers = ids(entry.answers);
  if (answers) return { ...base, answers };
  if (Array.isArray(entry.texts) && entry.texts.every((text) => typeof text === 'string')) return { ...base, texts: [...(entry.texts as string[])] };
  if (Array.isArray(entry.ranges)) {
    const ranges = entry.ranges.filter((range): range is { from: number; to: number } => isRecord(range) && typeof range.from === 'number' && typeof range.to === 'number');
    if (ranges.length === entry.ranges.length) return { ...base, ranges: ranges.map(({ from, to }) => ({ from, to })) };
  }
  const order = ids(entry.order);
  if (order) return { ...base, order };
  if (Array.isArray(entry.pairs) && entry.pairs.every((pair) => Array.isArray(pair) && pair.length === 2 && isId(pair[0]) && isId(pair[1]))) {
    return { ...base, pairs: (entry.pairs as [number, number][]).map(([item, match]): [number, number] => [item, match]) };
  }
  return null;
}

/** The entries that can be shown; null when the result has no right answers at all. */
export function readRightAnswers(value: unknown): RightAnswer[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((entry) => {
    const read = one(entry);
    return read ? [read] : [];
  });
}
