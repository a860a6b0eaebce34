// Retention of the chats feature (retention.ts runs it hourly): files uploaded for a message
// (chat-file-routes.ts) that no message took are deleted with their stored objects.
import { asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { courseFiles, deleteFiles, fileInUse } from '../courses/index.ts';
import { chatUploads } from './tables.ts';

/**
 * A chat upload no message took within a day is deleted: a message follows its files within
 * minutes, a day also covers a message written slowly or sent after a break, and a file nobody
 * can see only takes the school's storage.
 */
export const UNSENT_CHAT_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** Uploads looked at per transaction. */
const BATCH = 100;
/** Batches per run at most: a larger backlog is left for the next run. */
const MAX_BATCHES = 100;

/** A column of another table that points at course_files (an attachment, a logo, an icon, a cover…). */
interface FileReference {
  schema: string;
  table: string;
  column: string;
}

/**
 * The foreign keys to course_files, read from the catalog: a chat upload is a school file, which
 * the school's settings, bonuses, prizes and others may show too, and a table added later counts
 * without a change here. chat_uploads itself is left out.
 */
async function fileReferences(db: Db): Promise<FileReference[]> {
  const result = (await db.execute(sql`
    select n.nspname as "schema", r.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class r on r.oid = c.conrelid
    join pg_namespace n on n.oid = r.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'course_files'::regclass and cardinality(c.conkey) = 1
  `)) as unknown as { rows: FileReference[] };
  return result.rows.filter((ref) => ref.table !== 'chat_uploads');
}

/** Of `ids`, the files something shows: a message, a block, a cover, a logo… */
async function filesInUse(db: Db, ids: readonly number[], references: readonly FileReference[]): Promise<Set<number>> {
  const used = new Set<number>();
  for (const ref of references) {
    const column = sql.identifier(ref.column);
    const rows = (await db.execute(
      sql`select distinct ${column} as "id" from ${sql.identifier(ref.schema)}.${sql.identifier(ref.table)} where ${column} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )) as unknown as { rows: { id: number }[] };
    for (const row of rows.rows) used.add(Number(row.id));
  }
  // Blocks name their file in their content, not by a foreign key.
  for (const id of ids) if (!used.has(id) && (await fileInUse(db, id))) used.add(id);
  return used;
}

/**
 * Deletes the chat uploads made more than a day before `now` that no message took, with their
 * stored objects; an upload a message (or anything else) shows only loses its chat_uploads row.
 * Each batch is decided under its files' row locks (FOR UPDATE, as sending a message takes them;
 * files being sent are skipped), and the files to delete are withdrawn from their uploader in the
 * same transaction: a message takes only its sender's own files (chat-routes.ts), so none can take
 * them while their objects are deleted, after the commit (no transaction waits on the storage,
 * which on PGlite would hold every request). A failing storage ends the run: its files keep their
 * rows, and the next run tries again. Returns the numbers deleted and kept.
 */
export async function pruneChatUploads(ctx: Pick<AppContext, 'db' | 'storage'>, now: Date): Promise<{ deleted: number; kept: number }> {
  const before = new Date(now.getTime() - UNSENT_CHAT_UPLOAD_MS);
  const references = await fileReferences(ctx.db);
  let deleted = 0;
  let kept = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const { seen, used, unsent } = await ctx.db.transaction(async (tx) => {
      // chat_uploads_created_idx.
      const rows = await tx
        .select({ id: courseFiles.id, storageKey: courseFiles.storageKey })
        .from(chatUploads)
        .innerJoin(courseFiles, eq(courseFiles.id, chatUploads.fileId))
        .where(lt(chatUploads.createdAt, before))
        .orderBy(asc(chatUploads.createdAt), asc(chatUploads.fileId))
        .limit(BATCH)
        .for('update', { of: courseFiles, skipLocked: true });
      if (rows.length === 0) return { seen: 0, used: new Set<number>(), unsent: [] };
      // Read after the lock: a message sent just before it is seen here.
      const used = await filesInUse(tx, rows.map((row) => row.id), references);
      if (used.size > 0) await tx.delete(chatUploads).where(inArray(chatUploads.fileId, [...used]));
      const unsent = rows.filter((row) => !used.has(row.id));
      if (unsent.length > 0) await tx.update(courseFiles).set({ uploaderId: null }).where(inArray(courseFiles.id, unsent.map((row) => row.id)));
      return { seen: rows.length, used, unsent };
    });
    kept += used.size;
    // Objects first, then the rows (their chat_uploads rows go with them, on delete cascade).
    const gone = await deleteFiles(ctx, unsent);
    deleted += gone.length;
    if (gone.length < unsent.length || seen < BATCH) break;
  }
  return { deleted, kept };
}
