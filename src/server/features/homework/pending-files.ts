import { and, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { fieldError } from '../../shared/errors.ts';
import { Id } from '../../shared/http/schemas.ts';
import { courseFiles, prunePendingUploads } from '../courses/index.ts';
import { homeworkCheckFiles, homeworkUploads } from './tables.ts';

/**
 * Files of a hand-in or an answer are uploaded first (homework-file-routes.ts) and named by id in
 * the hand-in's or answer's file_ids: the message and its files are written in one transaction,
 * so a refused file leaves no message, and a hand-in accepted at once never stands without them.
 * The pattern of chat messages (chats/chat-file-routes.ts).
 */

/** As many files as one form of text_files/ took. */
export const HOMEWORK_FILES_MAX = 10;

/** The file_ids field of a hand-in or an answer. */
export const FileIds = () => Type.Optional(Type.Array(Id, { maxItems: HOMEWORK_FILES_MAX, description: 'Файлы, загруженные заранее (homework_files/), — свои, ещё не отправленные' }));

export const FILES_NOT_USABLE_MESSAGE = 'Приложить можно только свои загруженные файлы, ещё не отправленные. Загрузите файлы снова.';

/**
 * Attaches the caller's own pending uploads `fileIds` of the school to the message `checkId`,
 * inside the message's transaction; any other id (another's, another school's, sent already,
 * pruned, missing) refuses the whole message. The files' rows are locked as the pruning job locks
 * them, so a file is either taken here or deleted there.
 */
export async function takePendingFiles(tx: Db, schoolId: number, userId: number, checkId: number, fileIds: readonly number[]): Promise<void> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return;
  const usable = await tx
    .select({ id: courseFiles.id })
    .from(courseFiles)
    .innerJoin(homeworkUploads, eq(homeworkUploads.fileId, courseFiles.id))
    .where(and(inArray(courseFiles.id, ids), eq(courseFiles.schoolId, schoolId), eq(courseFiles.uploaderId, userId)))
    .for('update', { of: courseFiles });
  if (usable.length !== ids.length) throw fieldError('file_ids', FILES_NOT_USABLE_MESSAGE, 'FILES_NOT_USABLE');
  await tx.insert(homeworkCheckFiles).values(ids.map((fileId) => ({ checkId, fileId })));
  await tx.delete(homeworkUploads).where(inArray(homeworkUploads.fileId, ids));
}

/** An upload no hand-in or answer took within a day is deleted (as chat uploads are). */
export const UNSENT_HOMEWORK_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** Retention (retention.ts, hourly): deletes the homework uploads older than a day that nothing took, with their objects. */
export async function pruneHomeworkUploads(ctx: Pick<AppContext, 'db' | 'storage'>, now: Date): Promise<{ deleted: number; kept: number }> {
  return prunePendingUploads(ctx, homeworkUploads, UNSENT_HOMEWORK_UPLOAD_MS, now);
}
