import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolMembers, schools } from '../../shared/db/core-tables.ts';
import { userPseudonyms } from '../schools/tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;
let otherStudent: Account;

const SENIOR = 4;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
  owner = await registerOwner(t.app, { schoolTitle: 'Роли', email: 'roles@example.com' });
  // Senior has no staff limit; the Start trial allows only the owner as staff.
  await setTariff(t.app, owner.schoolId, SENIOR);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Другая', email: 'other@example.com' });
  otherStudent = await addMember(t.app, other.schoolId, 'Student');
});
afterAll(() => t.close());

const assign = (token: string | undefined, body: unknown, slash = '') => call(t.app, 'POST', `/api/school-new-roles/assign_role${slash}`, { ...(token ? { token } : {}), body });
const remove = (token: string | undefined, body: unknown) => call(t.app, 'DELETE', '/api/school-new-roles/remove_role', { ...(token ? { token } : {}), body });
const rolesOf = (token: string | undefined, userId: number, schoolId: number) =>
  call(t.app, 'GET', `/api/school-new-roles/get_roles_by_user?user_id=${userId}&school_id=${schoolId}`, token ? { token } : {});
const memberRole = async (schoolId: number, userId: number) =>
  (await t.app.ctx.db.select().from(schoolMembers).where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.userId, userId))))[0]?.role ?? null;

describe('assign_role', () => {
  it('adds an extra label once', async () => {
    const res = await assign(owner.access, { school_id: owner.schoolId, user_id: student.id, role_name: ' Староста ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ detail: 'Роль выдана успешно!' });
    const again = await assign(owner.access, { school_id: owner.schoolId, user_id: student.id, role_name: 'Староста' }, '/');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'ROLE_EXISTS' });
    const roles = await rolesOf(owner.access, student.id, owner.schoolId);
    expect(roles.body).toEqual({ user_id: student.id, school_id: owner.schoolId, role: 'Student', additional_roles: ['Староста'] });
  });

  it('changes the primary role, and not to the same one twice', async () => {
    const member = await addMember(t.app, owner.schoolId, 'Student');
    expect((await assign(owner.access, { school_id: owner.schoolId, user_id: member.id, role_name: 'Teacher' }, '/')).status).toBe(201);
    expect(await memberRole(owner.schoolId, member.id)).toBe('Teacher');
    const again = await assign(owner.access, { school_id: owner.schoolId, user_id: member.id, role_name: 'Teacher' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'ROLE_EXISTS' });
    expect((await assign(owner.access, { school_id: owner.schoolId, user_id: member.id, role_name: 'Admin' })).status).toBe(201);
    expect(await memberRole(owner.schoolId, member.id)).toBe('Admin');
  });

  it('never changes the owner', async () => {
    const admin = await addMember(t.app, owner.schoolId, 'Admin');
    const res = await assign(admin.access, { school_id: owner.schoolId, user_id: owner.id, role_name: 'Student' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'OWNER_ROLE_LOCKED', message: 'Нельзя изменить роль владельца школы.' });
    expect(await memberRole(owner.schoolId, owner.id)).toBe('Admin');
  });

  it('keeps to the plan: no second staff member on the Start trial', async () => {
    const small = await registerOwner(t.app, { schoolTitle: 'Малая школа' });
    const pupil = await addMember(t.app, small.schoolId, 'Student');
    const res = await assign(small.access, { school_id: small.schoolId, user_id: pupil.id, role_name: 'Teacher' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'TARIFF_LIMIT' });
    expect(await memberRole(small.schoolId, pupil.id)).toBe('Student');
    // Labels are not staff: they stay allowed.
    expect((await assign(small.access, { school_id: small.schoolId, user_id: pupil.id, role_name: 'Отличник' })).status).toBe(201);
  });

  it('only touches members of the school', async () => {
    const res = await assign(owner.access, { school_id: owner.schoolId, user_id: otherStudent.id, role_name: 'Teacher' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'USER_NOT_IN_SCHOOL' });
    expect(await memberRole(owner.schoolId, otherStudent.id)).toBeNull();
    // An admin of another school cannot reach this school's members through their own school either.
    const foreign = await assign(other.access, { school_id: other.schoolId, user_id: student.id, role_name: 'Admin' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'USER_NOT_IN_SCHOOL' });
  });

  it('is for admins of the school only (the original let anyone do it)', async () => {
    const body = { school_id: owner.schoolId, user_id: student.id, role_name: 'Admin' };
    expect((await assign(undefined, body)).status).toBe(401);
    expect((await assign(teacher.access, body)).status).toBe(403);
    expect((await assign(student.access, body)).status).toBe(403);
    const foreign = await assign(other.access, body);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 'NOT_A_MEMBER' });
    expect(await memberRole(owner.schoolId, student.id)).toBe('Student');
    expect((await assign(owner.access, { ...body, school_id: 999999 })).status).toBe(404);
  });

  it.each([
    ['no role name', { school_id: 1, user_id: 1 }, 'role_name'],
    ['an empty role name', { school_id: 1, user_id: 1, role_name: '' }, 'role_name'],
    ['a blank role name', { school_id: 1, user_id: 1, role_name: '   ' }, 'role_name'],
    ['a role name over 15 characters', { school_id: 1, user_id: 1, role_name: 'x'.repeat(16) }, 'role_name'],
    ['school id 0', { school_id: 0, user_id: 1, role_name: 'A' }, 'school_id'],
    ['a negative user id', { school_id: 1, user_id: -3, role_name: 'A' }, 'user_id'],
    ['a text user id', { school_id: 1, user_id: 'abc', role_name: 'A' }, 'user_id'],
    ['a fractional school id', { school_id: 1.5, user_id: 1, role_name: 'A' }, 'school_id'],
  ])('answers %s with 400 and a field error', async (_name, body, field) => {
    const res = await assign(owner.access, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!.fields as object)).toContain(field);
  });
});

