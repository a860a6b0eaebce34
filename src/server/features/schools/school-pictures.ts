import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { fieldError } from '../../shared/errors.ts';

/**
 * The school's own pictures (uploaded with POST {school}/files/, kind picture, no course), as the
 * header, the branding and the staff's documents name them: by file id, checked against the school,
 * and given back as signed links. A deleted file clears its place (the columns are "set null").
 */

/**
 * What schools asks of the files, which live in courses above it (course_files): handed in where
 * the server is wired (src/server/feature-routes.ts), so schools never imports courses.
 */
export interface PictureFiles {
  /** `fileId` when it is a picture of the school itself (kind picture, no course, no lesson). */
  schoolPictureId(db: Db, schoolId: number, fileId: number): Promise<number | undefined>;
  /** Signed links of the given files (none empty), by id. */
  fileLinks(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, ids: readonly number[]): Promise<Map<number, string>>;
}

export const PICTURE_REFUSED = 'Выберите изображение, загруженное для школы.';

/** `fileId` when it is a picture of the school itself; null/undefined pass through; a field error otherwise. */
export async function schoolPicture(
  files: PictureFiles,
  db: Db,
  schoolId: number,
  field: string,
  fileId: number | null | undefined,
): Promise<number | null | undefined> {
  if (fileId === null || fileId === undefined) return fileId;
  const id = await files.schoolPictureId(db, schoolId, fileId);
  if (id === undefined) throw fieldError(field, PICTURE_REFUSED, 'FILE_NOT_FOUND');
  return id;
}

/** Signed links of the given files, by id, in one query (nulls skipped). */
export async function pictureLinks(
  files: PictureFiles,
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  return files.fileLinks(ctx, wanted);
}
