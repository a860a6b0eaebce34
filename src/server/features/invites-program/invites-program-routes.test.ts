// The invites programme (invites-program-routes.ts): one per school, an active one needs a link,
// the admin's CRUD and what a student or teacher of its groups reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { invitesPrograms } from './tables.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let teacher: Account;
let student: Account;
let outsider: Account;
/** [the student's (taught by teacher), another of the school, another school's]. */
let groups: number[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Инвайты' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие инвайты' });
  await setTariff(t.app, owner.schoolId, 4);
  await setTariff(t.app, other.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  outsider = await addMember(t.app, owner.schoolId, 'Student');
  const courseId = (await addCourse(t.app, owner.schoolId)).id;
  const otherCourse = (await addCourse(t.app, other.schoolId)).id;
  const rows = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId, teacherId: teacher.id, name: 'Поток 1' },
      { schoolId: owner.schoolId, courseId, teacherId: null, type: 'WITHOUT_TEACHER', name: 'Поток 2' },
      { schoolId: other.schoolId, courseId: otherCourse, teacherId: null, type: 'WITHOUT_TEACHER', name: 'Чужой поток' },
    ])
    .returning({ id: studentsGroups.id });
  groups = rows.map((row) => row.id);
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    { groupId: groups[0]!, userId: student.id, courseId },
    { groupId: groups[1]!, userId: outsider.id, courseId },
  ]);
});
afterAll(() => t.close());

const list = (school = owner.schoolName) => `/api/${school}/invites_program/`;
const one = (id: number, school = owner.schoolName) => `/api/${school}/invites_program/${id}/`;
const current = (token: string) => call(t.app, 'GET', `${list()}current/`, { token });
const clear = () => t.app.ctx.db.delete(invitesPrograms);

