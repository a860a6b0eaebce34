// A school's invoice settings (invoice-settings-routes.ts): CRUD, exactly one default, who may.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { defaultInvoiceSettings } from './invoice-settings.ts';
import { schoolInvoiceSettings } from './tables.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let teacher: Account;
let student: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Реквизиты' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие реквизиты' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
});
afterAll(async () => {
  await t.close();
});

const list = (school = owner.schoolName) => `/api/${school}/invoice-settings/`;
const one = (id: number, school = owner.schoolName) => `/api/${school}/invoice-settings/${id}/`;
const create = (body: unknown, token: string = owner.access) => call(t.app, 'POST', list(), { token, body });
const patch = (id: number, body: unknown, token: string = owner.access) => call(t.app, 'PATCH', one(id), { token, body });

async function clear() {
  await t.app.ctx.db.delete(schoolInvoiceSettings);
}

/** The school's rows as [id, is_default], newest first. */
async function defaults(schoolId = owner.schoolId) {
  const rows = await t.app.ctx.db.select({ id: schoolInvoiceSettings.id, isDefault: schoolInvoiceSettings.isDefault }).from(schoolInvoiceSettings).where(eq(schoolInvoiceSettings.schoolId, schoolId));
  return rows.sort((a, b) => b.id - a.id).map((row) => [row.id, row.isDefault]);
}

const FULL = {
  organization_name: '  ООО «Курсхаб»  ',
  tax_id: '193456789',
  address: 'г. Минск, ул. Примерная, 1',
  bank_name: 'ОАО «Банк»',
  bank_code: 'ALFABY2X',
  bank_account: 'BY20  OLMP 3135 0001 0010 0000 0933',
  email: 'billing@coursehub.ru',
  phone: '+375 (29) 123-45-67',
  footer_text: 'Спасибо за покупку!',
};

