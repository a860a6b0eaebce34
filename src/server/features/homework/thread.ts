import { homeworkStatusLabel } from '#core/homework-status';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { schoolMembers, users } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { courseFiles, fileBody, FileBody, lessons } from '../courses/index.ts';
import { userPseudonyms } from '../schools/index.ts';
import type { HandIn, Viewer } from './homework-access.ts';
import { HOMEWORK_STATUSES, homeworkCheckFiles, userHomeworkChecks, userHomeworks } from './tables.ts';

/**
 * How hand-ins and their threads are answered (contract: UserHomework and Check). Staff names:
 * students see a staff member's pseudonym when the school set one; staff see the real name, with
 * the pseudonym beside it.
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Status = Type.Enum([...HOMEWORK_STATUSES]);
type Status = Static<typeof Status>;

/** A hand-in without its thread: the lists' rows, and what the lesson page shows a student (studentHomework). */
export const UserHomeworkItem = Type.Object({
  user_homework_id: Type.Integer(),
  homework: Type.Integer(),
  homework_name: Type.String(),
  course_id: Type.Integer(),
  user: Type.Integer(),
  user_first_name: Type.String(),
  user_last_name: Type.String(),
  text: Type.String(),
  status: Status,
  status_label: Type.String(),
  mark: Nullable(Type.Integer()),
  teacher_id: Nullable(Type.Integer()),
  teacher_name: Nullable(Type.String({ description: 'Ученику — псевдоним преподавателя, если он задан школой' })),
  teacher_pseudonym: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  last_reply_at: Type.String(),
  auto_accept_at: Nullable(Type.String({ description: 'Когда работа будет принята автоматически (автопринятие задания), пока она ждёт проверки' })),
});
export type UserHomeworkItem = Static<typeof UserHomeworkItem>;
/** The lesson page's `user_homework` (studentHomework). */
export const UserHomeworkSummary = UserHomeworkItem;

/**
 * The schemas that hold a course file (FileBody): made on first use, since courses' index may still
 * be loading when this module is (the two features import each other).
 */
function fileSchemas() {
  const CheckBody = Type.Object({
    user_homework_check_id: Type.Integer(),
    user_homework: Type.Integer(),
    author: Nullable(Type.Integer()),
    author_name: Nullable(Type.String({ description: 'Ученикам — псевдоним сотрудника, если он задан' })),
    author_pseudonym: Nullable(Type.String()),
    author_role: Type.Enum(['student', 'teacher', 'admin']),
    text: Type.String(),
    status: Status,
    status_label: Type.String(),
    mark: Nullable(Type.Integer()),
    created_at: Type.String(),
    updated_at: Type.String(),
    text_files: Type.Array(FileBody),
    audio_files: Type.Array(FileBody),
  });
  const UserHomeworkBody = Type.Object({ ...UserHomeworkItem.properties, checks: Type.Array(CheckBody, { description: 'Переписка по работе, от первой записи' }) });
  return { CheckBody, UserHomeworkBody };
}
let made: ReturnType<typeof fileSchemas> | undefined;
export const homeworkSchemas = () => (made ??= fileSchemas());
export type CheckBody = Static<ReturnType<typeof fileSchemas>['CheckBody']>;
export type UserHomeworkBody = Static<ReturnType<typeof fileSchemas>['UserHomeworkBody']>;

