import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from './database.ts';

/**
 * Reads a statement's rows in batches through a server-side cursor, for exports of any size: the
 * rows are never all in the process's memory, and the statement runs once (a sorted export is
 * sorted once, not once per batch as keyset or offset paging would).
 *
 * The cursor is declared WITH HOLD outside a transaction: PostgreSQL runs the statement and keeps
 * its result on the database server (temp files past work_mem), and no transaction stays open
 * while the client downloads. That matters most on PGlite, one connection for the whole process,
 * where an open transaction would hold every other request. On a PostgreSQL server the cursor
 * belongs to its connection, so the reading keeps one pooled connection until it ends (at most
 * MAX_POOLED_CURSORS at once; more readers wait for a turn).
 *
 * Values come as node-postgres and PGlite parse them by default: cast what should be a number
 * to int or float8 (bigint and numeric come as strings).
 */
export async function* cursorBatches<T>(db: Db, statement: SQL, batchSize = 1000): AsyncGenerator<T[], void, undefined> {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const pool = client instanceof pg.Pool ? client : undefined;
  if (pool) await takeSlot(pool);
  let connection: pg.PoolClient | undefined;
  let declared = false;
  let broken: Error | undefined;
  const query = async (statementText: string, values?: unknown[]): Promise<T[]> =>
    connection ? (await connection.query(statementText, values)).rows : (await (client as PGlite).query<T>(statementText, values)).rows;
  // PGlite's one session is shared by every request: each cursor has a name of its own.
  const name = `export_${randomBytes(8).toString('hex')}`;
  try {
    connection = await pool?.connect();
    await query(`declare ${name} no scroll cursor with hold for ${text}`, params);
    declared = true;
    for (;;) {
      const rows = await query(`fetch forward ${batchSize} from ${name}`);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) return;
    }
  } finally {
    // Also when the consumer stops early (a client that went away): the held result is freed.
    if (declared) {
      await query(`close ${name}`).catch((error: unknown) => {
        broken = error instanceof Error ? error : new Error(String(error));
      });
    }
    // A connection whose cursor could not be closed is discarded, not pooled.
    connection?.release(broken);
    if (pool) releaseSlot(pool);
  }
}

/**
 * Cursors open at once on a pool: each keeps a connection until its reader ends (a download as
 * slow as its client), so a few slow downloads must not take the connections every request needs.
 * Further readers wait for a turn.
 */
export const MAX_POOLED_CURSORS = 3;
const turns = new WeakMap<pg.Pool, { open: number; waiting: (() => void)[] }>();

async function takeSlot(pool: pg.Pool): Promise<void> {
  let state = turns.get(pool);
  if (!state) turns.set(pool, (state = { open: 0, waiting: [] }));
  if (state.open >= MAX_POOLED_CURSORS) await new Promise<void>((resolve) => state.waiting.push(resolve));
  else state.open += 1;
}

function releaseSlot(pool: pg.Pool): void {
  const state = turns.get(pool)!;
  // The turn passes to the next reader waiting, or is given back.
  const next = state.waiting.shift();
  if (next) next();
  else state.open -= 1;
}
