// The load model's database (issue 27): migrated and seeded at scale once, then copied for every
// run, so each run starts from the same rows (a run's messages, hand-ins and progress would
// otherwise make the next one slower: unread counts grow with every message nobody reads). Seeding
// the full scale takes about 30 s on PostgreSQL and 80 s on PGlite; the copy a few seconds. The
// seed runs in one transaction, so a database holding the school «Нагрузка» holds all of it; one
// seeded at another scale is refused rather than mixed.
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../dist/server/shared/db/database.js';
import { upsertReferenceData } from '../../dist/server/shared/db/reference-data.js';
import { hashPassword } from '../../dist/server/shared/security/passwords.js';
import { LOAD_PASSWORD, seedScale } from './seed-scale.mjs';

/** The database named in `url` and `url` with another database name. */
const databaseName = (url) => decodeURIComponent(new URL(url).pathname.slice(1));
function withDatabase(url, name) {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(name)}`;
  return next.href;
}
const quoted = (name) => `"${name.replaceAll('"', '""')}"`;

/** Runs `work` with a client on the server's `postgres` database (to create and drop others). */
async function onServer(url, work) {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes the run's database from the seeded one: on PostgreSQL the database of `target.url` is
 * created anew from `<name>_seed` (a template copy); on PGlite `target.dataDir`'s parent gets a
 * copy of the seeded directory (`serverDataDir`: the server's DATA_DIR). Seeds first when there is
 * no seeded one.
 * @returns {Promise<{ serverDataDir?: string, seeded: boolean, seedMs: number, school: string, courseId: number, counts: Record<string, number> }>}
 */
export async function prepareLoadData(target, scale) {
  if (target.kind === 'postgres') {
    const name = databaseName(target.url);
    const seedName = `${name}_seed`;
    await onServer(target.url, async (client) => {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [seedName]);
      if (!rowCount) await client.query(`create database ${quoted(seedName)}`);
    });
    const data = await seedOnce({ kind: 'postgres', url: withDatabase(target.url, seedName) }, scale);
    await onServer(target.url, async (client) => {
      await client.query(`drop database if exists ${quoted(name)} with (force)`);
      await client.query(`create database ${quoted(name)} template ${quoted(seedName)}`);
    });
    return data;
  }
  // PGlite: DATA_DIR/seed/pglite is kept; the run gets DATA_DIR/run/pglite, a fresh copy.
  const root = dirname(target.dataDir);
  const seedDir = join(root, 'seed', 'pglite');
  const data = await seedOnce({ kind: 'pglite', dataDir: seedDir }, scale);
  const runDir = join(root, 'run');
  rmSync(runDir, { recursive: true, force: true });
  cpSync(seedDir, join(runDir, 'pglite'), { recursive: true });
  return { serverDataDir: runDir, ...data };
}

/** Migrates the seed's database and seeds `scale` unless it holds it already; closes it again. */
async function seedOnce(target, scale) {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    await upsertReferenceData(database.db);
    const found = await present(database.db);
    if (found) {
      if (found.counts.students !== scale.students || found.counts.schools !== scale.schools) {
        throw new Error(`the load database holds another scale (${JSON.stringify(found.counts)}); empty it or use another one`);
      }
      return { seeded: false, seedMs: 0, ...found };
    }
    const started = performance.now();
    const passwordHash = await hashPassword(LOAD_PASSWORD);
    const seeded = await database.db.transaction((tx) => seedScale(tx, { passwordHash, scale }));
    return { seeded: true, seedMs: Math.round(performance.now() - started), school: seeded.schoolName, courseId: seeded.courseId, counts: seeded.counts };
  } finally {
    await database.close();
  }
}

/** What an earlier seed left: the big school, its course and the counts, or null. */
async function present(db) {
  const [row] = (
    await db.execute(sql`select s.name as school, (select min(id) from courses where school_id = s.id) as course_id,
      (select count(*) from schools)::int as schools, (select count(*) from school_members where school_id = s.id and role = 'Student')::int as students
      from schools s where s.name = 'Load'`)
  ).rows;
  return row ? { school: row.school, courseId: Number(row.course_id), counts: { schools: row.schools, students: row.students } } : null;
}
