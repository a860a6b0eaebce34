// GET /{school}/invoice/{paymentId}/ and GET /{school}/invoices/: who may read them, that another
// school's payment stays unknown, the document built from a real payment, and the list.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from './tables.ts';
import { addMember, registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const SELLER = { name: 'Оператор платформы CourseHub', details: 'Реквизиты оператора указываются в договоре-оферте' };
const MINUTE = 60_000;

async function subscribe(t: TestApp, owner: Owner, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', `/api/${owner.schoolName}/subscribe/`, { token: owner.access, body });
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { plan: { amount: number }; payment_id: string; redirect_url: string };
}

const number = (id: string) => `CH-${id.slice(0, 8).toUpperCase()}`;

describe('invoices (sandbox provider)', () => {
  let t: TestApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerOwner(t.app, { schoolTitle: 'Школа Ромашка' });
  });
  afterAll(() => t.close());

  const invoice = (token: string | undefined, id: string, school = owner.schoolName) =>
    call(t.app, 'GET', `/api/${school}/invoice/${id}/`, token ? { token } : {});
  const list = (token: string | undefined, school = owner.schoolName, query = '') =>
    call(t.app, 'GET', `/api/${school}/invoices/${query}`, token ? { token } : {});
  const press = (id: string, action: 'pay' | 'decline') => t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${id}/${action}/`, headers: FORM, payload: '' });

  describe('access', () => {
    let paymentId: string;
    beforeAll(async () => {
      paymentId = (await subscribe(t, owner, { tariff: 'Junior', subscription_type: 'monthly' })).payment_id;
    });

    it('needs a token', async () => {
      expect(await invoice(undefined, paymentId)).toMatchObject({ status: 401, body: { code: 'NOT_AUTHENTICATED' } });
      expect(await list(undefined)).toMatchObject({ status: 401, body: { code: 'NOT_AUTHENTICATED' } });
    });

    it('is for the school admins only: teachers and students get 403', async () => {
      const teacher = await addMember(t.app, owner.schoolId, 'Teacher');
      const student = await addMember(t.app, owner.schoolId, 'Student');
      for (const member of [teacher, student]) {
        expect(await invoice(member.access, paymentId)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
        expect(await list(member.access)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      }
      const admin = await addMember(t.app, owner.schoolId, 'Admin');
      expect(await invoice(admin.access, paymentId)).toMatchObject({ status: 200, body: { payment_id: paymentId } });
    });

    it("gives another school's admin nothing: 403 on that school, 404 through their own", async () => {
      const other = await registerOwner(t.app);
      const foreign = await invoice(other.access, paymentId);
      expect(foreign).toMatchObject({ status: 403, body: { code: 'NOT_A_MEMBER' } });
      expect(JSON.stringify(foreign.body)).not.toContain(paymentId);
      expect(await list(other.access)).toMatchObject({ status: 403, body: { code: 'NOT_A_MEMBER' } });

      const own = await invoice(other.access, paymentId, other.schoolName);
      expect(own).toEqual({ status: 404, body: { code: 'INVOICE_NOT_FOUND', message: 'Счёт не найден.' }, headers: expect.anything() });
      expect(await list(other.access, other.schoolName)).toMatchObject({ status: 200, body: { count: 0, results: [] } });
    });

    it('answers 400 for a malformed id and 404 for an unknown one or an unknown school', async () => {
      for (const bad of ['123', 'not-a-uuid', `${paymentId}x`]) {
        expect(await invoice(owner.access, bad)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
      }
      expect(await invoice(owner.access, randomUUID())).toMatchObject({ status: 404, body: { code: 'INVOICE_NOT_FOUND' } });
      expect(await invoice(owner.access, paymentId, 'no_such_school')).toMatchObject({ status: 404, body: { code: 'SCHOOL_NOT_FOUND' } });
      expect(await list(owner.access, 'no_such_school')).toMatchObject({ status: 404, body: { code: 'SCHOOL_NOT_FOUND' } });
    });

    it('reads an upper-case id as the same payment', async () => {
      expect(await invoice(owner.access, paymentId.toUpperCase())).toMatchObject({ status: 200, body: { payment_id: paymentId } });
    });
  });

  describe('the document', () => {
    it('describes a pending payment made through subscribe/, with the link to pay it', async () => {
      const school = await registerOwner(t.app, { schoolTitle: 'Школа Лютик' });
      const order = await subscribe(t, school, { tariff: 'Middle', subscription_type: 'upfront', pays_count: 3 });
      const [row] = await t.app.ctx.db.select().from(payments).where(eq(payments.id, order.payment_id));
      const res = await invoice(school.access, order.payment_id, school.schoolName);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        payment_id: order.payment_id,
        number: number(order.payment_id),
        date: row!.createdAt.toISOString(),
        status: 'pending',
        paid_at: null,
        seller: SELLER,
        buyer: { school_title: 'Школа Лютик', school_name: school.schoolName, owner_email: school.email },
        items: [{ name: 'Тариф «Middle» на 3 месяца', quantity: 1, amount: 948 * 3 * 100 }],
        total: 948 * 3 * 100,
        currency: 'BYN',
        pay_url: `http://coursehub.test/api/payments/sandbox/${order.payment_id}/`,
      });
      expect(res.body!.pay_url).toBe(order.redirect_url);
      expect(res.body!.number).toMatch(/^CH-[0-9A-F]{8}$/);
    });

    it('shows a paid payment with its time and no link', async () => {
      const school = await registerOwner(t.app);
      const order = await subscribe(t, school, { tariff: 'Senior', subscription_type: 'upfront', pays_count: 12 });
      t.clock.advance(5 * MINUTE);
      expect((await press(order.payment_id, 'pay')).statusCode).toBe(303);
      const res = await invoice(school.access, order.payment_id, school.schoolName);
      expect(res.body).toMatchObject({
        status: 'paid',
        paid_at: t.clock.now.toISOString(),
        pay_url: null,
        items: [{ name: 'Тариф «Senior» на 12 месяцев', quantity: 1, amount: 1788 * 12 * 100 }],
      });
    });

    it('shows a declined payment without a link, and one month in the singular', async () => {
      const school = await registerOwner(t.app);
      const order = await subscribe(t, school, { tariff: 'Junior', subscription_type: 'monthly', pays_count: 6 });
      expect((await press(order.payment_id, 'decline')).statusCode).toBe(303);
      const res = await invoice(school.access, order.payment_id, school.schoolName);
      expect(res.body).toMatchObject({ status: 'declined', paid_at: null, pay_url: null, total: 46800, items: [{ name: 'Тариф «Junior» на 1 месяц' }] });
    });
  });

  describe('the list', () => {
    it("lists the school's invoices newest first, only its own, in pages of 20", async () => {
      const school = await registerOwner(t.app);
      const other = await registerOwner(t.app);
      await subscribe(t, other, { tariff: 'Junior', subscription_type: 'monthly' });
      const ids: string[] = [];
      for (const tariff of ['Junior', 'Middle', 'Senior']) {
        ids.push((await subscribe(t, school, { tariff, subscription_type: 'monthly' })).payment_id);
        t.clock.advance(MINUTE);
      }
      await press(ids[0]!, 'pay');

      const res = await list(school.access, school.schoolName);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 3, next: null, previous: null });
      expect(res.body!.results.map((r: { payment_id: string }) => r.payment_id)).toEqual([...ids].reverse());
      const [row] = await t.app.ctx.db.select().from(payments).where(eq(payments.id, ids[2]!));
      expect(res.body!.results[0]).toEqual({ payment_id: ids[2], number: number(ids[2]!), date: row!.createdAt.toISOString(), status: 'pending', total: 178800, currency: 'BYN', tariff: 'Senior' });
      expect(res.body!.results[2]).toMatchObject({ payment_id: ids[0], status: 'paid', tariff: 'Junior', total: 46800 });

      for (let i = 0; i < 19; i += 1) await subscribe(t, school, { tariff: 'Junior', subscription_type: 'monthly' });
      const first = await list(school.access, school.schoolName);
      expect(first.body).toMatchObject({ count: 22, previous: null, next: `/api/${school.schoolName}/invoices/?p=2` });
      expect(first.body!.results).toHaveLength(20);
      const second = await list(school.access, school.schoolName, '?p=2');
      expect(second.body).toMatchObject({ count: 22, next: null, previous: `/api/${school.schoolName}/invoices/?p=1` });
      expect(second.body!.results.map((r: { payment_id: string }) => r.payment_id)).toEqual([ids[1], ids[0]]);
      expect(await list(school.access, school.schoolName, '?p=9')).toMatchObject({ status: 200, body: { count: 22, results: [] } });
      expect(await list(school.access, school.schoolName, '?p=0')).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    });
  });
});

describe('invoices (Prodamus provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ paymentProvider: 'prodamus', prodamusUrl: 'https://school.payform.ru/', prodamusSecret: 'prodamus-secret-key-for-tests' });
  });
  afterAll(() => t.close());

  it('rebuilds the same signed payment link the subscription answered with', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Middle', subscription_type: 'upfront', pays_count: 6 });
    const res = await call(t.app, 'GET', `/api/${owner.schoolName}/invoice/${order.payment_id}/`, { token: owner.access });
    expect(res.body).toMatchObject({ status: 'pending', pay_url: order.redirect_url });
    expect(new URL(res.body!.pay_url as string).origin).toBe('https://school.payform.ru');
  });

  it('offers no link for a payment another provider created: this one cannot settle it', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Junior', subscription_type: 'monthly' });
    await t.app.ctx.db.update(payments).set({ provider: 'sandbox' }).where(eq(payments.id, order.payment_id));
    const res = await call(t.app, 'GET', `/api/${owner.schoolName}/invoice/${order.payment_id}/`, { token: owner.access });
    expect(res.body).toMatchObject({ status: 'pending', pay_url: null });
  });
});
