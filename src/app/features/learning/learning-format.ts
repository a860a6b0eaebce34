// Dates and progress words as the student's pages write them: Russian, with the time where it matters.
import { homeworkStatusLabel, learningMessages } from '#core';

/** Hand-in statuses that send a homework back to the student: said as such, not as «Отправлено». */
const SENT_BACK = new Set(['revision', 'rejected']);

/**
 * What a lesson's progress says in the outline and on its page: «Пройдено»; a homework sent back
 * «На доработке» or «Отклонено» (its hand-in's status); «Отправлено»; or null while nothing is done.
 * `kind` names its style (the sent-back ones also as sent).
 */
export function progressWord(lesson: { completed?: boolean; sended?: boolean | null }, homeworkStatus: string | null | undefined): { text: string; kind: string } | null {
  if (lesson.completed) return { text: learningMessages.completed, kind: 'completed' };
  if (homeworkStatus && SENT_BACK.has(homeworkStatus)) return { text: homeworkStatusLabel(homeworkStatus), kind: `sended ${homeworkStatus}` };
  if (lesson.sended) return { text: learningMessages.sended, kind: 'sended' };
  return null;
}

/** "5 марта 2026 г. в 10:00"; the text as it came when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);
}