describe('remove_role', () => {
  it('deletes an extra label, then says it is gone', async () => {
    const member = await addMember(t.app, owner.schoolId, 'Student');
    await assign(owner.access, { school_id: owner.schoolId, user_id: member.id, role_name: 'Куратор' });
    const res = await remove(owner.access, { school_id: owner.schoolId, user_id: member.id, role_name: 'Куратор' });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await rolesOf(owner.access, member.id, owner.schoolId)).body).toMatchObject({ role: 'Student', additional_roles: [] });
    const again = await remove(owner.access, { school_id: owner.schoolId, user_id: member.id, role_name: 'Куратор' });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'ROLE_NOT_FOUND' });
  });

  it('removes a member from the school when the primary role is taken away', async () => {
    const member = await addMember(t.app, owner.schoolId, 'Teacher');
    await assign(owner.access, { school_id: owner.schoolId, user_id: member.id, role_name: 'Методист' });
    await t.app.ctx.db.insert(userPseudonyms).values({ schoolId: owner.schoolId, userId: member.id, pseudonym: 'Методист' });
    expect((await remove(owner.access, { school_id: owner.schoolId, user_id: member.id, role_name: 'Student' })).status).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/school-new-roles/remove_role/', { token: owner.access, body: { school_id: owner.schoolId, user_id: member.id, role_name: 'Teacher' } })).status).toBe(204);
    expect(await memberRole(owner.schoolId, member.id)).toBeNull();
    expect(await t.app.ctx.db.select().from(userPseudonyms).where(eq(userPseudonyms.userId, member.id))).toEqual([]);
    const roles = await rolesOf(owner.access, member.id, owner.schoolId);
    expect(roles.status).toBe(404);
    // The former member has lost access to the school.
    expect((await call(t.app, 'GET', `/api/schools/${owner.schoolId}/`, { token: member.access })).status).toBe(403);
  });

  it('never removes the owner, nor the last admin', async () => {
    const res = await remove(owner.access, { school_id: owner.schoolId, user_id: owner.id, role_name: 'Admin' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'OWNER_ROLE_LOCKED' });

    const orphan = await registerOwner(t.app, { schoolTitle: 'Без владельца' });
    await t.app.ctx.db.update(schools).set({ ownerId: null }).where(eq(schools.id, orphan.schoolId));
    const last = await remove(orphan.access, { school_id: orphan.schoolId, user_id: orphan.id, role_name: 'Admin' });
    expect(last.status).toBe(400);
    expect(last.body).toMatchObject({ code: 'LAST_ADMIN' });
    const demote = await assign(orphan.access, { school_id: orphan.schoolId, user_id: orphan.id, role_name: 'Student' });
    expect(demote.status).toBe(400);
    expect(demote.body).toMatchObject({ code: 'LAST_ADMIN' });
    expect(await memberRole(orphan.schoolId, orphan.id)).toBe('Admin');
  });

  it('is for admins of the school only', async () => {
    const body = { school_id: owner.schoolId, user_id: student.id, role_name: 'Student' };
    expect((await remove(undefined, body)).status).toBe(401);
    expect((await remove(teacher.access, body)).status).toBe(403);
    expect((await remove(student.access, body)).status).toBe(403);
    expect((await remove(other.access, body)).status).toBe(403);
    expect((await remove(other.access, { ...body, school_id: other.schoolId })).status).toBe(404);
    expect(await memberRole(owner.schoolId, student.id)).toBe('Student');
  });

  it.each([
    ['no body', undefined],
    ['no user', { school_id: 1, role_name: 'A' }],
    ['school id 0', { school_id: 0, user_id: 1, role_name: 'A' }],
  ])('answers %s with 400', async (_name, body) => {
    const res = await remove(owner.access, body);
    expect(res.status).toBe(400);
  });
});

