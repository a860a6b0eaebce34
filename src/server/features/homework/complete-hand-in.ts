import type { Db } from '../../shared/db/database.ts';
import { findEnrolment, lessonStates, markFinishedIfComplete, recordProgress } from '../learning/index.ts';
import type { HandIn } from './homework-access.ts';

/**
 * Marks the hand-in's lesson completed for its student, and the course finished when that was the
 * last lesson. A student who has left the group still gets the lesson's progress.
 */
export async function completeHandIn(tx: Db, handIn: HandIn, now: Date): Promise<void> {
  const lesson = { id: handIn.homeworkId, type: 'homework' };
  const enrolment = await findEnrolment(tx, handIn.userId, handIn.courseId);
  await recordProgress(tx, enrolment ?? { userId: handIn.userId, courseId: handIn.courseId }, lesson, 'completed', now);
  if (enrolment) await markFinishedIfComplete(tx, enrolment, await lessonStates(tx, enrolment, now), now);
}
