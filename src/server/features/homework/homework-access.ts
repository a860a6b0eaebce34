import { and, eq, exists, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { conflict, forbidden, notFound } from '../../shared/errors.ts';
import { homeworkSettings } from '../courses/index.ts';
import { studentsGroups } from '../groups/index.ts';
import { userHomeworkChecks, userHomeworks } from './tables.ts';

/**
 * Who may see and write a hand-in and its thread: the student who handed it in, its teacher (the
 * group's teacher when it was handed in, or the group's teacher now, unless an admin named another
 * checker: then that checker only), and the school's admins.
 */

export type HomeworkRole = 'Admin' | 'Teacher' | 'Student';
export interface Viewer {
  role: HomeworkRole;
  userId: number;
}
export type HandIn = typeof userHomeworks.$inferSelect;

export const HOMEWORK_EXISTS_MESSAGE = 'Объект UserHomework уже существует';
export const SUBMISSION_LOCKED_MESSAGE = 'Отправлять домашки запрещено в настройках группы студентов';
export const HOMEWORK_ACCEPTED_MESSAGE = 'Домашнее задание уже принято и нельзя создавать новые проверки';
export const NOT_AUTHOR_MESSAGE = 'Студент не является автором данного домашнего задания';
export const NOT_TEACHER_MESSAGE = 'Учитель не является преподавателем данного домашнего задания';
export const NOT_OWN_CHECK_MESSAGE = 'Пользователь может обновлять только свою историю';

export const handInNotFound = () => notFound('Домашняя работа не найдена.', 'USER_HOMEWORK_NOT_FOUND');
export const homeworkAccepted = () => conflict(HOMEWORK_ACCEPTED_MESSAGE, 'HOMEWORK_ACCEPTED');
export const notAuthor = () => forbidden(NOT_AUTHOR_MESSAGE, 'NOT_HOMEWORK_AUTHOR');
export const notTeacher = () => forbidden(NOT_TEACHER_MESSAGE, 'NOT_HOMEWORK_TEACHER');

/** The hand-ins of the school a viewer may see, as a condition on user_homeworks (lists filter by it in SQL). */
export function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.role === 'Admin') return undefined;
  if (viewer.role === 'Student') return eq(userHomeworks.userId, viewer.userId);
  return or(
    eq(userHomeworks.teacherId, viewer.userId),
    and(
      not(userHomeworks.checkerAssigned),
      exists(sql`(select 1 from ${studentsGroups} where ${studentsGroups.id} = ${userHomeworks.groupId} and ${studentsGroups.teacherId} = ${viewer.userId})`),
    ),
  );
}

/** A hand-in of the school with its group's current teacher; another school's id is "not found". */
export async function findHandIn(db: Db, schoolId: number, id: number, options: { lock?: boolean } = {}): Promise<{ handIn: HandIn; groupTeacherId: number | null }> {
  const query = db
    .select({ handIn: userHomeworks, groupTeacherId: studentsGroups.teacherId })
    .from(userHomeworks)
    .leftJoin(studentsGroups, eq(studentsGroups.id, userHomeworks.groupId))
    .where(and(eq(userHomeworks.id, id), eq(userHomeworks.schoolId, schoolId)));
  const [row] = await (options.lock ? query.for('update', { of: userHomeworks }) : query);
  if (!row) throw handInNotFound();
  return row;
}

/** Whether the user teaches this hand-in: its teacher, or the teacher of its group now unless an admin named its checker. */
type Teachers = { handIn: Pick<HandIn, 'teacherId'> & Partial<Pick<HandIn, 'checkerAssigned'>>; groupTeacherId: number | null };
export const teachesHandIn = (row: Teachers, userId: number): boolean => row.handIn.teacherId === userId || (!row.handIn.checkerAssigned && row.groupTeacherId === userId);

/** Throws unless the viewer may write into the hand-in's thread (as its student, its teacher or an admin). */
export function assertMayWrite(row: Teachers & { handIn: Pick<HandIn, 'userId'> }, viewer: Viewer): void {
  if (viewer.role === 'Student' && row.handIn.userId !== viewer.userId) throw notAuthor();
  if (viewer.role === 'Teacher' && !teachesHandIn(row, viewer.userId)) throw notTeacher();
}

/** The longest text of a hand-in or of a message of its thread. */
export const HOMEWORK_TEXT_MAX = 50_000;

/** When a hand-in of a homework with automate_accept is accepted by itself (the job runner's due time); null: never. */
export function autoAcceptAt(settings: unknown, now: Date): Date | null {
  const { automateAccept, timeAccept } = homeworkSettings(settings);
  return automateAccept ? new Date(now.getTime() + (timeAccept ?? 0) * 1000) : null;
}

/** The id of the newest message of the hand-in in the query's row (its status and mark are the hand-in's). */
export const lastCheckId = sql<number>`(select max(later.id) from ${userHomeworkChecks} later where later.user_homework_id = ${userHomeworks.id})`.mapWith(Number);
