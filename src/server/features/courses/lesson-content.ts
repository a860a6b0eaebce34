import { and, asc, eq, inArray } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { BlockBody, fileLinks, lessonBlockBodies } from './block-routes.ts';
import { fileBody, FileBody } from './files.ts';
import { courseFiles } from './tables.ts';

/**
 * What a lesson holds for whoever may read it: its blocks in order and its attached documents and
 * audio, with signed links. A lesson's detail embeds it, and so does a homework's task as its
 * checker reads it (homework feature), so both show the same thing.
 */
export const LessonContent = Type.Object({
  blocks: Type.Array(BlockBody),
  text_files: Type.Array(FileBody),
  audio_files: Type.Array(FileBody),
});
export type LessonContent = Static<typeof LessonContent>;

/** One query for the blocks, one for the files. */
export async function lessonContent(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, lessonId: number): Promise<LessonContent> {
  const blocks = await lessonBlockBodies(ctx.db, [lessonId], fileLinks(ctx));
  const files = await ctx.db
    .select()
    .from(courseFiles)
    .where(and(eq(courseFiles.lessonId, lessonId), inArray(courseFiles.kind, ['text', 'audio'])))
    .orderBy(asc(courseFiles.id));
  return {
    blocks: blocks.get(lessonId) ?? [],
    text_files: files.filter((file) => file.kind === 'text').map((file) => fileBody(ctx, file)),
    audio_files: files.filter((file) => file.kind === 'audio').map((file) => fileBody(ctx, file)),
  };
}
