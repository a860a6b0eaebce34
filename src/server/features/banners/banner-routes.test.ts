// The school's banners (banner-routes.ts, student-banner-routes.ts): the admin's CRUD and
// statistics, one active per school, what a student and a teacher see, click and accept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { bannerClicks, banners } from './tables.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let admin: Account;
let teacher: Account;
let student: Account;
let outsider: Account;
/** [the student's (taught by teacher), another of the school, another school's]. */
let groups: number[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Баннеры' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие баннеры' });
  await setTariff(t.app, owner.schoolId, 4);
  await setTariff(t.app, other.schoolId, 4);
  admin = await addMember(t.app, owner.schoolId, 'Admin');
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Ольга', lastName: 'Петрова' });
  outsider = await addMember(t.app, owner.schoolId, 'Student');
  const courseId = (await addCourse(t.app, owner.schoolId, { name: 'Python' })).id;
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

const list = (school = owner.schoolName) => `/api/${school}/banners/`;
const one = (id: number, school = owner.schoolName) => `/api/${school}/banners/${id}/`;
const current = (token: string) => call(t.app, 'GET', `/api/${owner.schoolName}/banners/current/`, { token });
const create = (body: unknown, token: string = owner.access) => call(t.app, 'POST', list(), { token, body });

async function clear() {
  await t.app.ctx.db.delete(banners);
}

