import { isAcceptedHomeworkStatus } from '#core/homework-status';
import { and, asc, eq, notExists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../shared/db/database.ts';
import type { ThreadFiles } from '../courses/index.ts';
import { forbidden, notFound } from '../../shared/errors.ts';
import { handInNotFound, homeworkAccepted, lastCheckId, NOT_OWN_CHECK_MESSAGE, visibleTo, type Viewer } from './homework-access.ts';
import { homeworkCheckFiles, userHomeworkChecks, userHomeworks } from './tables.ts';

/**
 * Documents and audio attached to a message of a hand-in's thread (text_files/ and audio_files/
 * with user_homework or user_homework_check: courses/file-routes.ts, which asks through
 * threadFiles). Such a file is a course_files row of the school with no course and no lesson, so
 * it never shows in a course's materials or a lesson, and a homework_check_files row names its
 * message. Only a message's author attaches; once the hand-in is accepted, only to the accepting
 * (last) message, so the hand-in of a teacherless group, accepted at once, still gets its files.
 */

/** Where a file goes: the hand-in's first message, or a message. */
export type CheckTarget = { userHomework: number } | { check: number };

export const checkNotFound = () => notFound('Запись переписки не найдена.', 'USER_HOMEWORK_CHECK_NOT_FOUND');
const notOwnCheck = () => forbidden(NOT_OWN_CHECK_MESSAGE, 'NOT_CHECK_AUTHOR');

/** The message a file may be attached to (its id), checked for `viewer`; `lock` holds the hand-in until the transaction ends. */
export async function checkForFiles(db: Db, schoolId: number, viewer: Viewer, target: CheckTarget, options: { lock?: boolean } = {}): Promise<number> {
  const query = db
    .select({ id: userHomeworkChecks.id, authorId: userHomeworkChecks.authorId, status: userHomeworks.status, lastId: lastCheckId })
    .from(userHomeworkChecks)
    .innerJoin(userHomeworks, eq(userHomeworks.id, userHomeworkChecks.userHomeworkId))
    .where(and(eq(userHomeworks.schoolId, schoolId), 'check' in target ? eq(userHomeworkChecks.id, target.check) : eq(userHomeworks.id, target.userHomework), visibleTo(viewer)))
    .orderBy(asc(userHomeworkChecks.id))
    .limit(1);
  const [row] = await (options.lock ? query.for('update', { of: userHomeworks }) : query);
  if (!row) throw 'check' in target ? checkNotFound() : handInNotFound();
  if (row.authorId !== viewer.userId) throw notOwnCheck();
  if (isAcceptedHomeworkStatus(row.status) && row.id !== row.lastId) throw homeworkAccepted();
  return row.id;
}

/** Links a stored file to its message, checked again under the hand-in's lock (inside the file's own transaction). */
export async function attachFileToCheck(tx: Db, schoolId: number, viewer: Viewer, target: CheckTarget, fileId: number): Promise<void> {
  const checkId = await checkForFiles(tx, schoolId, viewer, target, { lock: true });
  await tx.insert(homeworkCheckFiles).values({ checkId, fileId });
}

/**
 * Whether someone who is not an admin may delete a file of the school: only a thread's file, by
 * its uploader, while they could still attach it (a thread they cannot see: 404). Any other file:
 * 403, as before threads had files.
 */
export async function assertMayRemoveCheckFile(db: Db, schoolId: number, viewer: Viewer, file: { id: number; uploaderId: number | null }): Promise<void> {
  const [link] = await db.select({ checkId: homeworkCheckFiles.checkId }).from(homeworkCheckFiles).where(eq(homeworkCheckFiles.fileId, file.id));
  if (!link) throw forbidden();
  await checkForFiles(db, schoolId, viewer, { check: link.checkId });
  if (file.uploaderId !== viewer.userId) throw forbidden('Удалить файл может только тот, кто его загрузил.', 'NOT_FILE_UPLOADER');
}

/** A condition on a file's id column: the file is not attached to a thread (lists of the school's own files leave those out). */
export const isNotCheckFile = (fileId: AnyPgColumn): SQL => notExists(sql`(select 1 from ${homeworkCheckFiles} where ${homeworkCheckFiles.fileId} = ${fileId})`);

/** The thread's files as courses' file routes ask for them, handed to fileRoutes where the server is wired. */
export const threadFiles: ThreadFiles = {
  isNotThreadFile: isNotCheckFile,
  assertMayAttach: async (db, schoolId, viewer, target) => void (await checkForFiles(db, schoolId, viewer, target)),
  attach: attachFileToCheck,
  assertMayRemove: assertMayRemoveCheckFile,
};
