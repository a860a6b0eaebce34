import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { accessLogs } from './tables.ts';
import { COUNT_CAP } from './access-log-routes.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;
/** Reading the log is logged too: the tests look at the traffic before this moment. */
let cutoff: string;

interface Row {
  id: number;
  user_id: number | null;
  user_email: string | null;
  impersonator_id: number | null;
  method: string;
  path: string;
  status: number;
  event: string | null;
  created_at: string;
}

// The access log is written after each answer has gone out: wait until it holds `n` rows.
const settle = (n: number) => vi.waitFor(async () => expect((await t.app.ctx.db.select({ id: accessLogs.id }).from(accessLogs)).length).toBeGreaterThanOrEqual(n));

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
  owner = await registerOwner(t.app, { schoolTitle: 'Журнал', email: 'log-owner@example.com' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужой журнал', email: 'log-other@example.com' });
  // Some traffic in both schools: successes and a refusal.
  await call(t.app, 'GET', `/api/schools/${owner.schoolId}/`, { token: teacher.access });
  await call(t.app, 'GET', `/api/schools/${owner.schoolId}/`, { token: student.access });
  await call(t.app, 'GET', `/api/${owner.schoolName}/all_users/`, { token: student.access });
  await call(t.app, 'PATCH', `/api/schools/${owner.schoolId}/`, { token: owner.access, body: { test_course: true } });
  await call(t.app, 'GET', `/api/schools/${other.schoolId}/`, { token: other.access });
  await settle(5);
  cutoff = encodeURIComponent(new Date().toISOString());
});
afterAll(() => t.close());

const list = async (query = '', token = owner.access, until: string | null = cutoff) => {
  const res = await call(t.app, 'GET', `/api/api-request-logs/?school=${owner.schoolName}${query}${until ? `&date_to=${until}` : ''}`, { token });
  return { ...res, rows: (res.body?.results ?? []) as Row[] };
};