describe('get_roles_by_user', () => {
  it('is for admins of the school, about its members only', async () => {
    expect((await rolesOf(owner.access, teacher.id, owner.schoolId)).body).toEqual({ user_id: teacher.id, school_id: owner.schoolId, role: 'Teacher', additional_roles: [] });
    expect((await rolesOf(undefined, teacher.id, owner.schoolId)).status).toBe(401);
    expect((await rolesOf(teacher.access, teacher.id, owner.schoolId)).status).toBe(403);
    expect((await rolesOf(student.access, teacher.id, owner.schoolId)).status).toBe(403);
    expect((await rolesOf(other.access, teacher.id, owner.schoolId)).status).toBe(403);
    const leak = await rolesOf(other.access, teacher.id, other.schoolId);
    expect(leak.status).toBe(404);
    expect(leak.body).not.toHaveProperty('role');
  });

  it.each(['?school_id=1', '?user_id=1', '?user_id=0&school_id=1', '?user_id=x&school_id=1'])('answers %s with 400', async (query) => {
    const res = await call(t.app, 'GET', `/api/school-new-roles/get_roles_by_user/${query}`, { token: owner.access });
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('fields');
  });
});

describe('user_pseudonym', () => {
  const url = () => `/api/user_pseudonym/${owner.schoolName}/`;

  it('reads, upserts and deletes a member pseudonym', async () => {
    const empty = await call(t.app, 'GET', `${url()}?user_id=${teacher.id}`, { token: owner.access });
    expect(empty.body).toEqual({ user: teacher.id, school: owner.schoolId, pseudonym: null });
    const set = await call(t.app, 'PUT', url(), { token: owner.access, body: { user: teacher.id, pseudonym: ' Наставник ' } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ user: teacher.id, school: owner.schoolId, pseudonym: 'Наставник' });
    const changed = await call(t.app, 'PUT', url(), { token: owner.access, body: { user: teacher.id, pseudonym: 'Ментор' } });
    expect(changed.body).toMatchObject({ pseudonym: 'Ментор' });
    expect((await call(t.app, 'GET', `${url()}?user_id=${teacher.id}`, { token: owner.access })).body).toMatchObject({ pseudonym: 'Ментор' });
    const listed = await call(t.app, 'GET', `/api/${owner.schoolName}/all_users/?role=Teacher`, { token: owner.access });
    expect(listed.body!.results).toEqual(expect.arrayContaining([expect.objectContaining({ id: teacher.id, pseudonym: 'Ментор' })]));
    for (const pseudonym of ['', null]) {
      const cleared = await call(t.app, 'PUT', url(), { token: owner.access, body: { user: teacher.id, pseudonym } });
      expect(cleared.body).toEqual({ user: teacher.id, school: owner.schoolId, pseudonym: null });
    }
    expect(await t.app.ctx.db.select().from(userPseudonyms).where(eq(userPseudonyms.userId, teacher.id))).toEqual([]);
  });

  it('only for members of the school, by its admins', async () => {
    const stranger = await call(t.app, 'PUT', url(), { token: owner.access, body: { user: otherStudent.id, pseudonym: 'X' } });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ code: 'USER_NOT_IN_SCHOOL' });
    expect((await call(t.app, 'GET', `${url()}?user_id=${otherStudent.id}`, { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `${url()}?user_id=${teacher.id}`)).status).toBe(401);
    expect((await call(t.app, 'PUT', url(), { body: { user: teacher.id, pseudonym: 'X' } })).status).toBe(401);
    for (const member of [teacher, student, other]) {
      expect((await call(t.app, 'GET', `${url()}?user_id=${teacher.id}`, { token: member.access })).status).toBe(403);
      expect((await call(t.app, 'PUT', url(), { token: member.access, body: { user: teacher.id, pseudonym: 'X' } })).status).toBe(403);
    }
    // Through their own school, another admin cannot touch this school's members.
    const other2 = await call(t.app, 'PUT', `/api/user_pseudonym/${other.schoolName}/`, { token: other.access, body: { user: teacher.id, pseudonym: 'X' } });
    expect(other2.status).toBe(404);
    expect(await t.app.ctx.db.select().from(userPseudonyms).where(eq(userPseudonyms.userId, teacher.id))).toEqual([]);
    expect((await call(t.app, 'GET', `/api/user_pseudonym/No_such/?user_id=${teacher.id}`, { token: owner.access })).status).toBe(404);
  });

  it.each([
    ['no user', { pseudonym: 'X' }, 'user'],
    ['a text user', { user: 'abc', pseudonym: 'X' }, 'user'],
    ['user 0', { user: 0, pseudonym: 'X' }, 'user'],
    ['no pseudonym', { user: 1 }, 'pseudonym'],
    ['a pseudonym over 150 characters', { user: 1, pseudonym: 'x'.repeat(151) }, 'pseudonym'],
    ['a NUL byte in the pseudonym', { user: 1, pseudonym: 'Наставник\u0000' }, 'pseudonym'],
  ])('answers %s with 400 and a field error', async (_name, body, field) => {
    const res = await call(t.app, 'PUT', url(), { token: owner.access, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!.fields as object)).toContain(field);
  });

  it('answers a missing or malformed user_id with 400', async () => {
    for (const query of ['', '?user_id=', '?user_id=-1']) {
      const res = await call(t.app, 'GET', `${url()}${query}`, { token: owner.access });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ fields: { user_id: expect.any(Array) } });
    }
  });
});
