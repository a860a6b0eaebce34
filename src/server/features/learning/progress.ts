import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { studentsGroupMembers } from '../groups/index.ts';
import type { Enrolment, LessonState } from './student-access.ts';
import { lessonProgress } from './tables.ts';

export type ProgressStep = 'viewed' | 'submitted' | 'completed';

/**
 * Records a step of a student in a lesson; earlier times are kept (the first view, the first
 * hand-in, the first pass). Opening a plain lesson or a webinar is also completing it.
 */
export async function recordProgress(db: Db, enrolment: Pick<Enrolment, 'userId' | 'courseId'>, lesson: { id: number; type: string }, step: ProgressStep, now: Date): Promise<void> {
  const completes = step === 'completed' || (step === 'viewed' && (lesson.type === 'lesson' || lesson.type === 'webinar'));
  await db
    .insert(lessonProgress)
    .values({
      userId: enrolment.userId,
      lessonId: lesson.id,
      courseId: enrolment.courseId,
      viewedAt: now,
      submittedAt: step === 'submitted' ? now : null,
      completedAt: completes ? now : null,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        submittedAt: step === 'submitted' ? sql`coalesce(${lessonProgress.submittedAt}, ${now})` : sql`${lessonProgress.submittedAt}`,
        completedAt: completes ? sql`coalesce(${lessonProgress.completedAt}, ${now})` : sql`${lessonProgress.completedAt}`,
      },
    });
}

/** Done and total lessons and the percent (whole number) of what the student can see. */
export function courseProgress(states: readonly LessonState[]): { total: number; completed: number; percent: number } {
  const completed = states.filter((s) => s.completed).length;
  const total = states.length;
  return { total, completed, percent: total === 0 ? 0 : Math.floor((completed * 100) / total) };
}

/**
 * Marks the course finished for the student when every lesson they can see is completed (the
 * certificate's date); once set it stays. Returns whether this call finished it.
 */
export async function markFinishedIfComplete(db: Db, enrolment: Enrolment, states: readonly LessonState[], now: Date): Promise<boolean> {
  if (enrolment.finishedAt !== null) return false;
  const { total, completed } = courseProgress(states);
  if (total === 0 || completed < total) return false;
  const done = await db
    .update(studentsGroupMembers)
    .set({ finishedAt: now })
    .where(and(eq(studentsGroupMembers.groupId, enrolment.groupId), eq(studentsGroupMembers.userId, enrolment.userId), isNull(studentsGroupMembers.finishedAt)))
    .returning({ userId: studentsGroupMembers.userId });
  return done.length > 0;
}
