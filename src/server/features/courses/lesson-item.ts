import { Type, type Static, type TSchema } from 'typebox';
import type { Lesson } from './course-access.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Why a lesson a student can see is not open to them yet (learning's Lock). */
export const LockBody = Type.Object({
  code: Type.Union([Type.Literal('STRICT_ORDER'), Type.Literal('NOT_YET_OPEN')]),
  message: Type.String(),
  /** STRICT_ORDER: the first earlier lesson still to be done. */
  blocked_by: Type.Optional(Type.Integer()),
  /** NOT_YET_OPEN: when it opens (ISO). */
  opens_at: Type.Optional(Type.String()),
});

/** A student's progress in a course: completed of the lessons they can see, whole percent rounded down. */
export const ProgressBody = Type.Object({ total: Type.Integer(), completed: Type.Integer(), percent: Type.Integer() });

/** The student's group settings the outline shows (reference §4.4). */
export const GroupSettingsBody = Type.Object({
  strict_task_order: Type.Boolean(),
  task_submission_lock: Type.Boolean(),
  submit_homework_to_go_on: Type.Boolean(),
  submit_test_to_go_on: Type.Boolean(),
  success_test_to_go_on: Type.Boolean(),
});

/**
 * A lesson as the course outline lists it (spec §3 lesson list item): `id` is the type-specific id
 * (lesson_id, test_id, homework_id), the same number as `baselesson_ptr_id` here. `viewed`,
 * `completed` and `sended` are the student's progress; `locked` is given to students only.
 */
export const LessonItem = Type.Object({
  type: Type.String(),
  id: Type.Integer(),
  baselesson_ptr_id: Type.Integer(),
  section_id: Type.Integer(),
  section: Type.Integer(),
  name: Type.String(),
  order: Type.Integer(),
  active: Type.Boolean(),
  points: Type.Integer(),
  viewed: Type.Boolean(),
  completed: Type.Boolean(),
  sended: Nullable(Type.Boolean()),
  /** Students only: a homework's hand-in status (pending, revision, rejected, accepted, auto_check), null before one. */
  homework_status: Type.Optional(Nullable(Type.String({ description: 'Статус сданной работы (только для домашних заданий, у ученика)' }))),
  locked: Type.Optional(Nullable(LockBody)),
});

/** Only tests and homework are handed in; `sended` is null for lessons and webinars. */
export const handedIn = (type: string) => type === 'test' || type === 'homework';

export function lessonItem(lesson: Pick<Lesson, 'id' | 'type' | 'sectionId' | 'name' | 'order' | 'active' | 'points'>): Static<typeof LessonItem> {
  return {
    type: lesson.type,
    id: lesson.id,
    baselesson_ptr_id: lesson.id,
    section_id: lesson.sectionId,
    section: lesson.sectionId,
    name: lesson.name,
    order: lesson.order,
    active: lesson.active,
    points: lesson.points,
    viewed: false,
    completed: false,
    sended: handedIn(lesson.type) ? false : null,
  };
}
