import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PictureFiles } from '../schools/index.ts';
import { fileUrl } from './files.ts';
import { courseFiles } from './tables.ts';

/**
 * The school's own pictures among the files (kind picture, no course, no lesson), as schools
 * checks and links them (its header, branding and documents); handed to schools where the server
 * is wired, since schools sits below courses.
 */
export const schoolPictureFiles: PictureFiles = {
  async schoolPictureId(db, schoolId, fileId) {
    const [file] = await db
      .select({ id: courseFiles.id })
      .from(courseFiles)
      .where(and(eq(courseFiles.id, fileId), eq(courseFiles.schoolId, schoolId), eq(courseFiles.kind, 'picture'), isNull(courseFiles.courseId), isNull(courseFiles.lessonId)));
    return file?.id;
  },
  async fileLinks(ctx, ids) {
    const rows = await ctx.db.select({ id: courseFiles.id, name: courseFiles.name }).from(courseFiles).where(inArray(courseFiles.id, [...ids]));
    return new Map(rows.map((row) => [row.id, fileUrl(ctx, row)]));
  },
};
