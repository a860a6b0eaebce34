// Migrated in-memory PGlite databases for the server suite, kept per test worker (the 'server'
// project runs with isolate: false, so this module lives as long as the worker). Booting PGlite
// runs initdb in WebAssembly (4–10 s on a busy 2-core machine); a database handed back by a
// closed test app is emptied instead (TRUNCATE … RESTART IDENTITY, about 0.2 s), so each test app
// still starts on a database as fresh as a new one: no rows, identities from 1.
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/shared/db/database.ts';

interface Template {
  /** The migrated data directory that further databases of this worker start from. */
  dump: Blob;
  /** Every table of the schema, for TRUNCATE. */
  tables: string;
  /** The schema's shape: a database whose test altered it is thrown away, not reused. */
  shape: string;
}

// Tables, columns, defaults, constraints, indexes, triggers and functions of the public schema.
const SHAPE = sql`select md5(string_agg(item, '|' order by item)) as shape from (
  select format('%s.%s %s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid)) as item
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
  union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
  union all select indexdef from pg_indexes where schemaname = 'public'
  union all select pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace
  union all select pg_get_functiondef(oid) from pg_proc where pronamespace = 'public'::regnamespace and prokind = 'f'
) items`;

// With the job runner's jobs, runs and schedules (its queues and version stay: they are the same for every app).
const TABLES = sql`select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables from pg_tables
  where schemaname = 'public' or (schemaname = 'pgboss' and tablename in ('job', 'archive', 'schedule'))`;

// Two covers every test: some hold a second app open beside their file's main one.
const KEEP = 2;
const idle: Database[] = [];
let template: Promise<Template> | undefined;

async function one<T>(database: Database, query: typeof SHAPE): Promise<T> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

/** The worker's first database: booted and migrated, then dumped for the ones after it. */
async function boot(): Promise<{ database: Database; template: Template }> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = (await client.dumpDataDir('none')) as Blob;
  const { tables } = await one<{ tables: string }>(database, TABLES);
  const { shape } = await one<{ shape: string }>(database, SHAPE);
  return { database, template: { dump, tables, shape } };
}

/** Empties a used database; false when it cannot be made fresh (its schema was changed, it broke). */
async function reset(database: Database, { tables, shape }: Template): Promise<boolean> {
  try {
    if ((await one<{ shape: string }>(database, SHAPE)).shape !== shape) return false;
    await database.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
    return true;
  } catch {
    return false;
  }
}

/** A migrated, empty database; close() gives it back to the pool. */
export async function acquirePglite(): Promise<Database> {
  if (!template) {
    const booted = boot();
    template = booted.then(({ template }) => template);
    // A failed boot is this caller's failure; the next caller tries again.
    template.catch(() => (template = undefined));
    return lend((await booted).database);
  }
  const current = await template;
  for (let database = idle.pop(); database; database = idle.pop()) {
    if (await reset(database, current)) return lend(database);
    await database.close().catch(() => undefined);
  }
  return lend(await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: current.dump }));
}

function lend(database: Database): Database {
  let returned = false;
  return {
    ...database,
    async close() {
      if (returned) return;
      returned = true;
      if (idle.length < KEEP) idle.push(database);
      else await database.close();
    },
  };
}
