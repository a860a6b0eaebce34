// Migrated databases for the server suite, kept per test worker (the 'server' project runs with
// isolate: false, so this module lives as long as the worker): in-memory PGlite by default, or
// databases on the PostgreSQL server of TEST_DATABASE_URL, copied from the run's migrated template
// (tests/setup/postgres-template.ts). A new one costs seconds on PGlite (initdb in WebAssembly)
// and a file copy on PostgreSQL, so a database handed back by a closed test app is emptied instead
// and lent to the next: no rows, identities from 1, as fresh as a new one. Emptying deletes the
// rows of the tables that have any and rewinds the sequences that moved (about 20 ms); TRUNCATE of
// all hundred tables made new files for each and took 0.2–0.5 s, a fifth of a small file's time.
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/shared/db/database.ts';
import { admin, withDatabase } from '../helpers/postgres-admin.ts';

interface Template {
  /** Names the tables that have rows: every table of the schema and the job runner's jobs, runs and schedules. */
  nonEmpty: SQL;
  /** The catalogs' state: a database whose test changed the schema is thrown away, not reused. */
  catalog: string;
}

// Any DDL on the schema's tables, columns, defaults, constraints, indexes, triggers or functions
// writes catalog rows with a newer transaction id; emptying tables writes none. (The job runner's
// own schema is left out: it adds a table per queue as apps start.)
const PUBLIC_RELATIONS = `select oid from pg_class where relnamespace = 'public'::regnamespace`;
const CATALOG = sql.raw(
  `select concat_ws('|', ${[
    `pg_class where relnamespace = 'public'::regnamespace`,
    `pg_attribute where attrelid in (${PUBLIC_RELATIONS})`,
    `pg_attrdef where adrelid in (${PUBLIC_RELATIONS})`,
    `pg_constraint where connamespace = 'public'::regnamespace`,
    `pg_index where indrelid in (${PUBLIC_RELATIONS})`,
    `pg_trigger where tgrelid in (${PUBLIC_RELATIONS})`,
    `pg_proc where pronamespace = 'public'::regnamespace`,
  ]
    .map((rows) => `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${rows})`)
    .join(', ')}) as catalog`,
);

// The job runner's queues and version stay: they are the same for every app.
const TABLES = sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname = 'public' or (schemaname = 'pgboss' and tablename in ('job', 'archive', 'schedule'))`;

const USED_SEQUENCES = sql`select format('%I.%I', schemaname, sequencename) as name, start_value from pg_sequences
  where schemaname = 'public' and last_value is not null`;

// Deleted rows stay in the files as dead tuples until a vacuum (PGlite runs none): a database
// whose tables grew past this (a test that wrote 100,000 rows) is replaced by a fresh copy.
const MAX_BYTES = 32 * 1024 * 1024;
const SIZE = sql`select coalesce(sum(pg_total_relation_size(oid)), 0)::bigint as bytes from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`;

// Two covers every test: some hold a second app open beside their file's main one.
const KEEP = 2;
const idle: Database[] = [];
let template: Promise<Template> | undefined;

async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function templateOf(database: Database): Promise<Template> {
  const tables = await rows<{ name: string }>(database, TABLES);
  const nonEmpty = sql.raw(tables.map(({ name }) => `select '${name}' as name where exists (select from ${name})`).join(' union all '));
  return { nonEmpty, catalog: (await rows<{ catalog: string }>(database, CATALOG))[0]!.catalog };
}

/** Empties a used database; false when it cannot be made fresh (its schema was changed, it grew, it broke). */
async function reset(database: Database, { nonEmpty, catalog }: Template): Promise<boolean> {
  try {
    if ((await rows<{ catalog: string }>(database, CATALOG))[0]!.catalog !== catalog) return false;
    if (Number((await rows<{ bytes: string }>(database, SIZE))[0]!.bytes) > MAX_BYTES) return false;
    const tables = await rows<{ name: string }>(database, nonEmpty);
    const sequences = await rows<{ name: string; start_value: string }>(database, USED_SEQUENCES);
    // In any order: foreign keys are not checked while replicating (set local: for this block only).
    const statements = [
      'set local session_replication_role = replica;',
      ...tables.map(({ name }) => `delete from ${name};`),
      ...sequences.map(({ name, start_value }) => `perform setval('${name}', ${start_value}, false);`),
    ];
    await database.db.execute(sql.raw(`do $$ begin ${statements.join(' ')} end $$`));
    return true;
  } catch {
    return false;
  }
}

/** Where new databases come from: PGlite booted once and then loaded from its dump, or copies of the PostgreSQL template. */
interface Source {
  open(): Promise<Database>;
  discard(database: Database): Promise<void>;
}

function pgliteSource(): Source {
  let dump: Promise<Blob> | undefined;
  // Nothing here outlives the worker: a commit need not wait for its WAL to be written (about a
  // sixth of a small write's time in WebAssembly). Per session, so on every database opened.
  const open = async (loadDataDir?: Blob) => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null, ...(loadDataDir ? { loadDataDir } : {}) });
    await database.db.execute(sql`set synchronous_commit = off`);
    return database;
  };
  return {
    async open() {
      if (dump) return open(await dump);
      const database = await open();
      try {
        await database.migrate();
        dump = (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none') as Promise<Blob>;
        await dump;
      } catch (error) {
        dump = undefined;
        await database.close();
        throw error;
      }
      return database;
    },
    discard: (database) => database.close(),
  };
}

function postgresSource(url: string): Source {
  // Without the template (a file run outside the server project) each copy migrates itself.
  const templateName = inject('postgresTemplate');
  const names = new WeakMap<Database, string>();
  return {
    async open() {
      const name = `${templateName ?? 'coursehub_template'}_${randomBytes(6).toString('hex')}`.replace('_template_', '_test_');
      await admin(url, `create database "${name}"${templateName ? ` template "${templateName}"` : ''}`);
      const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name) });
      names.set(database, name);
      if (!templateName) await database.migrate();
      return database;
    },
    async discard(database) {
      await database.close();
      await admin(url, `drop database if exists "${names.get(database)}" with (force)`);
    },
  };
}

let source: Source | undefined;

/** A migrated, empty database for a test app; close() gives it back to the pool. */
export async function acquireDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  source ??= url ? postgresSource(url) : pgliteSource();
  if (template) {
    const current = await template;
    for (let database = idle.pop(); database; database = idle.pop()) {
      if (await reset(database, current)) return lend(database);
      await source.discard(database).catch(() => undefined);
    }
  }
  const database = await source.open();
  if (!template) {
    template = templateOf(database);
    // A failed look is this caller's failure; the next caller tries again.
    template.catch(() => (template = undefined));
    await template;
  }
  return lend(database);
}

function lend(database: Database): Database {
  let returned = false;
  return {
    ...database,
    async close() {
      if (returned) return;
      returned = true;
      if (idle.length < KEEP) idle.push(database);
      else await source!.discard(database);
    },
  };
}
