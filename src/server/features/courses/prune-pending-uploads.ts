// Files uploaded first and referred to after (a chat message's, a hand-in's): a table of such
// pending uploads names each until something takes it; retention deletes those nothing took.
import { asc, eq, getTableName, inArray, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { deleteFiles, fileInUse } from './files.ts';
import { courseFiles } from './tables.ts';

/** A table of pending uploads: the file and when it was uploaded (chat_uploads, homework_uploads). */
export type PendingUploads = PgTable & { fileId: PgColumn; createdAt: PgColumn };

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
 * The foreign keys to course_files, read from the catalog: an upload is a school file, which the
 * school's settings, bonuses, prizes and others may show too, and a table added later counts
 * without a change here. The pending table itself is left out.
 */
async function fileReferences(db: Db, pendingTable: string): Promise<FileReference[]> {
  const result = (await db.execute(sql`
    select n.nspname as "schema", r.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class r on r.oid = c.conrelid
    join pg_namespace n on n.oid = r.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'course_files'::regclass and cardinality(c.conkey) = 1
  `)) as unknown as { rows: FileReference[] };
  return result.rows.filter((ref) => ref.table !== pendingTable);
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
 * Deletes the uploads of `pending` made more than `ageMs` before `now` that nothing took, with
 * their stored objects; an upload something shows only loses its pending row. Each batch is
 * decided under its files' row locks (FOR UPDATE, as taking a file does; files being taken are
 * skipped), and the files to delete are withdrawn from their uploader in the same transaction:
 * only a file's uploader may take it, so none can take them while their objects are deleted,
 * after the commit (no transaction waits on the storage, which on PGlite would hold every
 * request). A failing storage ends the run: its files keep their rows, and the next run tries
 * again. Returns the numbers deleted and kept.
 */
export async function prunePendingUploads(ctx: Pick<AppContext, 'db' | 'storage'>, pending: PendingUploads, ageMs: number, now: Date): Promise<{ deleted: number; kept: number }> {
  const before = new Date(now.getTime() - ageMs);
  const references = await fileReferences(ctx.db, getTableName(pending));
  let deleted = 0;
  let kept = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const { seen, used, unsent } = await ctx.db.transaction(async (tx) => {
      // The pending table's (created_at, file_id) index.
      const rows = await tx
        .select({ id: courseFiles.id, storageKey: courseFiles.storageKey })
        .from(pending)
        .innerJoin(courseFiles, eq(courseFiles.id, pending.fileId))
        .where(lt(pending.createdAt, before))
        .orderBy(asc(pending.createdAt), asc(pending.fileId))
        .limit(BATCH)
        .for('update', { of: courseFiles, skipLocked: true });
      if (rows.length === 0) return { seen: 0, used: new Set<number>(), unsent: [] };
      // Read after the lock: a message or hand-in sent just before it is seen here.
      const used = await filesInUse(tx, rows.map((row) => row.id), references);
      if (used.size > 0) await tx.delete(pending).where(inArray(pending.fileId, [...used]));
      const unsent = rows.filter((row) => !used.has(row.id));
      if (unsent.length > 0) await tx.update(courseFiles).set({ uploaderId: null }).where(inArray(courseFiles.id, unsent.map((row) => row.id)));
      return { seen: rows.length, used, unsent };
    });
    kept += used.size;
    // Objects first, then the rows (their pending rows go with them, on delete cascade).
    const gone = await deleteFiles(ctx, unsent);
    deleted += gone.length;
    if (gone.length < unsent.length || seen < BATCH) break;
  }
  return { deleted, kept };
}
