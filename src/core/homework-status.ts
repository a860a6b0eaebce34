import { homeworkStatusMessages } from './messages/homework-status.ts';

/**
 * A homework hand-in's status: stable codes on the wire and in the database, Russian labels for
 * people (spec §1.6; 'revision' and 'auto_check' are the spec's additions to the original's three).
 */
export const HOMEWORK_STATUS_CODES = ['pending', 'revision', 'rejected', 'accepted', 'auto_check'] as const;
export type HomeworkStatusCode = (typeof HOMEWORK_STATUS_CODES)[number];

const LABELS: Record<HomeworkStatusCode, string> = {
  pending: homeworkStatusMessages.waiting,
  revision: homeworkStatusMessages.revision,
  rejected: homeworkStatusMessages.rejected,
  accepted: homeworkStatusMessages.accepted,
  auto_check: homeworkStatusMessages.autoCheck,
};

/**
 * The statuses of a finished hand-in: accepted by its teacher, or by the automatic check after the
 * homework's time_accept ('auto_check', «Автопроверка»). Either completes the lesson, and nobody
 * writes into the thread afterwards.
 */
export const ACCEPTED_HOMEWORK_STATUSES = ['accepted', 'auto_check'] as const satisfies readonly HomeworkStatusCode[];
export const isAcceptedHomeworkStatus = (code: string): boolean => (ACCEPTED_HOMEWORK_STATUSES as readonly string[]).includes(code);

export const isHomeworkStatusCode = (value: unknown): value is HomeworkStatusCode =>
  typeof value === 'string' && (HOMEWORK_STATUS_CODES as readonly string[]).includes(value);

/** The status's Russian label; an unknown code is shown as it is rather than as another status. */
export function homeworkStatusLabel(code: string): string {
  return isHomeworkStatusCode(code) ? LABELS[code] : code;
}