describe('the invites programme: the admin', () => {
  it('creates one programme per school, reads, changes and deletes it', async () => {
    await clear();
    expect((await call(t.app, 'GET', list(), { token: owner.access })).body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const created = await call(t.app, 'POST', list(), { token: owner.access, body: { link: 'https://coursehub.ru/invite', is_active: true, groups: [groups[0], groups[0]] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body!.id as number;
    expect(created.body).toMatchObject({ id, link: 'https://coursehub.ru/invite', is_active: true, groups: [groups[0]] });
    const second = await call(t.app, 'POST', list(), { token: owner.access, body: { is_active: false, link: 'https://example.com/' } });
    expect(second).toMatchObject({ status: 400, body: { code: 'INVITES_PROGRAM_EXISTS', message: 'У школы уже есть инвайт-программа.' } });
    expect((await call(t.app, 'GET', list(), { token: owner.access })).body).toMatchObject({ count: 1, results: [created.body] });
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).body).toEqual(created.body);

    const patched = await call(t.app, 'PATCH', one(id), { token: owner.access, body: { groups: [groups[1]], is_active: false, link: '' } });
    expect(patched.body).toMatchObject({ is_active: false, link: '', groups: [groups[1]] });
    expect((await call(t.app, 'DELETE', one(id), { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(id), { token: owner.access })).status).toBe(404);
    // Two creations at once: one programme.
    const both = await Promise.all([1, 2].map(() => call(t.app, 'POST', list(), { token: owner.access, body: { is_active: false, link: '' } })));
    expect(both.map((res) => res.status).sort()).toEqual([201, 400]);
  });

  it('needs a link for an active programme', async () => {
    await clear();
    const refused = await call(t.app, 'POST', list(), { token: owner.access, body: { is_active: true, link: '' } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'LINK_REQUIRED', fields: { link: ['Если программа активна, ссылка не может быть пустой.'] } } });
    expect((await call(t.app, 'POST', list(), { token: owner.access, body: { is_active: true, link: '  ' } })).body).toMatchObject({ fields: { link: ['Если программа активна, ссылка не может быть пустой.'] } });
    const id = (await call(t.app, 'POST', list(), { token: owner.access, body: { is_active: false, link: '' } })).body!.id as number;
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { is_active: true } })).body).toMatchObject({ fields: { is_active: ['Нельзя активировать программу без ссылки.'] } });
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { is_active: true, link: 'https://example.com/' } })).body).toMatchObject({ is_active: true });
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { link: '' } })).body).toMatchObject({ fields: { link: ['Если программа активна, ссылка не может быть пустой.'] } });
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { link: 'ftp://example.com/' } })).body).toMatchObject({ fields: { link: ['Укажите ссылку, начинающуюся с http:// или https://.'] } });
  });

  it("refuses another school's groups, malformed bodies and NUL bytes", async () => {
    await clear();
    const foreign = await call(t.app, 'POST', list(), { token: owner.access, body: { is_active: false, link: '', groups: [groups[2]] } });
    expect(foreign.body).toMatchObject({ code: 'GROUPS_NOT_IN_SCHOOL', fields: { groups: ['Не все указанные группы относятся к вашей школе'] } });
    for (const body of [[], 'x', { is_active: 'yes' }, { groups: 'all' }, { groups: [0] }, { link: 5 }, { link: 'https://example.com/\u0000' }]) {
      expect((await call(t.app, 'POST', list(), { token: owner.access, body })).status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    }
    expect(await t.app.ctx.db.select().from(invitesPrograms)).toEqual([]);
    const id = (await call(t.app, 'POST', list(), { token: owner.access, body: { is_active: false, link: '' } })).body!.id as number;
    for (const body of [{ link: '\u0000' }, { is_active: null }, { groups: [groups[2]] }]) {
      expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("keeps a school's programme to its admins, and asks for a token", async () => {
    await clear();
    const id = (await call(t.app, 'POST', list(), { token: owner.access, body: { is_active: false, link: '' } })).body!.id as number;
    const theirs = (await call(t.app, 'POST', list(other.schoolName), { token: other.access, body: { is_active: false, link: '' } })).body!.id as number;
    expect((await call(t.app, 'GET', list(), { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'GET', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', one(theirs), { token: owner.access, body: { is_active: false, link: 'https://example.com/' } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(theirs), { token: owner.access })).status).toBe(404);
    for (const who of [teacher, student]) {
      expect((await call(t.app, 'GET', list(), { token: who.access })).status).toBe(403);
      expect((await call(t.app, 'POST', list(), { token: who.access, body: { is_active: false, link: '' } })).status).toBe(403);
      expect((await call(t.app, 'GET', one(id), { token: who.access })).status).toBe(403);
      expect((await call(t.app, 'PATCH', one(id), { token: who.access, body: {} })).status).toBe(403);
      expect((await call(t.app, 'DELETE', one(id), { token: who.access })).status).toBe(403);
    }
    expect((await current(owner.access)).status).toBe(403);
    expect((await call(t.app, 'GET', list())).status).toBe(401);
    expect((await call(t.app, 'POST', list(), { body: { is_active: false, link: '' } })).status).toBe(401);
    expect((await call(t.app, 'GET', one(id))).status).toBe(401);
    expect((await call(t.app, 'PATCH', one(id), { body: {} })).status).toBe(401);
    expect((await call(t.app, 'DELETE', one(id))).status).toBe(401);
    expect((await call(t.app, 'GET', `${list()}current/`)).status).toBe(401);
  });
});

describe('the invites programme: students and teachers', () => {
  it('gives the active programme to the students and teachers of its groups only', async () => {
    await clear();
    const id = (await call(t.app, 'POST', list(), { token: owner.access, body: { is_active: false, link: 'https://coursehub.ru/invite', groups: [groups[0]] } })).body!.id as number;
    expect((await current(student.access)).body).toEqual({ program: null });
    await call(t.app, 'PATCH', one(id), { token: owner.access, body: { is_active: true } });
    expect((await current(student.access)).body).toEqual({ program: { id, link: 'https://coursehub.ru/invite' } });
    expect((await current(teacher.access)).body).toEqual({ program: { id, link: 'https://coursehub.ru/invite' } });
    expect((await current(outsider.access)).body).toEqual({ program: null });
    expect((await call(t.app, 'GET', `/api/${other.schoolName}/invites_program/current/`, { token: student.access })).status).toBe(403);
  });
});
