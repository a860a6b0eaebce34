// Boxes and prizes: the admin's CRUD with bulk changes, the 100 % rule, who sees what; another
// school's ids, the wrong role, no token, malformed bodies and NUL bytes.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { boxPrizes, schoolBoxes, schoolPrizes, userBoxes } from './tables.ts';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(200)]);

let t: TestApp;
let owner: Owner;
let other: Owner;
let teacher: Account;
let student: Account;
let icon: Body;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Коробки' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие коробки' });
  await setTariff(t.app, owner.schoolId, 4);
  await setTariff(t.app, other.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  icon = await upload(owner);
});
afterAll(() => t.close());

async function upload(who: Owner, options: { course?: number } = {}): Promise<Body> {
  const data = new FormData();
  data.append('kind', 'picture');
  if (options.course) data.append('course_id', String(options.course));
  data.append('file', new Blob([new Uint8Array(PNG)]), 'иконка.png');
  const request = new Request('http://x/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${who.schoolName}/files/`,
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${who.access}` },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Body>();
}

const boxes = (school = owner.schoolName) => `/api/${school}/school_box/`;
const prizes = (school = owner.schoolName) => `/api/${school}/school_prize/`;

async function prize(body: Record<string, unknown>, who: Owner = owner): Promise<number> {
  const res = await call(t.app, 'POST', prizes(who.schoolName), { token: who.access, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!.id as number;
}

async function box(body: Record<string, unknown>, who: Owner = owner): Promise<number> {
  const res = await call(t.app, 'POST', boxes(who.schoolName), { token: who.access, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!.id as number;
}

async function clear() {
  await t.app.ctx.db.delete(schoolBoxes);
  await t.app.ctx.db.delete(schoolPrizes);
}

describe('prizes', () => {
  it('are created, read, changed and deleted by the admin, with an icon of the school', async () => {
    await clear();
    const created = await call(t.app, 'POST', prizes(), { token: owner.access, body: { name: '  Кружка  ', icon_file: icon.id, drop_chance: 12.5, guaranteed_box_count: 5 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Кружка', icon_file: icon.id, drop_chance: 12.5, guaranteed_box_count: 5, is_active: true });
    expect(created.body!.icon).toMatch(/^http:\/\/coursehub\.test\/api\/files\/\d+\//);
    const id = created.body!.id as number;
    const changed = await call(t.app, 'PATCH', `${prizes()}${id}/`, { token: owner.access, body: { drop_chance: 0.25, guaranteed_box_count: null, is_active: false, icon_file: null } });
    expect(changed.body).toMatchObject({ id, drop_chance: 0.25, guaranteed_box_count: null, is_active: false, icon: null, icon_file: null });
    const list = await call(t.app, 'GET', prizes(), { token: owner.access });
    expect(list.body).toMatchObject({ count: 1, next: null, previous: null, results: [{ id }] });
    expect((await call(t.app, 'GET', `${prizes()}${id}/`, { token: owner.access })).body).toMatchObject({ id, name: 'Кружка' });
    expect((await call(t.app, 'DELETE', `${prizes()}${id}/`, { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', `${prizes()}${id}/`, { token: owner.access })).status).toBe(404);
  });

  it('refuses chances finer than hundredths, out of range, bad icons and another school’s prizes', async () => {
    await clear();
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await call(t.app, 'POST', prizes(), { token: owner.access, body: { name: 'Приз', ...body } });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body!.fields ?? {})).toContain(field);
    };
    await bad({ drop_chance: 1.234 }, 'drop_chance');
    await bad({ drop_chance: 101 }, 'drop_chance');
    await bad({ drop_chance: -1 }, 'drop_chance');
    await bad({ drop_chance: '5' }, 'drop_chance');
    await bad({ guaranteed_box_count: 0 }, 'guaranteed_box_count');
    await bad({ name: '   ' }, 'name');
    await bad({ name: 'a\u0000b' }, 'name');
    await bad({ icon_file: (await upload(other)).id }, 'icon_file');
    expect((await call(t.app, 'POST', prizes(), { token: owner.access, body: { drop_chance: 5 } })).status).toBe(400);
    const theirs = await prize({ name: 'Чужой' }, other);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(t.app, method, `${prizes()}${theirs}/`, { token: owner.access, ...(method === 'PATCH' ? { body: { name: 'Мой' } } : {}) });
      expect(res.status).toBe(404);
    }
  });

  it('are the admin’s only: teachers, students, strangers and anonymous callers are refused', async () => {
    const id = await prize({ name: 'Секрет' });
    for (const token of [teacher.access, student.access, other.access]) {
      expect((await call(t.app, 'GET', prizes(), { token })).status).toBe(403);
      expect((await call(t.app, 'POST', prizes(), { token, body: { name: 'x' } })).status).toBe(403);
      expect((await call(t.app, 'PATCH', `${prizes()}${id}/`, { token, body: { name: 'x' } })).status).toBe(403);
      expect((await call(t.app, 'DELETE', `${prizes()}${id}/`, { token })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', prizes())).status).toBe(401);
    expect((await call(t.app, 'POST', prizes(), { body: { name: 'x' } })).status).toBe(401);
  });
});

describe('boxes', () => {
  it('are created with prizes, read, changed and deleted; students see those on sale without the prizes', async () => {
    await clear();
    const cup = await prize({ name: 'Кружка', drop_chance: 30 });
    const book = await prize({ name: 'Книга', drop_chance: 20 });
    const created = await call(t.app, 'POST', boxes(), {
      token: owner.access,
      body: { name: 'Золотая', icon_file: icon.id, price: 1500, quantity: 2, bonus_quantity: 1, prizes: [book, cup, cup] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body!.id as number;
    expect(created.body).toMatchObject({ name: 'Золотая', price: 1500, currency: 'BYN', quantity: 2, bonus_quantity: 1, is_active: true, auto_deactivation_time: null, prizes: [cup, book].sort((a, b) => a - b) });
    const off = await box({ name: 'Выключенная', is_active: false });
    const over = await box({ name: 'Прошедшая', auto_deactivation_time: new Date(t.clock.now.getTime() - 1000).toISOString() });

    const adminList = await call(t.app, 'GET', boxes(), { token: owner.access });
    expect(adminList.body!.results.map((b: Body) => b.id)).toEqual([over, off, id]);
    const studentList = await call(t.app, 'GET', boxes(), { token: student.access });
    expect(studentList.body!.results.map((b: Body) => b.id)).toEqual([id]);
    expect(studentList.body!.results[0]).not.toHaveProperty('prizes');
    expect(studentList.body!.results[0]).not.toHaveProperty('icon_file');
    expect((await call(t.app, 'GET', `${boxes()}${off}/`, { token: student.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `${boxes()}${off}/`, { token: owner.access })).status).toBe(200);

    const changed = await call(t.app, 'PATCH', `${boxes()}${id}/`, { token: owner.access, body: { prizes: [book], price: 0, auto_deactivation_time: '2030-01-01T00:00:00Z' } });
    expect(changed.body).toMatchObject({ prizes: [book], price: 0, auto_deactivation_time: '2030-01-01T00:00:00.000Z' });
    expect((await call(t.app, 'DELETE', `${boxes()}${id}/`, { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', `${boxes()}${id}/`, { token: owner.access })).status).toBe(404);
  });

  it('never hold prizes whose chances add up to more than 100 %', async () => {
    await clear();
    const a = await prize({ name: 'A', drop_chance: 60 });
    const b = await prize({ name: 'B', drop_chance: 40 });
    const c = await prize({ name: 'C', drop_chance: 0.01 });
    const full = await box({ name: 'Полная', prizes: [a, b] });
    const refused = await call(t.app, 'POST', boxes(), { token: owner.access, body: { name: 'Лишняя', prizes: [a, b, c] } });
    expect(refused.status).toBe(400);
    expect(refused.body!.fields).toEqual({ prizes: ['Сумма шансов призов коробки не может быть больше 100 %.'] });
    expect(await t.app.ctx.db.select().from(schoolBoxes)).toHaveLength(1); // nothing half-written
    expect((await call(t.app, 'PATCH', `${boxes()}${full}/`, { token: owner.access, body: { prizes: [a, b, c] } })).status).toBe(400);
    // Raising a prize's chance is checked against every box it is in.
    const raised = await call(t.app, 'PATCH', `${prizes()}${a}/`, { token: owner.access, body: { drop_chance: 60.01 } });
    expect(raised.status).toBe(400);
    expect(raised.body!.fields).toHaveProperty('drop_chance');
    expect((await call(t.app, 'GET', `${prizes()}${a}/`, { token: owner.access })).body!.drop_chance).toBe(60);
    expect((await call(t.app, 'PATCH', `${prizes()}${a}/`, { token: owner.access, body: { drop_chance: 59.99 } })).status).toBe(200);
    expect((await call(t.app, 'PATCH', `${boxes()}${full}/`, { token: owner.access, body: { prizes: [a, b, c] } })).status).toBe(200);
  });

  it('bulk_update changes boxes of the school in one go, or none when an id is another school’s', async () => {
    await clear();
    const one = await box({ name: 'Один' });
    const two = await box({ name: 'Два' });
    const theirs = await box({ name: 'Чужая' }, other);
    const url = `${boxes()}bulk_update/`;
    const res = await call(t.app, 'PATCH', url, { token: owner.access, body: { boxes: [{ id: one, is_active: false }, { id: two, price: 990, name: 'Два+' }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: one, is_active: false }), expect.objectContaining({ id: two, price: 990, name: 'Два+' })]));

    const mixed = await call(t.app, 'PATCH', url, { token: owner.access, body: { boxes: [{ id: one, is_active: true }, { id: theirs, name: 'Моя' }] } });
    expect(mixed.status).toBe(400);
    expect(mixed.body!.code).toBe('BOXES_NOT_IN_SCHOOL');
    expect((await call(t.app, 'GET', `${boxes()}${one}/`, { token: owner.access })).body!.is_active).toBe(false);
    expect((await call(t.app, 'GET', `${boxes(other.schoolName)}${theirs}/`, { token: other.access })).body!.name).toBe('Чужая');

    expect((await call(t.app, 'PATCH', url, { token: owner.access, body: { boxes: [{ id: one }, { id: one }] } })).status).toBe(400);
    expect((await call(t.app, 'PATCH', url, { token: owner.access, body: { boxes: [] } })).status).toBe(400);
    expect((await call(t.app, 'PATCH', url, { token: owner.access, body: [{ id: one }] })).status).toBe(400);
    expect((await call(t.app, 'PATCH', url, { token: owner.access, body: { boxes: [{ id: one, name: 'x\u0000' }] } })).status).toBe(400);
    expect((await call(t.app, 'PATCH', url, { token: student.access, body: { boxes: [{ id: one, name: 'x' }] } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', url, { body: { boxes: [{ id: one, name: 'x' }] } })).status).toBe(401);
  });

  it('bulk_delete deletes boxes of the school in one go, none when an id is another school’s or a member still holds one', async () => {
    await clear();
    const one = await box({ name: 'Один' });
    const two = await box({ name: 'Два' });
    const three = await box({ name: 'Три' });
    const theirs = await box({ name: 'Чужая' }, other);
    const url = `${boxes()}bulk_delete/`;
    expect((await call(t.app, 'DELETE', url, { token: owner.access, body: { ids: [one, theirs] } })).status).toBe(400);
    expect(await t.app.ctx.db.select().from(schoolBoxes)).toHaveLength(4);
    expect((await call(t.app, 'DELETE', url, { token: teacher.access, body: { ids: [one] } })).status).toBe(403);
    expect((await call(t.app, 'DELETE', url, { body: { ids: [one] } })).status).toBe(401);
    expect((await call(t.app, 'DELETE', url, { token: owner.access, body: { ids: ['x'] } })).status).toBe(400);

    await t.app.ctx.db.insert(userBoxes).values({ schoolId: owner.schoolId, userId: student.id, boxId: three, unopenedCount: 1 });
    const held = await call(t.app, 'DELETE', url, { token: owner.access, body: { ids: [two, three] } });
    expect(held.status).toBe(409);
    expect(held.body!.code).toBe('BOX_IN_USE');
    expect((await call(t.app, 'DELETE', `${boxes()}${three}/`, { token: owner.access })).status).toBe(409);

    expect((await call(t.app, 'DELETE', url, { token: owner.access, body: { ids: [one, two] } })).status).toBe(204);
    expect((await t.app.ctx.db.select().from(schoolBoxes)).map((b) => b.id).sort()).toEqual([three, theirs].sort());
  });

  it('refuse another school’s prizes and icons, bad fields and callers who are not the school’s admin', async () => {
    await clear();
    const theirPrize = await prize({ name: 'Чужой' }, other);
    const theirBox = await box({ name: 'Чужая' }, other);
    const res = await call(t.app, 'POST', boxes(), { token: owner.access, body: { name: 'Моя', prizes: [theirPrize] } });
    expect(res.status).toBe(400);
    expect(res.body!.fields).toEqual({ prizes: ['Не все указанные призы относятся к вашей школе.'] });
    const badFields: Record<string, unknown>[] = [{ price: -1 }, { price: 1.5 }, { quantity: 0 }, { bonus_quantity: -1 }, { auto_deactivation_time: 'завтра' }, { name: '' }, { name: 'a\u0000' }, { is_active: 'yes' }];
    for (const body of badFields) expect((await call(t.app, 'POST', boxes(), { token: owner.access, body: { name: 'Коробка', ...body } })).status, JSON.stringify(body)).toBe(400);
    expect((await call(t.app, 'POST', boxes(), { token: owner.access, body: { name: 'Коробка', icon_file: (await upload(other)).id } })).status).toBe(400);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expect((await call(t.app, method, `${boxes()}${theirBox}/`, { token: owner.access, ...(method === 'PATCH' ? { body: { name: 'Моя' } } : {}) })).status).toBe(404);
    }
    const mine = await box({ name: 'Моя' });
    for (const token of [teacher.access, student.access]) {
      expect((await call(t.app, 'POST', boxes(), { token, body: { name: 'x' } })).status).toBe(403);
      expect((await call(t.app, 'PATCH', `${boxes()}${mine}/`, { token, body: { name: 'x' } })).status).toBe(403);
      expect((await call(t.app, 'DELETE', `${boxes()}${mine}/`, { token })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', boxes(), { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'GET', boxes())).status).toBe(401);
    expect(await t.app.ctx.db.select().from(boxPrizes)).toEqual([]);
  });
});
