import { and, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { preparedPerDb } from '../../shared/db/prepared.ts';
import { forbidden, notFound } from '../../shared/errors.ts';
import { courseOutline, courses, EMPTY_OUTLINE, lessons, type CourseOutline, type OutlineLesson } from '../courses/index.ts';
import { groupLessonClosures, studentLessonAccess, studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import type { HandInStatuses } from './hand-in-reads.ts';
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

/** The course with the student's membership and its group (one row at most): every student request of a course runs it. */
const courseOfStudent = preparedPerDb((db) =>
  db
    .select({ course: courses, member: studentsGroupMembers, group: studentsGroups })
    .from(courses)
    .innerJoin(studentsGroupMembers, and(eq(studentsGroupMembers.courseId, courses.id), eq(studentsGroupMembers.userId, sql.placeholder('user'))))
    .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
    .where(and(eq(courses.id, sql.placeholder('course')), eq(courses.schoolId, sql.placeholder('school')), isNull(courses.removedAt), eq(courses.isAccess, true)))
    .prepare('student_course'),
);

/**
 * A course of the school that the student studies, with their enrolment. Not in a group of it, in
 * another school, in the recycle bin or closed by its original's school: 404, as for any unknown
 * id. Unpublished, or the access period over: 403 with the reason, since the student knows it.
 */
export async function studentCourse(db: Db, schoolId: number, courseId: number, userId: number, now: Date): Promise<{ course: Course; enrolment: Enrolment }> {
  const [row] = await courseOfStudent(db).execute({ school: schoolId, course: courseId, user: userId });
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
export interface LessonState extends OutlineLesson {
  viewed: boolean;
  /** A homework handed in, a test attempt sent. */
  submitted: boolean;
  /** Read, passed, accepted. */
  completed: boolean;
  /** A homework's hand-in status (pending, revision…: the outline shows «На доработке»), null before one, for other lessons and when not asked for (outlineStates). */
  homeworkStatus: string | null;
  locked: Lock | null;
}

/**
 * Whether a lesson is open to a student, as SQL over `lessons` left-joined with the student's
 * `student_lesson_access` row: their own access when set, else not closed to their group. The
 * outline, the course cards and the progress figures all count lessons by this one rule.
 */
export const lessonVisible = (groupId: number | SQLWrapper) =>
  sql<boolean>`coalesce(${studentLessonAccess.available}, not exists (select 1 from ${groupLessonClosures} where ${groupLessonClosures.groupId} = ${groupId} and ${groupLessonClosures.lessonId} = ${lessons.id}))`;

/** A lesson_progress row as one number, lesson id × 8 + flags (viewed 1, submitted 2, completed 4): a list of them parses as one array of numbers (unordered: sorting them cost PostgreSQL 40 % of the statement). */
const progressCode = sql`${lessonProgress.lessonId}::bigint * 8 + (${lessonProgress.viewedAt} is not null)::int + 2 * (${lessonProgress.submittedAt} is not null)::int + 4 * (${lessonProgress.completedAt} is not null)::int`;

/**
 * outlineStates' statement: the course's outline version and the student's progress, own access and
 * group closures, and with `handIns` their hand-ins' statuses (the outline's homework_status).
 */
function studentRowsStatement(handIns: HandInStatuses | undefined, name: string) {
  return preparedPerDb((db) =>
    db
      .select({
        version: courses.outlineVersion,
        progress: sql<number[] | null>`(select json_agg(${progressCode}) from ${lessonProgress}
        where ${lessonProgress.userId} = ${sql.placeholder('user')} and ${lessonProgress.courseId} = ${courses.id})`,
        access: sql<[number, boolean | null, string | null][] | null>`(select json_agg(json_build_array(${studentLessonAccess.lessonId}, ${studentLessonAccess.available}, ${studentLessonAccess.availableFrom}))
        from ${studentLessonAccess} where ${studentLessonAccess.userId} = ${sql.placeholder('user')})`,
        closed: sql<number[] | null>`(select json_agg(${groupLessonClosures.lessonId}) from ${groupLessonClosures} where ${groupLessonClosures.groupId} = ${sql.placeholder('group')})`,
        handIns: handIns ? handIns(sql.placeholder('user'), courses.id) : sql<[number, string][] | null>`null`,
      })
      .from(courses)
      .where(eq(courses.id, sql.placeholder('course')))
      .prepare(name),
  );
}

const studentRows = studentRowsStatement(undefined, 'student_outline_rows');
/** The statement with the statuses of each HandInReads (one in the server: homework's), each its own prepared name. */
const studentRowsWith = new Map<HandInStatuses, ReturnType<typeof studentRowsStatement>>();
function studentRowsOf(handIns: HandInStatuses | undefined) {
  if (!handIns) return studentRows;
  let statement = studentRowsWith.get(handIns);
  if (!statement) studentRowsWith.set(handIns, (statement = studentRowsStatement(handIns, `student_outline_rows_${studentRowsWith.size + 1}`)));
  return statement;
}

/** The student's progress flags for each lesson of the outline, by its place. */
function flagsByPlace(outline: CourseOutline, codes: readonly number[]): Uint8Array {
  const flags = new Uint8Array(outline.lessons.length);
  for (const code of codes) {
    const place = outline.placeOf.get(Math.floor(code / 8));
    if (place !== undefined) flags[place] = code % 8;
  }
  return flags;
}

/**
 * Every lesson of the course the student can see (active, not closed to their group or to them), in
 * course order, with their progress and any lock, and the course's outline they come from. One
 * statement reads the course's outline version and the student's rows (progress, own access, their
 * group's closures) as three small JSON lists; the course's lessons come from memory while that
 * version is current (courses/course-outline.ts), else from one more statement. The same visibility
 * rule as lessonVisible, which the counting queries use.
 * A lesson opened once stays open. Strict order (group setting) locks a lesson until every earlier
 * one is done: viewed, or, with the "to go on" settings, a homework handed in, a test sent or passed.
 * A homework's hand-in status is read in the same statement when `handIns` is given (the outline
 * shows it); otherwise it is null.
 */
export async function outlineStates(db: Db, enrolment: Enrolment, now: Date, handIns?: HandInStatuses): Promise<{ outline: CourseOutline; states: LessonState[] }> {
  const [row] = await studentRowsOf(handIns)(db).execute({ user: enrolment.userId, course: enrolment.courseId, group: enrolment.groupId });
  if (!row) return { outline: EMPTY_OUTLINE, states: [] };
  const outline = await courseOutline(db, enrolment.courseId, row.version);
  const flags = flagsByPlace(outline, row.progress ?? []);
  const own = new Map((row.access ?? []).map(([lessonId, available, from]) => [lessonId, { available, from: from === null ? null : new Date(from) }]));
  const closed = new Set(row.closed ?? []);
  const statuses = new Map(row.handIns ?? []);
  const states: LessonState[] = [];
  let blocker: number | undefined;
  let strictLock: Lock | undefined;
  for (const [place, lesson] of outline.lessons.entries()) {
    const access = own.size === 0 ? undefined : own.get(lesson.id);
    if (!(access?.available ?? !closed.has(lesson.id))) continue;
    const done = flags[place]!;
    const state: LessonState = {
      id: lesson.id,
      sectionId: lesson.sectionId,
      type: lesson.type,
      name: lesson.name,
      order: lesson.order,
      points: lesson.points,
      viewed: (done & 1) !== 0,
      submitted: (done & 2) !== 0,
      completed: (done & 4) !== 0,
      homeworkStatus: lesson.type === 'homework' ? (statuses.get(lesson.id) ?? null) : null,
      locked: null,
    };
    if (access?.from && access.from.getTime() > now.getTime()) {
      state.locked = { code: 'NOT_YET_OPEN', message: NOT_YET_OPEN_MESSAGE, opensAt: access.from };
    } else if (enrolment.strictTaskOrder && !state.viewed && blocker !== undefined) {
      // Every lesson strict order locks waits for the same one: one lock for them all.
      state.locked = strictLock ??= { code: 'STRICT_ORDER', message: STRICT_ORDER_MESSAGE, blockedBy: blocker };
    }
    // A lesson still to do holds back the ones after it (a locked one is never done, unless it
    // was done before its lock: then it holds nobody back).
    if (blocker === undefined && !isDone(state, enrolment)) blocker = state.id;
    states.push(state);
  }
  return { outline, states };
}

/** outlineStates' lessons: what every gate, count and certificate of the student's course goes by. */
export async function lessonStates(db: Db, enrolment: Enrolment, now: Date, handIns?: HandInStatuses): Promise<LessonState[]> {
  return (await outlineStates(db, enrolment, now, handIns)).states;
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
