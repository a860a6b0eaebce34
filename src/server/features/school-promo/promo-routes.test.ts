// A school's own promo codes (promo-routes.ts): the admin's CRUD, the checks, who may do what.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { courses } from '../courses/index.ts';
import { schoolPromoCodeCourses, schoolPromoCodes } from './tables.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let admin: Account;
let teacher: Account;
let student: Account;
/** [Python, Дизайн, another school's, in the bin]. */
let courseIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Промокоды' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие промокоды' });
  admin = await addMember(t.app, owner.schoolId, 'Admin');
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  courseIds = [
    (await addCourse(t.app, owner.schoolId, { name: 'Python' })).id,
    (await addCourse(t.app, owner.schoolId, { name: 'Дизайн' })).id,
    (await addCourse(t.app, other.schoolId)).id,
    (await addCourse(t.app, owner.schoolId, { name: 'В корзине' })).id,
  ];
  await t.app.ctx.db.update(courses).set({ removedAt: t.clock.now }).where(eq(courses.id, courseIds[3]!));
});
afterAll(async () => {
  await t.close();
});

const list = (school = owner.schoolName) => `/api/${school}/promo_codes/`;
const one = (id: number, school = owner.schoolName) => `/api/${school}/promo_codes/${id}/`;
const create = (body: unknown, token: string = owner.access) => call(t.app, 'POST', list(), { token, body });
const patch = (id: number, body: unknown, token: string = owner.access) => call(t.app, 'PATCH', one(id), { token, body });

async function addPromo(values: { code: string; schoolId?: number }) {
  const [row] = await t.app.ctx.db
    .insert(schoolPromoCodes)
    .values({ schoolId: values.schoolId ?? owner.schoolId, code: values.code, kind: 'percent', value: 10 })
    .returning({ id: schoolPromoCodes.id });
  return row!.id;
}

async function clear() {
  await t.app.ctx.db.delete(schoolPromoCodes);
}