interface Person {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** "First Last", else the email; null for nobody (a deleted account). */
function personName(person: Person): string | null {
  if (person.email === null) return null;
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
}

/** A staff member's name as the viewer sees it. */
const staffName = (person: Person, pseudonym: string | null, viewer: Viewer): string | null => (viewer.role === 'Student' && pseudonym ? pseudonym : personName(person));

const student = alias(users, 'hw_student');
const teacher = alias(users, 'hw_teacher');

/**
 * Hand-ins with what their answers show (homework name, student, teacher with pseudonym), for a
 * `.where(…)` by the caller: one query, whatever the number of rows.
 */
export function handInsWithNames(db: Db) {
  return db
    .select({
      handIn: userHomeworks,
      homeworkName: lessons.name,
      studentFirst: student.firstName,
      studentLast: student.lastName,
      teacherFirst: teacher.firstName,
      teacherLast: teacher.lastName,
      teacherEmail: teacher.email,
      teacherPseudonym: userPseudonyms.pseudonym,
    })
    .from(userHomeworks)
    .innerJoin(lessons, eq(lessons.id, userHomeworks.homeworkId))
    .innerJoin(student, eq(student.id, userHomeworks.userId))
    .leftJoin(teacher, eq(teacher.id, userHomeworks.teacherId))
    .leftJoin(userPseudonyms, and(eq(userPseudonyms.schoolId, userHomeworks.schoolId), eq(userPseudonyms.userId, userHomeworks.teacherId)));
}
export type HandInRow = Awaited<ReturnType<ReturnType<typeof handInsWithNames>['execute']>>[number];

export function handInItem(row: HandInRow, viewer: Viewer): UserHomeworkItem {
  const { handIn } = row;
  return {
    user_homework_id: handIn.id,
    homework: handIn.homeworkId,
    homework_name: row.homeworkName,
    course_id: handIn.courseId,
    user: handIn.userId,
    user_first_name: row.studentFirst,
    user_last_name: row.studentLast,
    text: handIn.text,
    status: handIn.status as Status,
    status_label: homeworkStatusLabel(handIn.status),
    mark: handIn.mark,
    teacher_id: handIn.teacherId,
    teacher_name: staffName({ firstName: row.teacherFirst, lastName: row.teacherLast, email: row.teacherEmail }, row.teacherPseudonym, viewer),
    teacher_pseudonym: row.teacherPseudonym,
    created_at: handIn.createdAt.toISOString(),
    updated_at: handIn.updatedAt.toISOString(),
    last_reply_at: handIn.lastReplyAt.toISOString(),
    auto_accept_at: handIn.status === 'accepted' || !handIn.autoAcceptAt ? null : handIn.autoAcceptAt.toISOString(),
  };
}

const author = alias(users, 'hw_author');
const authorMember = alias(schoolMembers, 'hw_author_member');

/** The thread of a hand-in, oldest first, with each message's files: two queries. */
export async function threadOf(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, handIn: Pick<HandIn, 'id' | 'userId' | 'schoolId'>, viewer: Viewer): Promise<CheckBody[]> {
  const checks = await ctx.db
    .select({
      check: userHomeworkChecks,
      first: author.firstName,
      last: author.lastName,
      email: author.email,
      role: authorMember.role,
      pseudonym: userPseudonyms.pseudonym,
    })
    .from(userHomeworkChecks)
    .leftJoin(author, eq(author.id, userHomeworkChecks.authorId))
    .leftJoin(authorMember, and(eq(authorMember.schoolId, handIn.schoolId), eq(authorMember.userId, userHomeworkChecks.authorId)))
    .leftJoin(userPseudonyms, and(eq(userPseudonyms.schoolId, handIn.schoolId), eq(userPseudonyms.userId, userHomeworkChecks.authorId)))
    .where(eq(userHomeworkChecks.userHomeworkId, handIn.id))
    .orderBy(asc(userHomeworkChecks.id));
  const files = await ctx.db
    .select({ checkId: homeworkCheckFiles.checkId, file: courseFiles })
    .from(homeworkCheckFiles)
    .innerJoin(userHomeworkChecks, eq(userHomeworkChecks.id, homeworkCheckFiles.checkId))
    .innerJoin(courseFiles, eq(courseFiles.id, homeworkCheckFiles.fileId))
    .where(eq(userHomeworkChecks.userHomeworkId, handIn.id))
    .orderBy(asc(courseFiles.id));
  return checks.map(({ check, first, last, email, role, pseudonym }) => {
    const byStudent = check.authorId !== null && check.authorId === handIn.userId;
    const own = files.filter((row) => row.checkId === check.id).map((row) => row.file);
    const person = { firstName: first, lastName: last, email };
    return {
      user_homework_check_id: check.id,
      user_homework: check.userHomeworkId,
      author: check.authorId,
      author_name: byStudent ? personName(person) : staffName(person, pseudonym, viewer),
      author_pseudonym: byStudent ? null : pseudonym,
      author_role: byStudent ? 'student' : role === 'Admin' ? 'admin' : 'teacher',
      text: check.text,
      status: check.status as Status,
      status_label: homeworkStatusLabel(check.status),
      mark: check.mark,
      created_at: check.createdAt.toISOString(),
      updated_at: check.updatedAt.toISOString(),
      text_files: own.filter((file) => file.kind === 'text').map((file) => fileBody(ctx, file)),
      audio_files: own.filter((file) => file.kind === 'audio').map((file) => fileBody(ctx, file)),
    };
  });
}

/** The student's own hand-in of a homework without its thread, for the lesson page; null when not handed in. One query. */
export async function studentHomework(db: Db, userId: number, homeworkId: number): Promise<UserHomeworkItem | null> {
  const [row] = await handInsWithNames(db).where(and(eq(userHomeworks.homeworkId, homeworkId), eq(userHomeworks.userId, userId)));
  return row ? handInItem(row, { role: 'Student', userId }) : null;
}

/** The same with its thread and files' signed links (three queries; one when not handed in). */
export async function studentHomeworkWithThread(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, userId: number, homeworkId: number): Promise<UserHomeworkBody | null> {
  const [row] = await handInsWithNames(ctx.db).where(and(eq(userHomeworks.homeworkId, homeworkId), eq(userHomeworks.userId, userId)));
  if (!row) return null;
  const viewer: Viewer = { role: 'Student', userId };
  return { ...handInItem(row, viewer), checks: await threadOf(ctx, row.handIn, viewer) };
}