describe('invoice settings: the admin', () => {
  it('creates, reads, changes and deletes settings; the first is the default', async () => {
    await clear();
    expect(await defaultInvoiceSettings(t.app.ctx.db, owner.schoolId)).toBeNull();
    const created = await create(FULL);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body!.id as number;
    expect(created.body).toEqual({
      id,
      ...FULL,
      organization_name: 'ООО «Курсхаб»',
      bank_account: 'BY20 OLMP 3135 0001 0010 0000 0933',
      is_default: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await defaultInvoiceSettings(t.app.ctx.db, owner.schoolId)).toEqual(created.body);
    const second = await create({ organization_name: 'ИП Иванов', email: '', phone: '' });
    expect(second.body).toMatchObject({ is_default: false, tax_id: '', email: '', footer_text: '' });
    const page = await call(t.app, 'GET', list(), { token: owner.access });
    expect(page.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(page.body!.results.map((row: Body) => row.id)).toEqual([second.body!.id, id]);
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).body).toEqual(created.body);

    const changed = await patch(id, { footer_text: 'Оплата в течение 3 дней.', tax_id: '' });
    expect(changed.body).toMatchObject({ footer_text: 'Оплата в течение 3 дней.', tax_id: '', organization_name: 'ООО «Курсхаб»', is_default: true });
    expect((await call(t.app, 'DELETE', one(second.body!.id as number), { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', one(second.body!.id as number), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(second.body!.id as number), { token: owner.access })).status).toBe(404);
    expect((await patch(second.body!.id as number, { address: 'x' })).status).toBe(404);
  });

  it('keeps exactly one default: a new default replaces the old, the default is not unset, deleting it promotes the newest', async () => {
    await clear();
    const a = (await create({ organization_name: 'A' })).body!.id as number;
    const b = (await create({ organization_name: 'B', is_default: true })).body!.id as number;
    expect(await defaults()).toEqual([[b, true], [a, false]]);
    const c = (await create({ organization_name: 'C', is_default: false })).body!.id as number;
    expect(await defaults()).toEqual([[c, false], [b, true], [a, false]]);
    expect((await patch(a, { is_default: true })).body).toMatchObject({ is_default: true });
    expect(await defaults()).toEqual([[c, false], [b, false], [a, true]]);
    // Setting the default again, or unsetting another, changes nothing.
    expect((await patch(a, { is_default: true })).status).toBe(200);
    expect((await patch(b, { is_default: false })).status).toBe(200);
    const unset = await patch(a, { is_default: false });
    expect(unset.status).toBe(400);
    expect(unset.body).toMatchObject({ code: 'DEFAULT_REQUIRED', fields: { is_default: ['Одни из реквизитов должны быть основными: отметьте основными другие.'] } });
    expect(await defaults()).toEqual([[c, false], [b, false], [a, true]]);
    expect((await call(t.app, 'DELETE', one(a), { token: owner.access })).status).toBe(204);
    expect(await defaults()).toEqual([[c, true], [b, false]]);
    expect((await defaultInvoiceSettings(t.app.ctx.db, owner.schoolId))!.organization_name).toBe('C');
    expect((await call(t.app, 'DELETE', one(b), { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'DELETE', one(c), { token: owner.access })).status).toBe(204);
    expect(await defaults()).toEqual([]);
    // Another school's default is its own.
    await call(t.app, 'POST', list(other.schoolName), { token: other.access, body: { organization_name: 'Другая' } });
    const mine = (await create({ organization_name: 'Моя' })).body!;
    expect(mine.is_default).toBe(true);
    expect(await defaults(other.schoolId)).toEqual([[expect.any(Number), true]]);
  });

  it('keeps one default when several are made the default at once', async () => {
    await clear();
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C', 'D']) ids.push((await create({ organization_name: name })).body!.id as number);
    const answers = await Promise.all([
      ...ids.map((id) => patch(id, { is_default: true })),
      create({ organization_name: 'E', is_default: true }),
      create({ organization_name: 'F', is_default: true }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 201, 201]);
    expect((await defaults()).filter(([, isDefault]) => isDefault)).toHaveLength(1);
  });

  it('checks the fields, with Russian messages under them', async () => {
    await clear();
    const blank = await create({ organization_name: '   ' });
    expect(blank.body).toMatchObject({ fields: { organization_name: ['Поле не может быть пустым.'] } });
    expect((await create({ organization_name: 'A', email: 'not-an-email' })).body!.fields).toHaveProperty('email');
    expect((await create({ organization_name: 'A', phone: 'звоните' })).body!.fields).toHaveProperty('phone');
    expect((await create({ organization_name: 'A', footer_text: 'я'.repeat(2001) })).body).toMatchObject({ fields: { footer_text: ['Не длиннее 2000 символов.'] } });
    expect((await create({})).body).toMatchObject({ fields: { organization_name: ['Обязательное поле.'] } });
  });

  it('answers a malformed body and NUL bytes with 400, and writes nothing', async () => {
    await clear();
    const id = (await create({ organization_name: 'Как было' })).body!.id as number;
    const raw = await t.app.inject({ method: 'POST', url: list(), headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/json' }, payload: '{"organization_name": ' });
    expect(raw.statusCode).toBe(400);
    expect((await create(['A'])).status).toBe(400);
    const strings = ['organization_name', 'tax_id', 'address', 'bank_name', 'bank_code', 'bank_account', 'email', 'phone', 'footer_text'];
    for (const field of strings) {
      const body = { [field]: field === 'email' ? 'a@b.by\u0000' : field === 'phone' ? '+375291234567\u0000' : 'a\u0000b' };
      const created = await create({ organization_name: 'Новые', ...body });
      expect(created.status, field).toBe(400);
      expect(created.body!.fields, field).toHaveProperty(field);
      expect((await patch(id, body)).status, field).toBe(400);
    }
    for (const body of [{ is_default: 'yes' }, { organization_name: 5 }, { organization_name: null }]) {
      expect((await patch(id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'GET', `${list()}?p=0`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/invoice-settings/x/`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', list(), { token: owner.access })).body!.results).toEqual([expect.objectContaining({ id, organization_name: 'Как было', address: '' })]);
  });
});

describe('invoice settings: who may', () => {
  it("keeps a school's settings to its admins, and asks for a token", async () => {
    await clear();
    const id = (await create({ organization_name: 'Мои' })).body!.id as number;
    const theirs = (await call(t.app, 'POST', list(other.schoolName), { token: other.access, body: { organization_name: 'Чужие' } })).body!.id as number;
    expect((await call(t.app, 'GET', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await patch(theirs, { is_default: true })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(theirs), { token: owner.access })).status).toBe(404);
    for (const [method, url] of [['GET', list()], ['POST', list()], ['GET', one(id)], ['PATCH', one(id)], ['DELETE', one(id)]] as const) {
      const body = method === 'POST' ? { organization_name: 'Новые' } : method === 'PATCH' ? { address: 'x' } : undefined;
      expect((await call(t.app, method, url, { token: other.access, body })).status, `${method} ${url} other`).toBe(403);
      for (const who of [teacher, student]) expect((await call(t.app, method, url, { token: who.access, body })).status, `${method} ${url} role`).toBe(403);
      expect((await call(t.app, method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
    }
    expect(await defaults()).toEqual([[id, true]]);
    expect(await defaults(other.schoolId)).toEqual([[theirs, true]]);
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).body).toMatchObject({ organization_name: 'Мои', address: '' });
  });

  it('pages the list with a constant number of queries', async () => {
    await clear();
    await create({ organization_name: 'S0' });
    const reads = async () => {
      const counts = [];
      for (const path of [list(), `${list()}?p=2&s=5`]) counts.push((await readsDuring(t.app, () => call(t.app, 'GET', path, { token: owner.access }))).length);
      return counts;
    };
    const few = await reads();
    for (let i = 1; i < 12; i += 1) await create({ organization_name: `S${i}` });
    expect(await reads()).toEqual([few[0], few[0]]);
    const last = await call(t.app, 'GET', `${list()}?p=3&s=5`, { token: owner.access });
    expect(last.body).toMatchObject({ count: 12, next: null, previous: expect.stringContaining('p=2') });
    expect(last.body!.results.map((row: Body) => row.organization_name)).toEqual(['S1', 'S0']);
  });
});
