import type { HomeworkCheck, UserHomework } from './learning-api.ts';

const time = (iso: string | undefined) => {
  const value = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(value) ? 0 : value;
};

/** A thread oldest first (the server's order, kept even if a copy of it came in another). */
export function threadOrder(checks: readonly HomeworkCheck[]): HomeworkCheck[] {
  return [...checks].sort((a, b) => time(a.created_at) - time(b.created_at) || a.user_homework_check_id - b.user_homework_check_id);
}

/**
 * The fresher of two copies of a hand-in: the lesson's (read with the page) and the one this panel
 * read after sending. The one with more of the thread wins, then the later change.
 */
/** A hand-in with its thread, or without it (the lesson's copy: the thread is read on its own). */
export type HandIn = Omit<UserHomework, 'checks'> & { checks?: UserHomework['checks'] };

export function newerHomework(a: HandIn | null | undefined, b: HandIn | null | undefined): HandIn | null {
  if (!a || !b) return a ?? b ?? null;
  if (a.user_homework_id !== b.user_homework_id) return b;
  const count = (a.checks?.length ?? 0) - (b.checks?.length ?? 0);
  if (count) return count > 0 ? a : b;
  const files = (one: HandIn) => (one.checks ?? []).reduce((n, check) => n + (check.text_files?.length ?? 0) + (check.audio_files?.length ?? 0), 0);
  const fileCount = files(a) - files(b);
  if (fileCount) return fileCount > 0 ? a : b;
  return time(a.updated_at) >= time(b.updated_at) ? a : b;
}