describe('school promo codes: the admin', () => {
  it('creates, reads, changes and deletes a code', async () => {
    await clear();
    const created = await create({ code: '  Course10 ', discount_type: 'percent', discount: 10, courses: [courseIds[1], courseIds[0], courseIds[0]], expires_at: '2027-01-31T20:59:59.000Z', max_uses: 5 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body!.id as number;
    expect(created.body).toEqual({
      id,
      code: 'Course10',
      discount_type: 'percent',
      discount: 10,
      currency: 'BYN',
      all_courses: false,
      courses: [courseIds[0], courseIds[1]],
      expires_at: '2027-01-31T20:59:59.000Z',
      max_uses: 5,
      uses_count: 0,
      is_active: true,
      created_at: expect.any(String),
    });
    // Defaults: every course, no end, no limit, active.
    const plain = await create({ code: 'MINUS500', discount_type: 'fixed', discount: 50_000 });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ all_courses: true, courses: [], expires_at: null, max_uses: null, is_active: true, discount: 50_000 });

    const page = await call(t.app, 'GET', list(), { token: admin.access });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(page.body!.results.map((row: Body) => row.id)).toEqual([plain.body!.id, id]);
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).body).toEqual(created.body);

    // Only what is sent changes; courses replaces the list ([] = every course); null clears.
    const changed = await patch(id, { discount: 15, courses: [courseIds[1]] });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ code: 'Course10', discount: 15, all_courses: false, courses: [courseIds[1]], max_uses: 5 });
    const cleared = await patch(id, { courses: [], expires_at: null, max_uses: null, is_active: false });
    expect(cleared.body).toMatchObject({ all_courses: true, courses: [], expires_at: null, max_uses: null, is_active: false });
    expect((await patch(id, { expires_at: '' })).body!.expires_at).toBeNull();
    expect((await patch(id, { expires_at: '2027-01-31T10:00:00+03:00' })).body!.expires_at).toBe('2027-01-31T07:00:00.000Z');
    expect((await patch(id, { discount_type: 'fixed', discount: 1000 })).body).toMatchObject({ discount_type: 'fixed', discount: 1000, currency: 'BYN' });

    expect((await call(t.app, 'GET', `${list()}?is_active=false`, { token: owner.access })).body!.results.map((row: Body) => row.id)).toEqual([id]);
    expect((await call(t.app, 'GET', `${list()}?search=minus`, { token: owner.access })).body!.results.map((row: Body) => row.id)).toEqual([plain.body!.id]);
    expect((await call(t.app, 'GET', `${list()}?search=_`, { token: owner.access })).body!.count).toBe(0);

    expect((await call(t.app, 'DELETE', one(id), { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(id), { token: owner.access })).status).toBe(404);
    expect((await patch(id, { discount: 5 })).status).toBe(404);
    expect(await t.app.ctx.db.select().from(schoolPromoCodeCourses).where(eq(schoolPromoCodeCourses.promoId, id))).toEqual([]);
  });

  it('keeps codes unique in the school whatever their case, but not across schools', async () => {
    await clear();
    expect((await create({ code: 'SALE', discount_type: 'percent', discount: 5 })).status).toBe(201);
    const taken = await create({ code: 'sale', discount_type: 'percent', discount: 5 });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ code: 'PROMO_CODE_EXISTS', fields: { code: ['Такой промокод в школе уже есть.'] } });
    const second = await create({ code: 'SALE2', discount_type: 'percent', discount: 5 });
    expect((await patch(second.body!.id as number, { code: 'Sale' })).body).toMatchObject({ fields: { code: ['Такой промокод в школе уже есть.'] } });
    expect((await call(t.app, 'POST', list(other.schoolName), { token: other.access, body: { code: 'SALE', discount_type: 'percent', discount: 5 } })).status).toBe(201);
    // Two at once: one is created, the other told the code is taken.
    const race = await Promise.all([create({ code: 'RACE', discount_type: 'percent', discount: 5 }), create({ code: 'race', discount_type: 'percent', discount: 5 })]);
    expect(race.map((res) => res.status).sort()).toEqual([201, 400]);
  });

  it('checks the code, the discount and the courses, with Russian messages under the fields', async () => {
    await clear();
    for (const code of ['два слова', 'CODE!', '   ']) {
      const res = await create({ code, discount_type: 'percent', discount: 5 });
      expect(res.status, code).toBe(400);
      expect(res.body!.fields).toHaveProperty('code');
    }
    expect((await create({ code: 'Скидка-10_а', discount_type: 'percent', discount: 5 })).status).toBe(201);
    const percent = await create({ code: 'P101', discount_type: 'percent', discount: 101 });
    expect(percent.body).toMatchObject({ fields: { discount: ['Скидка в процентах — от 1 до 100.'] } });
    expect((await create({ code: 'ZERO', discount_type: 'fixed', discount: 0 })).body).toMatchObject({ fields: { discount: ['Значение должно быть не меньше 1.'] } });
    const fixed = await create({ code: 'F500', discount_type: 'fixed', discount: 500 });
    // Switching a sum of 500 to percent is refused: 500 %.
    expect((await patch(fixed.body!.id as number, { discount_type: 'percent' })).body).toMatchObject({ fields: { discount: ['Скидка в процентах — от 1 до 100.'] } });
    for (const ids of [[courseIds[2]], [courseIds[3]], [courseIds[0], 999_999]]) {
      const res = await create({ code: `C${ids[0]}`, discount_type: 'percent', discount: 5, courses: ids });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'COURSES_NOT_IN_SCHOOL', fields: { courses: ['Не все указанные курсы относятся к вашей школе'] } });
    }
    expect((await patch(fixed.body!.id as number, { courses: [courseIds[2]] })).status).toBe(400);
    expect((await create({ code: 'X', discount_type: 'percent', discount: 5, max_uses: 0 })).body!.fields).toHaveProperty('max_uses');
    expect((await create({ code: 'X', discount_type: 'percent', discount: 5, expires_at: '31.01.2027' })).body!.fields).toHaveProperty('expires_at');
  });

  it('answers a malformed body and NUL bytes with 400, and writes nothing', async () => {
    await clear();
    const id = await addPromo({ code: 'KEEP' });
    const raw = await t.app.inject({ method: 'POST', url: list(), headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/json' }, payload: '{"code": ' });
    expect(raw.statusCode).toBe(400);
    expect((await create(['CODE'])).status).toBe(400);
    expect((await create({ discount_type: 'percent', discount: 5 })).status).toBe(400);
    expect((await create({ code: 'A', discount: 5 })).status).toBe(400);
    for (const body of [
      { code: 'A\u0000B' },
      { expires_at: '2027-01-31T00:00:00Z\u0000' },
      { discount_type: 'percent\u0000' },
      { discount_type: 'free' },
      { discount: '10' },
      { discount: 1.5 },
      { courses: 'x' },
      { courses: [0] },
      { max_uses: -1 },
      { is_active: 'yes' },
    ]) {
      expect((await create({ code: 'NEW', discount_type: 'percent', discount: 5, ...body })).status, JSON.stringify(body)).toBe(400);
      expect((await patch(id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'GET', `${list()}?search=a%00b`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `${list()}?p=0`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/promo_codes/x/`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', list(), { token: owner.access })).body!.results).toEqual([expect.objectContaining({ id, code: 'KEEP', discount: 10 })]);
  });
});

describe('school promo codes: who may', () => {
  it("keeps a school's codes to its admins, and asks for a token", async () => {
    await clear();
    const id = await addPromo({ code: 'MINE' });
    const theirs = await addPromo({ code: 'THEIRS', schoolId: other.schoolId });
    // Another school's id through one's own school: not found, whatever the method.
    expect((await call(t.app, 'GET', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await patch(theirs, { discount: 50 })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', list(other.schoolName), { token: other.access })).body!.results.map((row: Body) => row.id)).toEqual([theirs]);
    // Not a member of the school in the path.
    for (const [method, url] of [['GET', list()], ['POST', list()], ['GET', one(id)], ['PATCH', one(id)], ['DELETE', one(id)]] as const) {
      const body = method === 'POST' ? { code: 'NEW', discount_type: 'percent', discount: 5 } : method === 'PATCH' ? { discount: 50 } : undefined;
      expect((await call(t.app, method, url, { token: other.access, body })).status, `${method} ${url} other`).toBe(403);
      // The wrong role.
      for (const who of [teacher, student]) expect((await call(t.app, method, url, { token: who.access, body })).status, `${method} ${url} role`).toBe(403);
      // No token.
      expect((await call(t.app, method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
    }
    expect((await call(t.app, 'GET', list('No_such_school'), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', one(theirs, other.schoolName), { token: other.access })).body).toMatchObject({ code: 'THEIRS', discount: 10 });
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).body).toMatchObject({ code: 'MINE', discount: 10 });
  });

  it('pages the list, reading a page with a constant number of queries', async () => {
    await clear();
    const restricted = async (code: string) => {
      const res = await create({ code, discount_type: 'percent', discount: 5, courses: [courseIds[0], courseIds[1]] });
      expect(res.status).toBe(201);
    };
    await restricted('P0');
    const reads = async () => {
      const counts = [];
      for (const path of [list(), `${list()}?p=2&s=5`]) counts.push((await readsDuring(t.app, () => call(t.app, 'GET', path, { token: owner.access }))).length);
      return counts;
    };
    const few = await reads();
    for (let i = 1; i < 15; i += 1) await restricted(`P${i}`);
    expect(await reads()).toEqual([few[0], few[0]]);
    expect(few[0]).toBeLessThanOrEqual(3);
    const second = await call(t.app, 'GET', `${list()}?p=2&s=5`, { token: owner.access });
    expect(second.body).toMatchObject({ count: 15, previous: expect.stringContaining('p=1'), next: expect.stringContaining('p=3') });
    const all = (await call(t.app, 'GET', `${list()}?s=100`, { token: owner.access })).body!.results.map((row: Body) => row.code);
    expect(all[0]).toBe('P14');
    expect((await call(t.app, 'GET', `${list()}?p=3&s=5`, { token: owner.access })).body!.results.map((row: Body) => row.code)).toEqual(all.slice(10, 15));
    expect((await call(t.app, 'GET', `${list()}?p=9`, { token: owner.access })).body).toMatchObject({ count: 15, results: [] });
  });
});
