import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools } from '../db/core-tables.ts';
import { requireSchoolRole, type SchoolRole } from './school-access.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let admin: Account;
let student: Account;
let other: Owner;

const SENIOR = 4;

// A probe route: checks the caller twice for the roles in the query, as a route that checks and
// then reads the school again would.
beforeAll(async () => {
  t = await createTestApp();
  t.app.get<{ Params: { school: string }; Querystring: { roles: string } }>('/probe/:school/', { schema: { hide: true } }, async (request) => {
    const roles = request.query.roles.split(',') as SchoolRole[];
    await requireSchoolRole(t.app, request, { name: request.params.school }, roles);
    return requireSchoolRole(t.app, request, { name: request.params.school.toUpperCase() }, roles).then(({ role, school }) => ({ role, school: school.id }));
  });
  owner = await registerOwner(t.app, { schoolTitle: 'Доступ' });
  await setTariff(t.app, owner.schoolId, SENIOR);
  admin = await addMember(t.app, owner.schoolId, 'Admin');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужая' });
});
afterAll(() => t.close());

const probe = (token: string | undefined, school: string, roles: string) => call(t.app, 'GET', `/probe/${school}/?roles=${roles}`, token ? { token } : {});

describe('requireSchoolRole', () => {
  it('reads the school, the role and the plan in one query per request, however often a route checks', async () => {
    // Once first, so that the session gate has this session cached (shared/security/session-gate.ts).
    await probe(admin.access, owner.schoolName, 'Admin');
    let res: Awaited<ReturnType<typeof probe>> | undefined;
    const reads = await readsDuring(t.app, async () => (res = await probe(admin.access, owner.schoolName, 'Admin')));
    expect(res).toMatchObject({ status: 200, body: { role: 'Admin', school: owner.schoolId } });
    expect(reads).toHaveLength(1);
  });

  it('grants SuperAdmin (spec role 5) to the owner only', async () => {
    expect((await probe(owner.access, owner.schoolName, 'SuperAdmin')).body).toEqual({ role: 'SuperAdmin', school: owner.schoolId });
    // The owner is an admin as well; a route open to both names the membership role.
    expect((await probe(owner.access, owner.schoolName, 'Admin,SuperAdmin')).body).toEqual({ role: 'Admin', school: owner.schoolId });
    expect((await probe(admin.access, owner.schoolName, 'SuperAdmin')).status).toBe(403);
    expect((await probe(student.access, owner.schoolName, 'SuperAdmin')).status).toBe(403);
    // Another school's owner is nobody here.
    expect((await probe(other.access, owner.schoolName, 'SuperAdmin')).body).toMatchObject({ code: 'NOT_A_MEMBER' });
    expect((await probe(undefined, owner.schoolName, 'SuperAdmin')).status).toBe(401);
    expect((await probe(owner.access, 'no-such-school', 'SuperAdmin')).body).toMatchObject({ code: 'SCHOOL_NOT_FOUND' });
  });

  it('never lends role 5 to a "view as" session of the owner', async () => {
    const start = await call(t.app, 'POST', '/api/impersonate/start/', { token: owner.access, body: { school: owner.schoolName, user_id: student.id } });
    expect(start.status).toBe(200);
    expect((await probe(start.body!.access as string, owner.schoolName, 'SuperAdmin')).status).toBe(403);
    expect((await probe(start.body!.access as string, owner.schoolName, 'Student')).body).toEqual({ role: 'Student', school: owner.schoolId });
  });

  it('lets only admins into a school whose plan lapsed', async () => {
    await t.app.ctx.db.update(schools).set({ purchasedTariffEndDate: null, trialEndDate: new Date(0) }).where(eq(schools.id, owner.schoolId));
    expect((await probe(student.access, owner.schoolName, 'Student')).status).toBe(451);
    expect((await probe(admin.access, owner.schoolName, 'Admin')).status).toBe(200);
    expect((await probe(owner.access, owner.schoolName, 'SuperAdmin')).status).toBe(200);
  });
});
