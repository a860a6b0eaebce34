// The load model's database (issue 27): migrated and seeded at scale once, then reused by every
// run (seeding the full scale takes about 30 s on PostgreSQL, a minute on PGlite). The seed runs in
// one transaction, so a database holding the school «Нагрузка» holds all of it; one seeded at
// another scale is refused rather than mixed.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../dist/server/shared/db/database.js';
import { upsertReferenceData } from '../../dist/server/shared/db/reference-data.js';
import { hashPassword } from '../../dist/server/shared/security/passwords.js';
import { LOAD_PASSWORD, seedScale } from './seed-scale.mjs';

/** Creates a PostgreSQL database named in `url` when the server does not have it yet. */
async function ensurePostgresDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Opens the target (`{ kind: 'pglite', dataDir }` or `{ kind: 'postgres', url }`), migrates it and
 * seeds `scale` unless it is seeded already; closes it again, so the server can open it.
 * @returns {Promise<{ seeded: boolean, seedMs: number, school: string, courseId: number, counts: Record<string, number> }>}
 */
export async function prepareLoadData(target, scale) {
  if (target.kind === 'postgres') await ensurePostgresDatabase(target.url);
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
