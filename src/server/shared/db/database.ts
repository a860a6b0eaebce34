import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';
import { installJobSchema } from '../jobs/job-runner.ts';
import { pgliteExecutor, poolExecutor, type SqlExecutor } from '../jobs/sql-executor.ts';

export type Schema = typeof schema;
/** The same Drizzle API over PGlite and over a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Plain SQL text and values past Drizzle, for the job runner (pg-boss). */
  sql: SqlExecutor;
  /** Applies the committed migrations that are not applied yet, and the job runner's schema. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  /** loadDataDir: start an in-memory database from a dump (tests: a migrated template). */
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string };

/**
 * PostgreSQL's 128 MB of shared buffers are touched at start inside PGlite's WebAssembly memory,
 * which never shrinks: 16 MB keeps the embedded server about 130 MB smaller (tests/bench/
 * pglite-memory.mjs). Pages beyond them are read through the operating system's file cache.
 * A start parameter, not postgresql.conf, so the data directory's own file is left as it is.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Opens the embedded PGlite database (a directory kept across restarts, or in memory when
 * dataDir is null) or a PostgreSQL server.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    // PGlite is single-process: a second server on the same directory would corrupt it.
    const release = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
    let client: PGlite;
    try {
      // Extensions the migrations create must be loaded by every PGlite that opens the data.
      const pgliteOptions: PGliteOptions = { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS };
      if (options.loadDataDir) pgliteOptions.loadDataDir = options.loadDataDir;
      client = options.dataDir ? new PGlite(options.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
      await client.waitReady;
    } catch (error) {
      release();
      throw error;
    }
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    const sql = pgliteExecutor(client);
    return {
      db,
      kind: 'pglite',
      sql,
      async migrate() {
        await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
        await installJobSchema(sql);
      },
      async close() {
        await client.close();
        release();
      },
    };
  }

  // Bounded waits: an unreachable server (or a pool busy that long) fails the request with 503
  // instead of hanging it, and keep-alive notices a peer that vanished without closing.
  const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 10_000, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  // A dropped connection must not crash the process: an idle client's error reaches the pool, a
  // checked-out client's only the client itself (without a listener Node throws it). The query
  // that was running fails, the pool drops the client, and the next query opens a new one.
  const ignore = () => undefined;
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const sql = poolExecutor(pool);
  return {
    db,
    kind: 'postgres',
    sql,
    async migrate() {
      await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await installJobSchema(sql);
    },
    close: () => pool.end(),
  };
}
