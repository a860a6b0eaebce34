/**
 * Lesson rules: the creation payload (spec §3, §5) and the order of lessons inside a module
 * (spec §4: a new lesson goes after the given order and the module is renumbered from 1).
 */

import { apiCall, type ApiAnswer, type ApiBody } from './api-call.ts';
import type { ApiClient } from './api-client.ts';

export type LessonType = 'lesson' | 'test' | 'homework' | 'webinar';

/** One lesson in a module's list (spec §3), as `{school}/sections/{id}/` lists it. */
export type LessonListItem = ApiAnswer<'GET {school}/sections/{id}/'>['lessons'][number];

type LessonBody = ApiBody<'POST {school}/lessons/'>;
type TestBody = ApiBody<'POST {school}/tests/'>;
type HomeworkBody = ApiBody<'POST {school}/homeworks/'>;

/**
 * Optional lesson settings (spec §3), each as the creating call of its lesson type takes it: a
 * lesson's description; a test's pass mark, shuffling, answers shown, attempt limit flag and points
 * per answer; a homework's auto-accept and its delay (e.g. "01:00:00").
 */
export type LessonSettings = Pick<LessonBody, 'description'> &
  Pick<TestBody, 'success_percent' | 'random_questions' | 'random_answers' | 'show_right_answers' | 'attempt_limit' | 'balls_per_answer'> &
  Pick<HomeworkBody, 'automate_accept' | 'time_accept'>;

export type LessonSettingKey = keyof LessonSettings;

/** The optional keys in the order they are written into the payload. */
export const LESSON_SETTING_KEYS = [
  'description',
  'automate_accept',
  'success_percent',
  'time_accept',
  'random_questions',
  'random_answers',
  'show_right_answers',
  'attempt_limit',
  'balls_per_answer',
] as const satisfies readonly LessonSettingKey[];

/** What a create-lesson form holds: unset settings may be undefined, null or ''. */
export type LessonInput = {
  name: string | null | undefined;
  /** The module (section) id. */
  section: number;
  /** The position the new lesson takes in the module. */
  order: number;
} & { [K in LessonSettingKey]?: LessonSettings[K] | null | '' };

/** The body of a creating call: the module, the name, the place and the settings that are set. */
export type LessonPayload = Pick<LessonBody & TestBody & HomeworkBody, 'name' | 'section'> & Required<Pick<LessonBody, 'order'>> & LessonSettings;

/** false and 0 are settings the author chose; only absent, blank and NaN values are unset. */
function isSet(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return !Number.isNaN(value);
  return true;
}

/**
 * Spec §5: creation is ignored (null) when the name is empty; optional settings are sent only
 * when set. The name is trimmed.
 */
export function buildLessonPayload(input: LessonInput): LessonPayload | null {
  const name = (input.name ?? '').trim();
  if (name === '') return null;
  const payload: Record<string, unknown> = { name, section: input.section, order: input.order };
  for (const key of LESSON_SETTING_KEYS) {
    if (isSet(input[key])) payload[key] = input[key];
  }
  // Every key copied above passed isSet, so its value has the LessonSettings type.
  return payload as unknown as LessonPayload;
}

interface Ordered {
  order: number;
}

/** The lessons in their array order, numbered 1..n (copies; the input is not touched). */
export function renumberLessons<T extends Ordered>(lessons: readonly T[]): T[] {
  return lessons.map((lesson, index) => ({ ...lesson, order: index + 1 }));
}

// Array.prototype.sort is stable, so lessons sharing an order keep their relative position.
const byOrder = <T extends Ordered>(lessons: readonly T[]): T[] => [...lessons].sort((a, b) => a.order - b.order);

/**
 * Spec §4: places `newLesson` right after the lesson whose order is `afterOrder` (after every
 * lesson ordered at or below it, so gaps in the numbering do not matter), then renumbers the
 * module from 1. `afterOrder` of 0 or less puts it first; beyond the end puts it last.
 */
export function insertLesson<T extends Ordered>(lessons: readonly T[], newLesson: T, afterOrder: number): T[] {
  const sorted = byOrder(lessons);
  const at = sorted.filter((lesson) => lesson.order <= afterOrder).length;
  sorted.splice(at, 0, newLesson);
  return renumberLessons(sorted);
}

/** Drops the lesson with that base-lesson id and renumbers the module from 1. */
export function removeLesson<T extends Ordered & { baselesson_ptr_id: number }>(
  lessons: readonly T[],
  baselessonPtrId: number,
): T[] {
  return renumberLessons(byOrder(lessons).filter((lesson) => lesson.baselesson_ptr_id !== baselessonPtrId));
}

/** The body of POST {school}/lesson_order/: `[{baselesson_ptr_id, order}]`. */
export function lessonOrderPayload(lessons: readonly (Ordered & { baselesson_ptr_id: number })[]): ApiBody<'POST {school}/lesson_order/'> {
  return lessons.map(({ baselesson_ptr_id, order }) => ({ baselesson_ptr_id, order }));
}

/** A lesson as its page and its editor read it: the four types answer one shape under their own paths. */
export type LessonDetail = ApiAnswer<'GET {school}/lessons/{id}/'>;

export function fetchLessonDetail(client: ApiClient, school: string, type: LessonType, id: number): Promise<LessonDetail> {
  const path = { school, id };
  switch (type) {
    case 'lesson':
      return apiCall(client, 'GET {school}/lessons/{id}/', { path });
    case 'test':
      return apiCall(client, 'GET {school}/tests/{id}/', { path });
    case 'homework':
      return apiCall(client, 'GET {school}/homeworks/{id}/', { path });
    case 'webinar':
      return apiCall(client, 'GET {school}/webinar_lessons/{id}/', { path });
  }
}
