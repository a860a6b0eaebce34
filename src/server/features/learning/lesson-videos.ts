import { and, eq } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { lessonBlocks } from '../courses/index.ts';

/** A lesson's videos as its completion reads them. */
export interface LessonVideos {
  /** Video blocks with a video (a link or an uploaded file). */
  count: number;
  /** Of them, uploaded files: played in the page's own <video>, whose length the browser always knows. */
  uploaded: number;
}

/**
 * The video blocks of a lesson that show a video: a plain lesson with one is completed when it is
 * watched, not when it is opened. One query on the lesson's blocks.
 */
export async function lessonVideos(db: Db, lessonId: number): Promise<LessonVideos> {
  const rows = await db
    .select({ content: lessonBlocks.content })
    .from(lessonBlocks)
    .where(and(eq(lessonBlocks.lessonId, lessonId), eq(lessonBlocks.type, 'video')));
  let count = 0;
  let uploaded = 0;
  for (const { content } of rows) {
    const { url, file_id: fileId } = (content ?? {}) as { url?: unknown; file_id?: unknown };
    if (typeof fileId === 'number') uploaded += 1;
    else if (typeof url !== 'string' || url.trim() === '') continue;
    count += 1;
  }
  return { count, uploaded };
}
