import type { Static } from 'typebox';
import { handedIn, type LessonItem, type LockBody } from '../courses/index.ts';
import type { LessonState, Lock } from './student-access.ts';

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

