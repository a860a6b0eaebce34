// The benchmark's server process: the built API on a seeded database (10,000 catalogue courses,
// one school of 100,000 members, a course of 1,000 lessons with 10,000 students: outline-seed.mjs,
// and their 100,000 homework hand-ins: homework-seed.mjs)
// and, beside it, bare Fastify routes to compare with (a tiny answer, and one student's outline
// sent from memory). Prints one JSON line with the addresses, the
// admin's token and the outline's course with the tokens of OUTLINE_TOKENS of its students, then
// serves until SIGTERM.
// Usage: node tests/bench/bench-server.mjs pglite|<postgres url>
import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../dist/server/app.js';
import { loadConfig } from '../../dist/server/config.js';
import { openDatabase } from '../../dist/server/shared/db/database.js';
import { hashPassword } from '../../dist/server/shared/security/passwords.js';
import { issueSession } from '../../dist/server/shared/security/sessions.js';
import { queueQuery, seedHomeworkQueue } from './homework-seed.mjs';
import { sampleStudents, seedOutline } from './outline-seed.mjs';

const COURSES = 10_000;
const MEMBERS = 100_000;
const PASSWORD = 'Bench-pass-1';
/** Students whose tokens load the outline, one per request in turn. */
const OUTLINE_TOKENS = 1_000;

const target = process.argv[2] ?? 'pglite';
// PGlite on disk, as `npm start` runs it.
const dataDir = target === 'pglite' ? mkdtempSync(join(tmpdir(), 'ch-bench-')) : null;
const database = dataDir ? await openDatabase({ kind: 'pglite', dataDir }) : await openDatabase({ kind: 'postgres', url: target });
const config = loadConfig(
  { LOG_LEVEL: 'silent', DEMO: '1', SEED_DEMO: '0', RATE_LIMIT: '0', PUBLIC_URL: 'http://127.0.0.1', SECRET: randomBytes(32).toString('hex') },
  { staticDir: '/nonexistent' },
);
const app = await buildApp({ config, database, logger: false });

async function seed(db) {
  const hash = await hashPassword(PASSWORD);
  const far = new Date(Date.now() + 365 * 86_400_000);
  const [admin] = (await db.execute(sql`insert into users (email, password_hash, email_verified, first_name, last_name) values ('bench-admin@example.com', ${hash}, true, 'Анна', 'Бенчева') returning id`)).rows;
  const [school] = (
    await db.execute(sql`insert into schools (name, title, owner_id, tariff_id, trial_end_date, purchased_tariff_end_date, used_trial)
      values ('Bench', 'Школа нагрузки', ${admin.id}, 4, ${far}, ${far}, true) returning id`)
  ).rows;
  await db.execute(sql`insert into school_members (school_id, user_id, role) values (${school.id}, ${admin.id}, 'Admin')`);
  await db.execute(sql`insert into users (email, password_hash, email_verified, first_name, last_name)
    select 'bench-' || n || '@example.com', ${hash}, true, 'Ученик', 'Номер ' || n from generate_series(1, ${MEMBERS - 1}) as n`);
  await db.execute(sql`insert into school_members (school_id, user_id, role)
    select ${school.id}, id, 'Student' from users where email like 'bench-%@example.com' and id <> ${admin.id}`);
  await db.execute(sql`insert into courses (school_id, name, description, published, is_catalog, "order", price, duration_days)
    select ${school.id}, 'Курс ' || n, 'Описание курса номер ' || n || ': программирование, дизайн и аналитика', true, true, n % 100, n * 100, 30
    from generate_series(1, ${COURSES}) as n`);
  const started = performance.now();
  const outline = await seedOutline(db, { schoolId: school.id, teacherId: admin.id });
  const outlineSeedMs = Math.round(performance.now() - started);
  const handIns = await seedHomeworkQueue(db, { schoolId: school.id, courseId: outline.courseId, groupId: outline.groupId, teacherId: admin.id });
  await db.execute(sql`analyze`);
  return { ...outline, outlineSeedMs, handIns };
}

const started = performance.now();
const outline = await seed(app.ctx.db);
const seedMs = Math.round(performance.now() - started);
// Sessions issued directly: signing in 1,000 students would spend minutes in argon2.
const students = await sampleStudents(app.ctx.db, outline.groupId, OUTLINE_TOKENS);
const studentTokens = [];
for (const userId of students) studentTokens.push((await issueSession(app.ctx, userId)).access);
await app.listen({ host: '127.0.0.1', port: 0 });

// One student's outline, as the app answers it, to be sent as it is by the bare route: what
// moving those bytes alone costs under the same load.
const sample = await app.inject({ method: 'GET', url: `/api/Bench/courses/${outline.courseId}/sections/`, headers: { authorization: `Bearer ${studentTokens[studentTokens.length >> 1]}` } });
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
bare.get('/outline', async (_request, reply) => reply.type('application/json; charset=utf-8').send(sample.rawPayload));
await bare.listen({ host: '127.0.0.1', port: 0 });

const login = await app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'bench-admin@example.com', password: PASSWORD } });
const port = (server) => server.server.address().port;
process.stdout.write(
  `${JSON.stringify({
    app: `http://127.0.0.1:${port(app)}`,
    bare: `http://127.0.0.1:${port(bare)}/bare`,
    bareOutline: `http://127.0.0.1:${port(bare)}/outline`,
    school: 'Bench',
    token: login.json().access,
    outline: { course: outline.courseId, students, tokens: studentTokens },
    homework: { url: `/api/Bench/homeworks_stats/?${queueQuery(outline.courseId)}`, handIns: outline.handIns },
    seedMs,
    outlineSeedMs: outline.outlineSeedMs,
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  })}\n`,
);

process.once('SIGTERM', async () => {
  await Promise.all([app.close(), bare.close()]);
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
