import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { fieldError } from '../../shared/errors.ts';
import { courseFiles, fileUrl } from '../courses/index.ts';

/**
 * The school's own pictures (uploaded with POST {school}/files/, kind picture, no course), as the
 * header, the branding and the staff's documents name them: by file id, checked against the school,
 * and given back as signed links. A deleted file clears its place (the columns are "set null").
 */

export const PICTURE_REFUSED = 'Выберите изображение, загруженное для школы.';

/** `fileId` when it is a picture of the school itself; null/undefined pass through; a field error otherwise. */
export async function schoolPicture(db: Db, schoolId: number, field: string, fileId: number | null | undefined): Promise<number | null | undefined> {
  if (fileId === null || fileId === undefined) return fileId;
  const [file] = await db
    .select({ id: courseFiles.id })
    .from(courseFiles)
    .where(and(eq(courseFiles.id, fileId), eq(courseFiles.schoolId, schoolId), eq(courseFiles.kind, 'picture'), isNull(courseFiles.courseId), isNull(courseFiles.lessonId)));
  if (!file) throw fieldError(field, PICTURE_REFUSED, 'FILE_NOT_FOUND');
  return file.id;
}

/** Signed links of the given files, by id, in one query (nulls skipped). */
export async function pictureLinks(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db.select({ id: courseFiles.id, name: courseFiles.name }).from(courseFiles).where(inArray(courseFiles.id, wanted));
  return new Map(rows.map((row) => [row.id, fileUrl(ctx, row)]));
}
