import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { lessons, sections } from '../courses/index.ts';
import { joinChainedGroups, studentLessonAccess, studentsGroupMembers } from '../groups/index.ts';
import { lessonVisible, type Enrolment, type LessonState } from './student-access.ts';
import { lessonProgress } from './tables.ts';

export type ProgressStep = 'viewed' | 'submitted' | 'completed';

/**
 * Whether a step completes the lesson: a pass, an acceptance, a video watched (video-completion.ts),
 * or opening a webinar or a plain lesson without a video (`video`: the lesson has one).
 */
export const stepCompletes = (type: string, step: ProgressStep, video = false) =>
  step === 'completed' || (step === 'viewed' && (type === 'webinar' || (type === 'lesson' && !video)));

/**
 * Records a step of a student in a lesson; earlier times are kept (the first view, the first
 * hand-in, the first pass). Opening a webinar or a plain lesson without a video is also completing
 * it. One statement, and a step already recorded rewrites nothing.
 */
export async function recordProgress(
  db: Db,
  enrolment: Pick<Enrolment, 'userId' | 'courseId'>,
  lesson: { id: number; type: string; video?: boolean },
  step: ProgressStep,
  now: Date,
): Promise<void> {
  const completes = stepCompletes(lesson.type, step, lesson.video);
  const insert = db.insert(lessonProgress).values({
    userId: enrolment.userId,
    lessonId: lesson.id,
    courseId: enrolment.courseId,
    viewedAt: now,
    submittedAt: step === 'submitted' ? now : null,
    completedAt: completes ? now : null,
  });
  // A step sets at most one time; the row's first view stays.
  const column = step === 'submitted' ? lessonProgress.submittedAt : completes ? lessonProgress.completedAt : null;
  if (column === null) {
    await insert.onConflictDoNothing({ target: [lessonProgress.userId, lessonProgress.lessonId] });
    return;
  }
  await insert.onConflictDoUpdate({
    target: [lessonProgress.userId, lessonProgress.lessonId],
    set: step === 'submitted' ? { submittedAt: now } : { completedAt: now },
    setWhere: isNull(column),
  });
}

export interface Progress {
  total: number;
  completed: number;
  /** Whole percent, rounded down: 100 only when everything is done. */
  percent: number;
}

export const progressOf = (completed: number, total: number): Progress => ({ total, completed, percent: total === 0 ? 0 : Math.floor((completed * 100) / total) });

/** Done and total lessons and the percent (whole number) of what the student can see. */
export function courseProgress(states: readonly LessonState[]): Progress {
  return progressOf(states.filter((s) => s.completed).length, states.length);
}

/** Lessons a student can see and has completed in one course, by lesson type. */
export type CourseCounts = Map<string, { total: number; completed: number }>;

/**
 * The student's visible and completed lessons of several courses, by course and lesson type: one
 * grouped query for any number of courses (the course cards, the progress pages). The same rule as
 * lessonStates: active lessons the student can see (their own access, else their group's closures).
 * Courses they are not enrolled in are absent.
 */
export async function lessonCounts(db: Db, userId: number, courseIds: readonly number[]): Promise<Map<number, CourseCounts>> {
  const byCourse = new Map<number, CourseCounts>();
  if (courseIds.length === 0) return byCourse;
  const rows = await db
    .select({
      courseId: sections.courseId,
      type: lessons.type,
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(${lessonProgress.completedAt})::int`,
    })
    .from(studentsGroupMembers)
    .innerJoin(sections, eq(sections.courseId, studentsGroupMembers.courseId))
    .innerJoin(lessons, eq(lessons.sectionId, sections.id))
    .leftJoin(studentLessonAccess, and(eq(studentLessonAccess.userId, userId), eq(studentLessonAccess.lessonId, lessons.id)))
    .leftJoin(lessonProgress, and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessons.id)))
    .where(and(eq(studentsGroupMembers.userId, userId), inArray(studentsGroupMembers.courseId, [...courseIds]), eq(lessons.active, true), lessonVisible(studentsGroupMembers.groupId)))
    .groupBy(sections.courseId, lessons.type);
  for (const row of rows) {
    let counts = byCourse.get(row.courseId);
    if (!counts) byCourse.set(row.courseId, (counts = new Map()));
    counts.set(row.type, { total: row.total, completed: row.completed });
  }
  return byCourse;
}

/** A course's progress from its counts by type (all types, or the given ones). */
export function countsProgress(counts: CourseCounts | undefined, types?: readonly string[]): Progress {
  let total = 0;
  let completed = 0;
  for (const [type, n] of counts ?? []) {
    if (types && !types.includes(type)) continue;
    total += n.total;
    completed += n.completed;
  }
  return progressOf(completed, total);
}

/**
 * Marks the course finished for the student when every lesson they can see is completed (the
 * certificate's date); once set it stays. Finishing joins the groups chained to theirs (course
 * chaining), in the same transaction, so every caller (a lesson read, a test passed, a homework
 * accepted) chains alike. Returns whether this call finished it.
 */
export async function markFinishedIfComplete(db: Db, enrolment: Enrolment, states: readonly LessonState[], now: Date): Promise<boolean> {
  if (enrolment.finishedAt !== null) return false;
  const { total, completed } = courseProgress(states);
  if (total === 0 || completed < total) return false;
  return db.transaction(async (tx) => {
    const done = await tx
      .update(studentsGroupMembers)
      .set({ finishedAt: now })
      .where(and(eq(studentsGroupMembers.groupId, enrolment.groupId), eq(studentsGroupMembers.userId, enrolment.userId), isNull(studentsGroupMembers.finishedAt)))
      .returning({ userId: studentsGroupMembers.userId });
    if (done.length === 0) return false;
    await joinChainedGroups(tx, enrolment.groupId, enrolment.userId, now);
    return true;
  });
}