describe('banners: the admin', () => {
  it('creates (all groups by default), reads, changes and deletes a banner', async () => {
    await clear();
    const created = await create({ title: '  Новый курс  ', description: 'Скоро старт', link: 'https://coursehub.ru' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body!.id as number;
    expect(created.body).toMatchObject({
      id,
      title: 'Новый курс',
      description: 'Скоро старт',
      link: 'https://coursehub.ru/',
      is_active: false,
      groups: [groups[0], groups[1]],
      clicks_count: 0,
      unique_clicks_count: 0,
    });
    const plain = await create({ title: 'Без ссылки', link: '', groups: [] }, admin.access);
    expect(plain.body).toMatchObject({ link: '', groups: [], description: '' });

    const page = await call(t.app, 'GET', list(), { token: admin.access });
    expect(page.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(page.body!.results.map((row: Body) => row.id)).toEqual([plain.body!.id, id]);
    expect((await call(t.app, 'GET', `${list()}?p=2&s=1`, { token: admin.access })).body!.results.map((row: Body) => row.id)).toEqual([id]);
    expect((await call(t.app, 'GET', one(id), { token: admin.access })).body).toEqual(created.body);

    const patched = await call(t.app, 'PATCH', one(id), { token: admin.access, body: { description: 'Старт 1 декабря', groups: [groups[1], groups[1]] } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Новый курс', description: 'Старт 1 декабря', groups: [groups[1]] });
    expect((await call(t.app, 'DELETE', one(id), { token: admin.access })).status).toBe(204);
    expect((await call(t.app, 'GET', one(id), { token: admin.access })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(id), { token: admin.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', one(id), { token: admin.access, body: { title: 'x' } })).status).toBe(404);
  });

  it('keeps at most one banner active: turning one on turns the others off', async () => {
    await clear();
    const a = (await create({ title: 'A', is_active: true })).body!.id as number;
    const b = (await create({ title: 'B', is_active: true })).body!.id as number;
    const active = async () => (await t.app.ctx.db.select({ id: banners.id, on: banners.isActive }).from(banners)).filter((row) => row.on).map((row) => row.id);
    expect(await active()).toEqual([b]);
    expect((await call(t.app, 'PATCH', one(a), { token: owner.access, body: { is_active: true } })).body).toMatchObject({ is_active: true });
    expect(await active()).toEqual([a]);
    // Another school's active banner is not touched.
    const theirs = await call(t.app, 'POST', list(other.schoolName), { token: other.access, body: { title: 'C', is_active: true } });
    expect(theirs.status).toBe(201);
    expect(await active()).toEqual(expect.arrayContaining([a, theirs.body!.id]));
    // Two at once still leave one.
    const results = await Promise.all([
      call(t.app, 'PATCH', one(b), { token: owner.access, body: { is_active: true } }),
      create({ title: 'D', is_active: true }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 201]);
    const mine = (await t.app.ctx.db.select({ id: banners.id, on: banners.isActive, school: banners.schoolId }).from(banners)).filter((row) => row.on && row.school === owner.schoolId);
    expect(mine).toHaveLength(1);
    // A banner that is not found turns nothing off.
    expect((await call(t.app, 'PATCH', one(999_999), { token: owner.access, body: { is_active: true } })).status).toBe(404);
    expect((await active()).length).toBe(2);
  });

  it("refuses another school's groups, links that are not http(s), malformed bodies and NUL bytes", async () => {
    await clear();
    const before = await t.app.ctx.db.select().from(banners);
    const foreign = await create({ title: 'X', groups: [groups[0], groups[2]] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'GROUPS_NOT_IN_SCHOOL', fields: { groups: ['Не все указанные группы относятся к вашей школе'] } });
    expect((await create({ title: 'X', link: 'javascript:alert(1)' })).body).toMatchObject({ fields: { link: ['Укажите ссылку, начинающуюся с http:// или https://.'] } });
    for (const body of [
      undefined,
      [],
      {},
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(256) },
      { title: 5 },
      { title: 'X', is_active: 'yes' },
      { title: 'X', groups: 'all' },
      { title: 'X', groups: [0] },
      { title: 'a\u0000b' },
      { title: 'X', description: 'a\u0000b' },
      { title: 'X', link: 'https://example.com/\u0000' },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await t.app.ctx.db.select().from(banners)).toEqual(before);
    const id = (await create({ title: 'Y' })).body!.id as number;
    for (const body of [{ title: 'a\u0000' }, { description: '\u0000' }, { link: '\u0000' }, { title: '' }, { is_active: null }]) {
      expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("keeps a school's banners to its admins, and asks for a token", async () => {
    await clear();
    const id = (await create({ title: 'Свой', is_active: true })).body!.id as number;
    const theirs = (await call(t.app, 'POST', list(other.schoolName), { token: other.access, body: { title: 'Чужой' } })).body!.id as number;
    // Another school's admin: not a member here; this school's admin: another school's banner is not found.
    expect((await call(t.app, 'GET', list(), { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'GET', one(id), { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'GET', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', one(theirs), { token: owner.access, body: { title: 'Моё' } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `${one(theirs)}statistics/`, { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { groups: [groups[2]] } })).status).toBe(400);
    // Wrong roles.
    for (const who of [teacher, student]) {
      expect((await call(t.app, 'GET', list(), { token: who.access })).status).toBe(403);
      expect((await create({ title: 'Нет' }, who.access)).status).toBe(403);
      expect((await call(t.app, 'GET', one(id), { token: who.access })).status).toBe(403);
      expect((await call(t.app, 'PATCH', one(id), { token: who.access, body: { title: 'Нет' } })).status).toBe(403);
      expect((await call(t.app, 'DELETE', one(id), { token: who.access })).status).toBe(403);
      expect((await call(t.app, 'GET', `${one(id)}statistics/`, { token: who.access })).status).toBe(403);
    }
    // The admin has no banner of their own to see or accept.
    expect((await current(owner.access)).status).toBe(403);
    expect((await call(t.app, 'POST', `${one(id)}accept/`, { token: owner.access })).status).toBe(403);
    // No token.
    expect((await call(t.app, 'GET', list())).status).toBe(401);
    expect((await call(t.app, 'POST', list(), { body: { title: 'x' } })).status).toBe(401);
    expect((await call(t.app, 'PATCH', one(id), { body: { title: 'x' } })).status).toBe(401);
    expect((await call(t.app, 'DELETE', one(id))).status).toBe(401);
    expect((await call(t.app, 'GET', `${one(id)}statistics/`)).status).toBe(401);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/banners/current/`)).status).toBe(401);
    expect((await call(t.app, 'POST', `${one(id)}click/`)).status).toBe(401);
    expect((await call(t.app, 'POST', `${one(id)}accept/`)).status).toBe(401);
    expect((await call(t.app, 'GET', one(id))).status).toBe(401);
  });
});

describe('banners: students and teachers', () => {
  it("shows the active banner of the viewer's groups, without writing anything, until «Понятно»", async () => {
    await clear();
    const off = (await create({ title: 'Выключен', groups: [groups[0]] })).body!.id as number;
    expect((await current(student.access)).body).toEqual({ banner: null });
    const on = (await create({ title: 'Весенняя скидка', description: 'До 1 мая', link: 'https://coursehub.ru/', is_active: true, groups: [groups[0]] })).body!.id as number;
    const shown = { banner: { id: on, title: 'Весенняя скидка', description: 'До 1 мая', link: 'https://coursehub.ru/' } };
    expect((await current(student.access)).body).toEqual(shown);
    expect((await current(student.access)).body).toEqual(shown);
    expect((await current(teacher.access)).body).toEqual(shown);
    // Reading counts no click (the reference's defect).
    expect(await t.app.ctx.db.select().from(bannerClicks)).toEqual([]);
    // A student of another group sees nothing, and may not click or accept it.
    expect((await current(outsider.access)).body).toEqual({ banner: null });
    expect((await call(t.app, 'POST', `${one(on)}click/`, { token: outsider.access })).status).toBe(404);
    expect((await call(t.app, 'POST', `${one(on)}accept/`, { token: outsider.access })).status).toBe(404);
    // An inactive banner cannot be clicked or accepted.
    expect((await call(t.app, 'POST', `${one(off)}click/`, { token: student.access })).status).toBe(404);

    expect((await call(t.app, 'POST', `${one(on)}click/`, { token: student.access })).status).toBe(204);
    // An empty object is as good as no body; anything else is refused.
    expect((await call(t.app, 'POST', `${one(on)}click/`, { token: student.access, body: {} })).status).toBe(204);
    expect((await call(t.app, 'POST', `${one(on)}click/`, { token: student.access, body: [] })).status).toBe(400);
    const accepted = await call(t.app, 'POST', `${one(on)}accept/`, { token: student.access });
    expect(accepted).toMatchObject({ status: 200, body: { status: 'accepted' } });
    expect((await call(t.app, 'POST', `${one(on)}accept/`, { token: student.access })).body).toEqual({ status: 'accepted' });
    expect((await current(student.access)).body).toEqual({ banner: null });
    // The teacher has not accepted it.
    expect((await current(teacher.access)).body).toEqual(shown);
    // Another school's banner by id: not found.
    const theirs = (await call(t.app, 'POST', list(other.schoolName), { token: other.access, body: { title: 'Чужой', is_active: true } })).body!.id as number;
    expect((await call(t.app, 'POST', `${one(theirs)}click/`, { token: student.access })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/${other.schoolName}/banners/${theirs}/accept/`, { token: student.access })).status).toBe(403);
  });

  it('counts clicks by period, all and unique, with who clicked, newest first', async () => {
    await clear();
    const id = (await create({ title: 'Клики', is_active: true, groups: [groups[0]] })).body!.id as number;
    const click = (who: Account) => call(t.app, 'POST', `${one(id)}click/`, { token: who.access });
    const start = new Date(t.clock.now);
    await click(student);
    t.clock.advance(60_000);
    await click(student);
    await click(teacher);
    const stats = await call(t.app, 'GET', `${one(id)}statistics/`, { token: owner.access });
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ total_clicks: 3, unique_clicks: 2 });
    expect(stats.body!.click_details).toHaveLength(3);
    expect(stats.body!.click_details[2]).toEqual({ timestamp: start.toISOString(), user_id: student.id, user_email: student.email, user_name: 'Ольга Петрова' });
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).body).toMatchObject({ clicks_count: 3, unique_clicks_count: 2 });

    const today = start.toISOString().slice(0, 10);
    const tomorrow = new Date(start.getTime() + 2 * 24 * 3_600_000).toISOString().slice(0, 10);
    expect((await call(t.app, 'GET', `${one(id)}statistics/?start_date=${today}&end_date=${today}`, { token: owner.access })).body!.total_clicks).toBeGreaterThanOrEqual(1);
    expect((await call(t.app, 'GET', `${one(id)}statistics/?start_date=${tomorrow}`, { token: owner.access })).body).toEqual({ total_clicks: 0, unique_clicks: 0, click_details: [] });
    expect((await call(t.app, 'GET', `${one(id)}statistics/?end_date=2000-01-01`, { token: owner.access })).body!.total_clicks).toBe(0);
    for (const query of ['start_date=2026-02-30', 'end_date=tomorrow', `start_date=${tomorrow}&end_date=${today}`, 'start_date=2026-01-01%00']) {
      expect((await call(t.app, 'GET', `${one(id)}statistics/?${query}`, { token: owner.access })).status, query).toBe(400);
    }
  });
});
