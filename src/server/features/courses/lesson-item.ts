import { Type, type Static, type TSchema } from 'typebox';
import type { LessonState, Lock } from '../learning/index.ts';
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
const handedIn = (type: string) => type === 'test' || type === 'homework';

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

/**
 * A lesson as a student sees it in the outline: their progress, a homework's hand-in status and
 * any lock. One literal, not a
 * spread of lessonItem: an outline of 1,000 lessons builds and serialises it in a third of the time
 * (the bench's outline target).
 */
export function studentLessonItem(state: LessonState): Static<typeof LessonItem> {
  const { locked } = state;
  return {
    type: state.type,
    id: state.id,
    baselesson_ptr_id: state.id,
    section_id: state.sectionId,
    section: state.sectionId,
    name: state.name,
    order: state.order,
    active: true,
    points: state.points,
    viewed: state.viewed,
    completed: state.completed,
    sended: handedIn(state.type) ? state.submitted : null,
    homework_status: state.homeworkStatus,
    locked: locked && lockBody(locked),
  };
}

/** A lock as the API gives it (LockBody). */
export function lockBody(locked: Lock): Static<typeof LockBody> {
  return {
    code: locked.code,
    message: locked.message,
    ...(locked.blockedBy === undefined ? {} : { blocked_by: locked.blockedBy }),
    ...(locked.opensAt === undefined ? {} : { opens_at: locked.opensAt.toISOString() }),
  };
}

