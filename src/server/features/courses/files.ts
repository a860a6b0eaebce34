import { and, asc, eq, gt, inArray, isNotNull, lt, ne, notExists, or, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { fileLinkExpiry, signFileLink } from '../../shared/security/signed-links.ts';
import { storageKey } from '../../shared/storage/storage.ts';
import { FILE_TYPES, type FileExt, type Media } from '../../shared/uploads/file-types.ts';
import { STORAGE_LIMIT_MESSAGE, storageQuotaBytes } from '../tariffs/index.ts';
import { courseFiles, courses, lessonBlocks, lessons, videoUploads } from './tables.ts';
import { fileHolders } from './file-holders.ts';

/**
 * Course files (issue 11, uploads): what a school uploaded, kept in the storage (ctx.storage) and
 * listed in course_files; the school's plan gives it its room. Files are read through signed,
 * expiring links (fileUrl), since <video> and <img> cannot send the bearer token.
 */

export const FILE_KINDS = ['video', 'picture', 'audio', 'text', 'cover'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export type CourseFile = typeof courseFiles.$inferSelect;

const MB = 1024 * 1024;
/** What each kind takes: the media sniffed for, the size limit, the message for anything else. */
export const KIND_RULES: Record<Exclude<FileKind, 'video'>, { media: Media; maxBytes: number; message: string }> = {
  picture: { media: 'picture', maxBytes: 10 * MB, message: 'Загрузите изображение в формате PNG, JPEG, WebP или GIF.' },
  cover: { media: 'picture', maxBytes: 10 * MB, message: 'Загрузите изображение в формате PNG, JPEG, WebP или GIF.' },
  audio: { media: 'audio', maxBytes: 50 * MB, message: 'Загрузите аудио в формате MP3, OGG, WAV или M4A.' },
  text: { media: 'text', maxBytes: 200 * MB, message: 'Загрузите файл PDF, DOCX, XLSX, PPTX, TXT или ZIP.' },
};
export const VIDEO_TYPE_MESSAGE = 'Загрузите видео в формате MP4, MOV, WebM или MKV.';

export const fileNotFound = () => notFound('Файл не найден.', 'FILE_NOT_FOUND');
export const storageFull = () => new AppError(413, 'STORAGE_QUOTA', STORAGE_LIMIT_MESSAGE);
export const UPLOADS_HOLD_STORAGE_MESSAGE =
  'Недостаточно места в хранилище школы: его занимают незавершённые загрузки видео. Дождитесь их окончания или отмените их; брошенная загрузка освобождает место через сутки.';

export const FileBody = Type.Object({
  id: Type.Integer(),
  kind: Type.String({ description: FILE_KINDS.join(', ') }),
  course_id: Type.Union([Type.Integer(), Type.Null()]),
  lesson_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String({ description: 'Имя файла, как его загрузили (очищенное)' }),
  mime: Type.String({ description: 'Тип, определённый по содержимому' }),
  bytes: Type.Integer(),
  url: Type.String({ description: 'Подписанная ссылка на файл, действует не меньше 4 часов' }),
  created_at: Type.String(),
});
export type FileBody = Static<typeof FileBody>;

/** A signed link to the file, good for 4 to 5 hours (shared/security/signed-links.ts). */
export function fileUrl(ctx: Pick<AppContext, 'config' | 'now'>, file: { id: number; name: string }): string {
  const token = signFileLink(ctx.config.secret, file.id, fileLinkExpiry(ctx.now()));
  return `${ctx.config.publicUrl}/api/files/${file.id}/${encodeURIComponent(file.name)}?t=${token}`;
}

export function fileBody(ctx: Pick<AppContext, 'config' | 'now'>, file: CourseFile): FileBody {
  return {
    id: file.id,
    kind: file.kind,
    course_id: file.courseId,
    lesson_id: file.lessonId,
    name: file.name,
    mime: file.mime,
    bytes: file.bytes,
    url: fileUrl(ctx, file),
    created_at: file.createdAt.toISOString(),
  };
}

/**
 * What the school's storage holds: its files, and the declared sizes of its video uploads in
 * progress until they expire at `now` (the app's clock), but for the upload `except` (the one
 * being finished, whose file is counted instead).
 */
export async function storageUse(db: Db, schoolId: number, now: Date, except?: string): Promise<{ files: number; uploads: number }> {
  const [files] = await db.select({ total: sum(courseFiles.bytes).mapWith(Number) }).from(courseFiles).where(eq(courseFiles.schoolId, schoolId));
  const [uploads] = await db
    .select({ total: sum(videoUploads.bytes).mapWith(Number) })
    .from(videoUploads)
    .where(and(eq(videoUploads.schoolId, schoolId), gt(videoUploads.expiresAt, now), except === undefined ? undefined : ne(videoUploads.id, except)));
  return { files: files?.total ?? 0, uploads: uploads?.total ?? 0 };
}

/**
 * Throws STORAGE_QUOTA (413) unless `bytes` more fit beside what the storage holds: the plan's
 * message, or, when only uploads in progress stand in the way, one that says so.
 */
export function assertRoom(use: { files: number; uploads: number }, bytes: number, tariffId: number | null): void {
  const quota = storageQuotaBytes(tariffId);
  if (use.files + use.uploads + bytes <= quota) return;
  throw use.files + bytes <= quota ? new AppError(413, 'STORAGE_QUOTA', UPLOADS_HOLD_STORAGE_MESSAGE) : storageFull();
}

/**
 * Throws STORAGE_QUOTA (413) unless `bytes` more fit in the school's plan (checked before an
 * upload starts). `now` is the app's clock (ctx.now()), which decides which uploads in progress
 * have expired; the real clock by default.
 */
export async function assertStorageRoom(db: Db, school: { id: number; tariffId: number | null }, bytes: number, now = new Date()): Promise<void> {
  assertRoom(await storageUse(db, school.id, now), bytes, school.tariffId);
}

export interface NewFile {
  schoolId: number;
  courseId: number | null;
  lessonId: number | null;
  uploaderId: number;
  kind: FileKind;
  ext: FileExt;
  name: string;
  bytes: number;
  /** The video upload (video_uploads) this file finishes: its reservation gives way to the file. */
  uploadId?: string;
}

/**
 * Moves a received file (a local temporary file) into the storage and lists it, with the quota
 * checked again under the school's row lock, so uploads finishing at once are counted one after
 * the other (a finished video's reservation is released in the same transaction). Nothing is left behind on failure: a file refused by the quota is deleted again.
 * `attach` links the new row to what shows it (a homework message) in the same transaction.
 */
export async function storeFile(ctx: AppContext, file: NewFile, path: string, attach?: (tx: Db, stored: CourseFile) => Promise<void>): Promise<CourseFile> {
  const { mime } = FILE_TYPES[file.ext];
  const key = storageKey(file.schoolId, file.courseId, file.ext);
  await ctx.storage.moveIn(key, path, { contentType: mime });
  try {
    return await ctx.db.transaction(async (tx) => {
      const [school] = await tx.select({ tariffId: schools.tariffId }).from(schools).where(eq(schools.id, file.schoolId)).for('update');
      if (!school) throw notFound('Школа не найдена.', 'SCHOOL_NOT_FOUND');
      assertRoom(await storageUse(tx, file.schoolId, ctx.now(), file.uploadId), file.bytes, school.tariffId);
      if (file.uploadId !== undefined) await tx.delete(videoUploads).where(eq(videoUploads.id, file.uploadId));
      const [row] = await tx
        .insert(courseFiles)
        .values({ schoolId: file.schoolId, courseId: file.courseId, lessonId: file.lessonId, uploaderId: file.uploaderId, kind: file.kind, storageKey: key, name: file.name, mime, bytes: file.bytes, createdAt: ctx.now() })
        .returning();
      if (attach) await attach(tx, row!);
      return row!;
    });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
}

/**
 * Deletes files: their stored objects first, then the rows of those whose object is gone (a
 * failed delete keeps its row, so the next retention run tries again). Returns the ids deleted.
 */
export async function deleteFiles(ctx: Pick<AppContext, 'db' | 'storage'>, files: readonly Pick<CourseFile, 'id' | 'storageKey'>[]): Promise<number[]> {
  const gone: number[] = [];
  for (const file of files) {
    try {
      await ctx.storage.delete(file.storageKey);
      gone.push(file.id);
    } catch {
      // Kept for the next run (the storage may be unreachable for a moment).
    }
  }
  if (gone.length > 0) await ctx.db.delete(courseFiles).where(inArray(courseFiles.id, gone));
  return gone;
}

/** Whether a block's content names the file. */
export async function blockShowsFile(db: Db, fileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lessonBlocks.id })
    .from(lessonBlocks)
    .where(sql`(${lessonBlocks.content} ->> 'file_id') = ${String(fileId)}`)
    .limit(1);
  return row !== undefined;
}

/**
 * Whether anything shows the file: a block, a course as its cover, or a row of `holders` (an
 * autowebinar: file-holders.ts; add any other place of courses that shows a course file here). A
 * cover deleted on purpose (DELETE files/{id}) clears the course's cover by its foreign key (set null).
 */
export async function fileInUse(db: Db, fileId: number, holders: readonly AnyPgColumn[] = []): Promise<boolean> {
  if (await blockShowsFile(db, fileId)) return true;
  const [cover] = await db.select({ id: courses.id }).from(courses).where(eq(courses.photoFileId, fileId)).limit(1);
  if (cover) return true;
  for (const column of holders) {
    const [row] = await db.select({ one: sql`1` }).from(column.table as PgTable).where(eq(column, fileId)).limit(1);
    if (row) return true;
  }
  return false;
}

/** The cover's columns for a select with `.leftJoin(courseFiles, coverJoin)`: null when the course has none. */
export const coverColumns = { id: courseFiles.id, name: courseFiles.name };
export const coverJoin = eq(courseFiles.id, courses.photoFileId);

/** The course's picture: its uploaded cover's signed link, else the outside link (`photo`). */
export function coverUrl(ctx: Pick<AppContext, 'config' | 'now'>, cover: { id: number; name: string } | null, outside: string | null): string | null {
  return cover ? fileUrl(ctx, cover) : outside;
}

/**
 * A block or a course let go of its file (deleted, or given another one): a video, picture or cover
 * nothing else shows is deleted with its object. Files of the lesson's materials (audio, text) stay.
 */
export async function releaseFile(ctx: AppContext, fileId: number | null): Promise<void> {
  if (fileId === null || (await fileInUse(ctx.db, fileId, fileHolders(ctx)))) return;
  const rows = await ctx.db
    .select({ id: courseFiles.id, storageKey: courseFiles.storageKey })
    .from(courseFiles)
    .where(and(eq(courseFiles.id, fileId), inArray(courseFiles.kind, ['video', 'picture', 'cover'])));
  await deleteFiles(ctx, rows);
}

/** A video no block shows is kept this long (the block is made after the upload, or before). */
export const UNUSED_VIDEO_DAYS = 1;

/**
 * The retention step for files (retention.ts): files of a course or lesson that is gone (purged
 * from the recycle bin, deleted), and videos no block has shown for a day, are deleted with their
 * stored objects, up to 1,000 a run. Returns the ids deleted.
 */
export async function pruneCourseFiles(ctx: AppContext): Promise<number[]> {
  const unusedSince = new Date(ctx.now().getTime() - UNUSED_VIDEO_DAYS * 24 * 60 * 60 * 1000);
  const rows = await ctx.db
    .select({ id: courseFiles.id, storageKey: courseFiles.storageKey })
    .from(courseFiles)
    .where(
      or(
        and(isNotNull(courseFiles.courseId), notExists(ctx.db.select({ one: sql`1` }).from(courses).where(eq(courses.id, courseFiles.courseId)))),
        and(isNotNull(courseFiles.lessonId), notExists(ctx.db.select({ one: sql`1` }).from(lessons).where(eq(lessons.id, courseFiles.lessonId)))),
        and(
          eq(courseFiles.kind, 'video'),
          lt(courseFiles.createdAt, unusedSince),
          notExists(ctx.db.select({ one: sql`1` }).from(lessonBlocks).where(sql`(${lessonBlocks.content} ->> 'file_id') = ${courseFiles.id}::text`)),
          // An autowebinar's video (webinars feature, file-holders.ts) is shown by the webinar, not by a block.
          ...fileHolders(ctx).map((column) => notExists(ctx.db.select({ one: sql`1` }).from(column.table as PgTable).where(eq(column, courseFiles.id)))),
        ),
      ),
    )
    .orderBy(asc(courseFiles.id))
    .limit(1000);
  return deleteFiles(ctx, rows);
}
