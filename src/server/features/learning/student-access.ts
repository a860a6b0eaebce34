import { and, asc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { forbidden, notFound } from '../../shared/errors.ts';
import { courses, lessons, sections } from '../courses/index.ts';
import { groupLessonClosures, studentLessonAccess, studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { lessonProgress } from './tables.ts';

const DAY_MS = 86_400_000;

/** A student's place in a course: their group, its settings and their access period. */
export interface Enrolment {
  userId: number;
  groupId: number;
  courseId: number;
  teacherId: number | null;
  withTeacher: boolean;
  certificate: boolean;
  strictTaskOrder: boolean;
  taskSubmissionLock: boolean;
  submitHomeworkToGoOn: boolean;
  submitTestToGoOn: boolean;
  successTestToGoOn: boolean;
  download: boolean;
  accessFrom: Date;
  /** The student's own duration, else the group's; 0: no end. */
  durationDays: number;
  finishedAt: Date | null;
}

type MemberRow = typeof studentsGroupMembers.$inferSelect;
type GroupRow = typeof studentsGroups.$inferSelect;

/** The enrolment a member row and its group make. */
function enrolmentOf(member: MemberRow, group: GroupRow): Enrolment {
  return {
    userId: member.userId,
    groupId: group.id,
    courseId: member.courseId,
    teacherId: group.teacherId,
    withTeacher: group.type === 'WITH_TEACHER' && group.teacherId !== null,
    certificate: group.certificate,
    strictTaskOrder: group.strictTaskOrder,
    taskSubmissionLock: group.taskSubmissionLock,
    submitHomeworkToGoOn: group.submitHomeworkToGoOn,
    submitTestToGoOn: group.submitTestToGoOn,
    successTestToGoOn: group.successTestToGoOn,
    download: member.download || group.download,
    accessFrom: member.accessFrom,
    durationDays: member.durationDays ?? group.trainingDuration,
    finishedAt: member.finishedAt,
  };
}

/** The student's group in the course (at most one: a unique index), or null. */
export async function findEnrolment(db: Db, userId: number, courseId: number): Promise<Enrolment | null> {
  const [row] = await db
    .select({ member: studentsGroupMembers, group: studentsGroups })
    .from(studentsGroupMembers)
    .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
    .where(and(eq(studentsGroupMembers.courseId, courseId), eq(studentsGroupMembers.userId, userId)));
  return row ? enrolmentOf(row.member, row.group) : null;
}

/** When the access period ends; null: never. */
export const accessEndsAt = (enrolment: Pick<Enrolment, 'accessFrom' | 'durationDays'>): Date | null =>
  enrolment.durationDays > 0 ? new Date(enrolment.accessFrom.getTime() + enrolment.durationDays * DAY_MS) : null;

/** Whole days of access left (rounded up), 0 when over; null: no end. The course cards' `remaining_period`. */
export function remainingDays(enrolment: Pick<Enrolment, 'accessFrom' | 'durationDays'>, now: Date): number | null {
  const ends = accessEndsAt(enrolment);
  return ends === null ? null : Math.max(0, Math.ceil((ends.getTime() - now.getTime()) / DAY_MS));
}

/** Whether the access period is over. */
export function accessExpired(enrolment: Pick<Enrolment, 'accessFrom' | 'durationDays'>, now: Date): boolean {
  const ends = accessEndsAt(enrolment);
  return ends !== null && ends.getTime() <= now.getTime();
}

export const COURSE_CLOSED_MESSAGE = 'Доступ к курсу временно заблокирован. Обратитесь к администратору';
export const ACCESS_EXPIRED_MESSAGE = 'Срок доступа к курсу истек.';

export type Course = typeof courses.$inferSelect;

/**
 * A course of the school that the student studies, with their enrolment. Not in a group of it, in
 * another school, in the recycle bin or closed by its original's school: 404, as for any unknown
 * id. Unpublished, or the access period over: 403 with the reason, since the student knows it.
 */
export async function studentCourse(db: Db, schoolId: number, courseId: number, userId: number, now: Date): Promise<{ course: Course; enrolment: Enrolment }> {
  // One statement: the course with the student's membership and its group (one row at most).
  const [row] = await db
    .select({ course: courses, member: studentsGroupMembers, group: studentsGroups })
    .from(courses)
    .innerJoin(studentsGroupMembers, and(eq(studentsGroupMembers.courseId, courses.id), eq(studentsGroupMembers.userId, userId)))
    .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
    .where(and(eq(courses.id, courseId), eq(courses.schoolId, schoolId), isNull(courses.removedAt), eq(courses.isAccess, true)));
  if (!row) throw notFound('Курс не найден.', 'COURSE_NOT_FOUND');
  const { course } = row;
  const enrolment = enrolmentOf(row.member, row.group);
  if (!course.published) throw forbidden(COURSE_CLOSED_MESSAGE, 'COURSE_CLOSED');
  if (accessExpired(enrolment, now)) throw forbidden(ACCESS_EXPIRED_MESSAGE, 'ACCESS_EXPIRED');
  return { course, enrolment };
}

/** Why a lesson the student can see is not open to them yet. */
export interface Lock {
  code: 'STRICT_ORDER' | 'NOT_YET_OPEN';
  message: string;
  /** STRICT_ORDER: the first earlier lesson still to be done. */
  blockedBy?: number;
  /** NOT_YET_OPEN: when it opens. */
  opensAt?: Date;
}

export const STRICT_ORDER_MESSAGE = 'Необходимо пройти предыдущие уроки.';
export const NOT_YET_OPEN_MESSAGE = 'Урок пока закрыт.';

/** A lesson of the course as one student sees it. */
export interface LessonState {
  id: number;
  sectionId: number;
  type: string;
  name: string;
  order: number;
  points: number;
  viewed: boolean;
  /** A homework handed in, a test attempt sent. */
  submitted: boolean;
  /** Read, passed, accepted. */
  completed: boolean;
  locked: Lock | null;
}

/**
 * Whether a lesson is open to a student, as SQL over `lessons` left-joined with the student's
 * `student_lesson_access` row: their own access when set, else not closed to their group. The
 * outline, the course cards and the progress figures all count lessons by this one rule.
 */
export const lessonVisible = (groupId: number | SQLWrapper) =>
  sql<boolean>`coalesce(${studentLessonAccess.available}, not exists (select 1 from ${groupLessonClosures} where ${groupLessonClosures.groupId} = ${groupId} and ${groupLessonClosures.lessonId} = ${lessons.id}))`;

/**
 * Every lesson of the course the student can see (active, not closed to their group or to them), in
 * course order, with their progress and any lock: one query, whatever the number of lessons.
 * A lesson opened once stays open. Strict order (group setting) locks a lesson until every earlier
 * one is done: viewed, or, with the "to go on" settings, a homework handed in, a test sent or passed.
 */
export async function lessonStates(db: Db, enrolment: Enrolment, now: Date): Promise<LessonState[]> {
  const rows = await db
    .select({
      id: lessons.id,
      sectionId: lessons.sectionId,
      type: lessons.type,
      name: lessons.name,
      order: lessons.order,
      points: lessons.points,
      viewedAt: lessonProgress.viewedAt,
      submittedAt: lessonProgress.submittedAt,
      completedAt: lessonProgress.completedAt,
      availableFrom: studentLessonAccess.availableFrom,
    })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .leftJoin(lessonProgress, and(eq(lessonProgress.userId, enrolment.userId), eq(lessonProgress.lessonId, lessons.id)))
    .leftJoin(studentLessonAccess, and(eq(studentLessonAccess.userId, enrolment.userId), eq(studentLessonAccess.lessonId, lessons.id)))
    .where(and(eq(sections.courseId, enrolment.courseId), eq(lessons.active, true), lessonVisible(enrolment.groupId)))
    .orderBy(asc(sections.order), asc(lessons.order));
  const states: LessonState[] = [];
  let blocker: number | undefined;
  for (const row of rows) {
    const state: LessonState = {
      id: row.id,
      sectionId: row.sectionId,
      type: row.type,
      name: row.name,
      order: row.order,
      points: row.points,
      viewed: row.viewedAt !== null,
      submitted: row.submittedAt !== null,
      completed: row.completedAt !== null,
      locked: null,
    };
    if (row.availableFrom && row.availableFrom.getTime() > now.getTime()) {
      state.locked = { code: 'NOT_YET_OPEN', message: NOT_YET_OPEN_MESSAGE, opensAt: row.availableFrom };
    } else if (enrolment.strictTaskOrder && !state.viewed && blocker !== undefined) {
      state.locked = { code: 'STRICT_ORDER', message: STRICT_ORDER_MESSAGE, blockedBy: blocker };
    }
    // A lesson still to do holds back the ones after it (a locked one is never done, unless it
    // was done before its lock: then it holds nobody back).
    if (blocker === undefined && !isDone(state, enrolment)) blocker = state.id;
    states.push(state);
  }
  return states;
}

/** Whether strict order lets the student past this lesson. */
function isDone(state: LessonState, enrolment: Enrolment): boolean {
  if (state.type === 'homework' && enrolment.submitHomeworkToGoOn) return state.submitted || state.completed;
  if (state.type === 'test' && enrolment.successTestToGoOn) return state.completed;
  if (state.type === 'test' && enrolment.submitTestToGoOn) return state.submitted || state.completed;
  return state.viewed;
}

/**
 * The lesson's state when the student may open it; a lesson they cannot see is 404 (as any unknown
 * id), a locked one 403 with the reason.
 */
export function openLesson(states: readonly LessonState[], lessonId: number): LessonState {
  const state = states.find((s) => s.id === lessonId);
  if (!state) throw notFound('Урок не найден.', 'LESSON_NOT_FOUND');
  if (state.locked) throw forbidden(state.locked.message, state.locked.code);
  return state;
}
