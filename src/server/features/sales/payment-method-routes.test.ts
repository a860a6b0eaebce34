// The school's payment methods: admins only, their school only, the secret sealed and never returned.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { schoolPaymentMethods } from './tables.ts';

const KEY = 'prodamus-secret-key-9876';
const PRODAMUS = { payment_method: 'prodamus', payment_method_name: 'Prodamus', account_no: 'shop-1', api_key: KEY, payment_url: 'https://demo.payform.ru/' };

describe('payment_method/', () => {
  let t: TestApp;
  let owner: Owner;
  let other: Owner;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerOwner(t.app);
    other = await registerOwner(t.app);
  });
  afterAll(() => t.close());

  const url = (o: Owner, id?: number) => `/api/${o.schoolName}/payment_method/${id ? `${id}/` : ''}`;

  it('creates, lists, changes and deletes a method; the key is sealed and never returned', async () => {
    const made = await call(t.app, 'POST', url(owner), { token: owner.access, body: PRODAMUS });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ payment_method: 'prodamus', payment_method_name: 'Prodamus', account_no: 'shop-1', has_api_key: true, api_key_last4: '9876', usable: true, is_active: true });
    expect(JSON.stringify(made.body)).not.toContain(KEY);
    const id = made.body!.id as number;
    const [row] = await t.app.ctx.db.select().from(schoolPaymentMethods).where(eq(schoolPaymentMethods.id, id));
    expect(row!.secretSealed).not.toContain(KEY);
    expect(row!.secretSealed.startsWith('v1.')).toBe(true);

    const list = await call(t.app, 'GET', url(owner), { token: owner.access });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, results: [{ id, has_api_key: true }] });
    expect(JSON.stringify(list.body)).not.toContain(KEY);

    // Without api_key the stored key stays; a new one replaces it.
    const renamed = await call(t.app, 'PATCH', url(owner, id), { token: owner.access, body: { payment_method_name: 'Основной' } });
    expect(renamed.body).toMatchObject({ payment_method_name: 'Основной', has_api_key: true, api_key_last4: '9876' });
    const rekeyed = await call(t.app, 'PATCH', url(owner, id), { token: owner.access, body: { api_key: 'another-secret-1111' } });
    expect(rekeyed.body).toMatchObject({ api_key_last4: '1111' });
    expect(JSON.stringify(rekeyed.body)).not.toContain('another-secret');

    // A Prodamus method cannot lose its key or its form.
    expect((await call(t.app, 'PATCH', url(owner, id), { token: owner.access, body: { api_key: '' } })).body).toMatchObject({ fields: { api_key: [expect.any(String)] } });
    expect((await call(t.app, 'PATCH', url(owner, id), { token: owner.access, body: { payment_url: 'javascript:alert(1)' } })).body).toMatchObject({ fields: { payment_url: [expect.any(String)] } });

    expect((await call(t.app, 'DELETE', url(owner, id), { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', url(owner, id), { token: owner.access })).status).toBe(404);
  });

  it('requires the key and the form for Prodamus', async () => {
    const res = await call(t.app, 'POST', url(owner), { token: owner.access, body: { payment_method: 'prodamus', payment_method_name: 'P' } });
    expect(res.status).toBe(400);
    expect(res.body!.fields).toHaveProperty('api_key');
    const noUrl = await call(t.app, 'POST', url(owner), { token: owner.access, body: { payment_method: 'prodamus', payment_method_name: 'P', api_key: KEY } });
    expect(noUrl.body!.fields).toHaveProperty('payment_url');
  });

  it("keeps each school's methods to itself", async () => {
    const made = await call(t.app, 'POST', url(owner), { token: owner.access, body: PRODAMUS });
    const id = made.body!.id as number;
    expect((await call(t.app, 'GET', url(other, id), { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', url(other, id), { token: other.access, body: { is_active: false } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', url(other, id), { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'GET', url(other), { token: other.access })).body).toMatchObject({ count: 0 });
    // Another school's admin naming this school: not a member.
    expect((await call(t.app, 'GET', url(owner), { token: other.access })).status).toBe(403);
  });

  it('refuses teachers, students and callers without a token', async () => {
    for (const role of ['Teacher', 'Student'] as const) {
      const member = await addMember(t.app, owner.schoolId, role);
      expect((await call(t.app, 'GET', url(owner), { token: member.access })).status).toBe(403);
      expect((await call(t.app, 'POST', url(owner), { token: member.access, body: PRODAMUS })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', url(owner))).status).toBe(401);
    expect((await call(t.app, 'POST', url(owner), { body: PRODAMUS })).status).toBe(401);
  });

  it('refuses malformed bodies and NUL bytes in every text field', async () => {
    expect((await call(t.app, 'POST', url(owner), { token: owner.access, body: { payment_method: 'paypal', payment_method_name: 'x' } })).status).toBe(400);
    expect((await call(t.app, 'POST', url(owner), { token: owner.access, body: { payment_method_name: 'x' } })).status).toBe(400);
    expect((await call(t.app, 'POST', url(owner), { token: owner.access, body: { ...PRODAMUS, is_active: 'maybe' } })).status).toBe(400);
    for (const field of ['payment_method_name', 'account_no', 'api_key', 'payment_url']) {
      const res = await call(t.app, 'POST', url(owner), { token: owner.access, body: { ...PRODAMUS, [field]: 'a\u0000b' } });
      expect(res.status, field).toBe(400);
      expect(res.body!.fields, field).toHaveProperty(field);
    }
  });

  it('offers the sandbox only in demo mode', async () => {
    const made = await call(t.app, 'POST', url(owner), { token: owner.access, body: { payment_method: 'sandbox', payment_method_name: 'Тест' } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ has_api_key: false, usable: true });
    const live = await createTestApp({ demo: false });
    try {
      const o = await registerOwner(live.app);
      const res = await call(live.app, 'POST', url(o), { token: o.access, body: { payment_method: 'sandbox', payment_method_name: 'Тест' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'SANDBOX_ONLY_IN_DEMO' });
    } finally {
      await live.close();
    }
  });
});
