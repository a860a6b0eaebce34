import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessLogs } from '../access-logs/tables.ts';
import { schoolMembers, sessions } from '../../shared/db/core-tables.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let admin: Account;
let teacher: Account;
let student: Account;
let other: Owner;
let otherStudent: Account;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
  owner = await registerOwner(t.app, { schoolTitle: 'Просмотр', email: 'viewer-owner@example.com' });
  admin = await addMember(t.app, owner.schoolId, 'Admin');
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Сергей', lastName: 'Студентов' });
  other = await registerOwner(t.app, { schoolTitle: 'Соседи', email: 'neighbour@example.com' });
  otherStudent = await addMember(t.app, other.schoolId, 'Student');
});
afterAll(() => t.close());

// The access log is written after each answer has gone out: wait until it has the event.
const settle = (event: string) =>
  vi.waitFor(async () => expect((await t.app.ctx.db.select({ id: accessLogs.id }).from(accessLogs).where(eq(accessLogs.event, event))).length).toBeGreaterThan(0));

const start = (token: string | undefined, body: unknown) => call(t.app, 'POST', '/api/impersonate/start/', { ...(token ? { token } : {}), body });
const stop = (token: string | undefined) => call(t.app, 'POST', '/api/impersonate/stop/', token ? { token } : {});

describe('impersonation', () => {
  it('lets an admin view the site as a student of the school, logged, and come back', async () => {
    const started = await start(owner.access, { user_id: student.id, school: owner.schoolName });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      user: { id: student.id, email: student.email, username: student.email, first_name: 'Сергей', last_name: 'Студентов' },
      impersonator: { id: owner.id, email: owner.email },
    });
    const asStudent = started.body!.access as string;

    const me = await call(t.app, 'GET', '/api/user/', { token: asStudent });
    expect(me.body).toMatchObject({ id: student.id, email: student.email });
    const school = await call(t.app, 'GET', `/api/schools/${owner.schoolId}/`, { token: asStudent });
    expect(school.status).toBe(200);
    // Seen as the student: no admin-only data.
    expect(school.body).toMatchObject({ referral_code: null });

    // One level only.
    const nested = await start(asStudent, { user_id: student.id, school: owner.schoolName });
    expect(nested.status).toBe(403);
    expect(nested.body).toMatchObject({ code: 'IMPERSONATION_READ_ONLY' });

    await settle('impersonate_start');
    const stopped = await stop(asStudent);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      user: { id: owner.id, email: owner.email, username: owner.email, first_name: '', last_name: '' },
    });
    expect((await call(t.app, 'GET', '/api/user/', { token: stopped.body!.access as string })).body).toMatchObject({ id: owner.id });

    // The student session opened for the admin is over; its refresh token no longer works.
    const refreshed = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: started.body!.refresh } });
    expect(refreshed.status).toBe(401);
    const live = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.impersonatorId, owner.id), eq(sessions.userId, student.id)));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
    // Its access token died with it, not 15 minutes later.
    expect((await call(t.app, 'GET', '/api/user/', { token: asStudent })).status).toBe(401);

    await settle('impersonate_stop');
    // The other requests' rows are written in a batch by a background job: wait for it.
    await t.app.ctx.jobs.idle();
    const logs = await t.app.ctx.db.select().from(accessLogs).where(eq(accessLogs.schoolId, owner.schoolId));
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: owner.id, impersonatorId: null, event: 'impersonate_start', status: 200, path: '/api/impersonate/start/' }),
        expect.objectContaining({ userId: student.id, impersonatorId: owner.id, event: null, path: `/api/schools/${owner.schoolId}/` }),
        expect.objectContaining({ userId: student.id, impersonatorId: owner.id, event: 'impersonate_stop', status: 200 }),
      ]),
    );
    const asStudentRows = await t.app.ctx.db.select().from(accessLogs).where(isNotNull(accessLogs.impersonatorId));
    expect(asStudentRows.some((row) => row.path === '/api/user/' && row.userId === student.id)).toBe(true);

    // The school's admins see the same trail through the API.
    const listed = await call(t.app, 'GET', `/api/api-request-logs/?school=${owner.schoolName}`, { token: owner.access });
    const events = (listed.body!.results as { event: string | null; impersonator_id: number | null }[]).filter((row) => row.event);
    expect(events.map((row) => row.event)).toEqual(['impersonate_stop', 'impersonate_start']);
    expect(events[0]!.impersonator_id).toBe(owner.id);
  });

  it('keeps the impersonator across a refresh of the student session', async () => {
    const started = await start(admin.access, { user_id: student.id, school: owner.schoolName });
    expect(started.status).toBe(200);
    const refreshed = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: started.body!.refresh } });
    expect(refreshed.status).toBe(200);
    const stopped = await stop(refreshed.body!.access as string);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ user: { id: admin.id } });
  });

  it('allows only students of the same school as the target', async () => {
    for (const target of [teacher, admin, owner, otherStudent]) {
      const res = await start(owner.access, { user_id: target.id, school: owner.schoolName });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'IMPERSONATION_FORBIDDEN', message: 'Просматривать сайт можно только от имени ученика своей школы.' });
    }
    expect((await start(owner.access, { user_id: 999999, school: owner.schoolName })).status).toBe(403);
    // Through their own school, another admin still cannot reach this school's students.
    const foreign = await start(other.access, { user_id: student.id, school: other.schoolName });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 'IMPERSONATION_FORBIDDEN' });
    expect(foreign.body).not.toHaveProperty('access');
  });

  it('is for admins of the school only', async () => {
    const body = { user_id: student.id, school: owner.schoolName };
    expect((await start(undefined, body)).status).toBe(401);
    expect((await start(teacher.access, body)).status).toBe(403);
    expect((await start(student.access, body)).status).toBe(403);
    const foreign = await start(other.access, body);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 'NOT_A_MEMBER' });
    expect((await start(owner.access, { ...body, school: 'No_such_school' })).status).toBe(404);
  });

  it.each([
    ['no school', { user_id: 1 }, 'school'],
    ['no user', { school: 'x' }, 'user_id'],
    ['user 0', { user_id: 0, school: 'x' }, 'user_id'],
    ['a text user', { user_id: 'abc', school: 'x' }, 'user_id'],
    ['a malformed school', { user_id: 1, school: 'no such/school' }, 'school'],
  ])('answers %s with 400 and a field error', async (_name, body, field) => {
    const res = await start(owner.access, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!.fields as object)).toContain(field);
  });

  it("reaches only the impersonating admin's schools, even when the student studies elsewhere too", async () => {
    // The student of the first school also studies in the neighbours' school.
    await t.app.ctx.db.insert(schoolMembers).values({ schoolId: other.schoolId, userId: student.id, role: 'Student' });
    const asStudent = (await start(owner.access, { user_id: student.id, school: owner.schoolName })).body!.access as string;
    expect((await call(t.app, 'GET', `/api/schools/${owner.schoolId}/`, { token: asStudent })).status).toBe(200);
    const elsewhere = await call(t.app, 'GET', `/api/schools/${other.schoolId}/`, { token: asStudent });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject({ code: 'NOT_A_MEMBER' });
    // The student's own session still opens both.
    expect((await call(t.app, 'GET', `/api/schools/${other.schoolId}/`, { token: student.access })).status).toBe(200);
    await stop(asStudent);
  });

  it('stop needs an impersonated session', async () => {
    expect((await stop(undefined)).status).toBe(401);
    const res = await stop(owner.access);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'NOT_IMPERSONATING' });
  });
});