describe('GET /api-request-logs/', () => {
  it("lists the school's requests, newest first", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 4, next: null, previous: null });
    expect(res.rows.map((r) => [r.method, r.status, r.user_id])).toEqual([
      ['PATCH', 200, owner.id],
      ['GET', 403, student.id],
      ['GET', 200, student.id],
      ['GET', 200, teacher.id],
    ]);
    expect(res.rows[3]).toEqual({
      id: expect.any(Number),
      user_id: teacher.id,
      user_email: teacher.email,
      impersonator_id: null,
      method: 'GET',
      path: `/api/schools/${owner.schoolId}/`,
      status: 200,
      duration_ms: expect.any(Number),
      ip: expect.any(String),
      event: null,
      created_at: expect.any(String),
    });
  });

  it('pages with p and s', async () => {
    const first = await list('&s=3');
    expect(first.body).toMatchObject({ count: 4, previous: null, next: expect.stringContaining('p=2') });
    expect(first.rows).toHaveLength(3);
    const second = await list('&s=3&p=2');
    expect(second.rows).toHaveLength(1);
    expect(second.body).toMatchObject({ next: null, previous: expect.stringContaining('p=1') });
    const beyond = await list('&s=3&p=9');
    expect(beyond.body).toMatchObject({ count: 4, results: [] });
  });

  it.each([
    ['user_id', () => `&user_id=${student.id}`, 2],
    ['method (any case)', () => '&method=patch', 1],
    ['status', () => '&status=403', 1],
    ['path (substring, any case)', () => '&path=ALL_USERS', 1],
    ['path with LIKE wildcards taken literally', () => '&path=%25', 0],
    ['date_from today', () => `&user_id=${student.id}&date_from=${new Date().toISOString().slice(0, 10)}`, 2],
    ['date_from after the traffic', () => `&date_from=${cutoff}`, 0],
    ['several filters together', () => `&user_id=${student.id}&status=200&method=GET`, 1],
  ])('filters by %s', async (_name, query, n) => {
    const res = await list(query());
    expect(res.status).toBe(200);
    expect(res.body!.count).toBe(n);
    expect(res.rows).toHaveLength(n);
  });

  it('takes a bare date_to as the whole day, and shows the reading of the log itself', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // The earlier readings' rows are written in a batch by a background job: wait for it.
    await t.app.ctx.jobs.idle();
    const res = await list(`&date_to=${today}`, owner.access, null);
    expect(res.body!.count).toBeGreaterThan(4);
    expect(res.rows[0]).toMatchObject({ user_id: owner.id, path: '/api/api-request-logs/' });
    expect((await list('&date_to=2020-01-01', owner.access, null)).body!.count).toBe(0);
  });

  it('is for admins of the school only, and shows no other school', async () => {
    expect((await call(t.app, 'GET', `/api/api-request-logs/?school=${owner.schoolName}`)).status).toBe(401);
    expect((await list('', teacher.access)).status).toBe(403);
    expect((await list('', student.access)).status).toBe(403);
    const foreign = await list('', other.access);
    expect(foreign.status).toBe(403);
    expect(foreign.body).not.toHaveProperty('results');
    const own = await call(t.app, 'GET', `/api/api-request-logs/?school=${other.schoolName}`, { token: other.access });
    expect(own.status).toBe(200);
    expect((own.body!.results as Row[]).every((r) => r.user_id === other.id)).toBe(true);
    expect((await call(t.app, 'GET', '/api/api-request-logs/?school=No_such_school', { token: owner.access })).status).toBe(404);
  });

  it.each([
    ['no school', '', 'school'],
    ['a malformed school', '?school=a%20b', 'school'],
    ['a text user_id', '?school=X&user_id=abc', 'user_id'],
    ['user_id 0', '?school=X&user_id=0', 'user_id'],
    ['a status out of range', '?school=X&status=42', 'status'],
    ['a malformed method', '?school=X&method=G3T', 'method'],
    ['a date that is no ISO date', '?school=X&date_from=yesterday', 'date_from'],
    ['an impossible date', '?school=X&date_to=2025-13-45', 'date_to'],
    ['a period that ends before it starts', '?school=X&date_from=2025-02-01&date_to=2025-01-01', 'date_to'],
    ['page 0', '?school=X&p=0', 'p'],
  ])('answers %s with 400 and a field error', async (_name, query, field) => {
    const res = await call(t.app, 'GET', `/api/api-request-logs/${query}`, { token: owner.access });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!.fields as object)).toContain(field);
  });

  it('counts a large log only up to its cap, and the school narrows by date to read further', async () => {
    // Old traffic of another school: a year ago, so the other tests' "newest first" stay as they were.
    await t.app.ctx.db.execute(
      sql`insert into access_logs (school_id, method, path, status, duration_ms, ip, created_at)
          select ${other.schoolId}, 'GET', '/api/x/', 200, 1, '127.0.0.1', now() - interval '365 days' + n * interval '1 second'
          from generate_series(1, ${COUNT_CAP + 5}) as n`,
    );
    const all = await call(t.app, 'GET', `/api/api-request-logs/?school=${other.schoolName}&s=100`, { token: other.access });
    expect(all.body).toMatchObject({ count: COUNT_CAP });
    expect(all.body!.results).toHaveLength(100);
    const lastPage = COUNT_CAP / 100;
    expect((await call(t.app, 'GET', `/api/api-request-logs/?school=${other.schoolName}&s=100&p=${lastPage}`, { token: other.access })).body).toMatchObject({ next: null });
    const early = new Date(Date.now() - 365 * 86_400_000 + 100_000).toISOString();
    const narrow = await call(t.app, 'GET', `/api/api-request-logs/?school=${other.schoolName}&date_to=${early}`, { token: other.access });
    expect(narrow.body!.count).toBeGreaterThan(0);
    expect(narrow.body!.count).toBeLessThan(1_000);
  });

  it('stores no query strings in the log', async () => {
    const before = (await t.app.ctx.db.select({ id: accessLogs.id }).from(accessLogs)).length;
    await list('&path=secret-looking');
    await settle(before + 1);
    const rows = await t.app.ctx.db.select({ path: accessLogs.path }).from(accessLogs);
    expect(rows.some((r) => r.path.includes('?'))).toBe(false);
  });
});
