// POST /{school}/subscribe/ and GET /{school}/current_tariff/: who may call them, what the body
// may hold, promo codes, and the amount the server computes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments, promoCodes } from './tables.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { addMember, registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

const NO_SUCH_PROMO = { code: 'PROMO_NOT_FOUND', message: 'Нет такого промокода', fields: { promo_code: ['Нет такого промокода'] } };
const DAY = 24 * 3600 * 1000;

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

const subscribe = (token: string | undefined, body: unknown, school = owner.schoolName) =>
  call(t.app, 'POST', `/api/${school}/subscribe/`, { ...(token ? { token } : {}), body });

let codes = 0;
async function promo(values: Partial<typeof promoCodes.$inferInsert> = {}): Promise<string> {
  const code = values.code ?? `CODE${(codes += 1)}`;
  await t.app.ctx.db.insert(promoCodes).values({ kind: 'percent', value: 20, ...values, code });
  return code;
}

describe('POST /{school}/subscribe/: access', () => {
  it('needs a signed-in admin of that school', async () => {
    const body = { tariff: 'Junior', subscription_type: 'monthly' };
    expect((await subscribe(undefined, body)).status).toBe(401);
    const teacher = await addMember(t.app, owner.schoolId, 'Teacher');
    const student = await addMember(t.app, owner.schoolId, 'Student');
    expect(await subscribe(teacher.access, body)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await subscribe(student.access, body)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const other = await registerOwner(t.app);
    expect(await subscribe(other.access, body)).toMatchObject({ status: 403, body: { code: 'NOT_A_MEMBER' } });
    expect(await subscribe(owner.access, body, 'no_such_school')).toMatchObject({ status: 404, body: { code: 'SCHOOL_NOT_FOUND' } });
  });
});

describe('POST /{school}/subscribe/: body', () => {
  it.each([
    [{ tariff: 'Ultra', subscription_type: 'monthly' }, 'tariff', 'TARIFF_NOT_FOUND'],
    [{ tariff: 'Start', subscription_type: 'monthly' }, 'tariff', 'TARIFF_NOT_PURCHASABLE'],
    [{ tariff: 'Junior', subscription_type: 'upfront', pays_count: 5 }, 'pays_count', 'VALIDATION_ERROR'],
    [{ tariff: 'Junior', subscription_type: 'upfront', pays_count: '3' }, 'pays_count', 'VALIDATION_ERROR'],
    [{ tariff: 'Junior', subscription_type: 'yearly' }, 'subscription_type', 'VALIDATION_ERROR'],
    [{ tariff: 2, subscription_type: 'monthly' }, 'tariff', 'VALIDATION_ERROR'],
    [{ subscription_type: 'monthly' }, 'tariff', 'VALIDATION_ERROR'],
    [{ tariff: 'Junior', subscription_type: 'monthly', promo_code: 20 }, 'promo_code', 'VALIDATION_ERROR'],
  ])('refuses %j (400 on %s)', async (body, field, code) => {
    const res = await subscribe(owner.access, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code });
    expect(res.body!.fields).toHaveProperty(field);
  });

  it('creates a pending payment for one month and answers with the amount in minor units and the payment page', async () => {
    const res = await subscribe(owner.access, { tariff: 'Junior', subscription_type: 'monthly' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      plan: { amount: 46800, currency: 'BYN', months: 1, pays_count: 1, subscription_type: 'monthly', tariff: 'Junior' },
      payment_id: expect.any(String),
      redirect_url: `http://coursehub.test/api/payments/sandbox/${res.body!.payment_id}/`,
    });
    const [payment] = await t.app.ctx.db.select().from(payments).where(eq(payments.id, res.body!.payment_id));
    expect(payment).toMatchObject({ schoolId: owner.schoolId, tariffId: 2, months: 1, paysCount: 1, amount: 46800, currency: 'BYN', provider: 'sandbox', status: 'pending', createdBy: owner.id, promoCodeId: null, paidAt: null });
  });

  it('charges every month up front, or only the first month of a monthly subscription', async () => {
    expect((await subscribe(owner.access, { tariff: 'Middle', subscription_type: 'upfront', pays_count: 6 })).body!.plan).toMatchObject({ amount: 948 * 6 * 100, months: 6, pays_count: 6 });
    expect((await subscribe(owner.access, { tariff: 'senior', subscription_type: 'monthly', pays_count: 12 })).body!.plan).toMatchObject({ amount: 178800, months: 1, pays_count: 12, tariff: 'Senior' });
  });

  it('computes the amount itself: an amount sent by the client is ignored, like any unknown field', async () => {
    const res = await subscribe(owner.access, { tariff: 'Junior', subscription_type: 'upfront', pays_count: 3, amount: 1, plan: { amount: 1 } });
    expect(res.status).toBe(201);
    expect(res.body!.plan.amount).toBe(140400);
    const [payment] = await t.app.ctx.db.select().from(payments).where(eq(payments.id, res.body!.payment_id));
    expect(payment!.amount).toBe(140400);
  });
});

describe('POST /{school}/subscribe/: promo codes', () => {
  it('takes a percentage or a fixed sum off, matching the code case-insensitively', async () => {
    const percent = await promo({ code: 'SPRING20', kind: 'percent', value: 20 });
    const fixed = await promo({ code: 'MINUS100X', kind: 'fixed', value: 10_000 });
    const a = await subscribe(owner.access, { tariff: 'Middle', subscription_type: 'upfront', pays_count: 3, promo_code: ` ${percent.toLowerCase()} ` });
    expect(a).toMatchObject({ status: 201, body: { plan: { amount: 227520 } } }); // 2844.00 − 20 %
    const b = await subscribe(owner.access, { tariff: 'Junior', subscription_type: 'monthly', promo_code: fixed });
    expect(b).toMatchObject({ status: 201, body: { plan: { amount: 36800 } } });
    const [payment] = await t.app.ctx.db.select().from(payments).where(eq(payments.id, b.body!.payment_id));
    expect(payment!.promoCodeId).not.toBeNull();
    // Nothing is counted before the payment goes through.
    const [row] = await t.app.ctx.db.select().from(promoCodes).where(eq(promoCodes.code, fixed));
    expect(row!.uses).toBe(0);
  });

  it('treats an empty or blank code as none', async () => {
    expect((await subscribe(owner.access, { tariff: 'Junior', subscription_type: 'monthly', promo_code: '' })).body!.plan.amount).toBe(46800);
    expect((await subscribe(owner.access, { tariff: 'Junior', subscription_type: 'monthly', promo_code: '   ' })).body!.plan.amount).toBe(46800);
    expect((await subscribe(owner.access, { tariff: 'Junior', subscription_type: 'monthly', promo_code: null })).body!.plan.amount).toBe(46800);
  });

  it("answers 404 'Нет такого промокода' for an unknown, inactive, used-up or expired code", async () => {
    const body = (promo_code: string) => ({ tariff: 'Junior', subscription_type: 'monthly', promo_code });
    expect(await subscribe(owner.access, body('NOPE'))).toMatchObject({ status: 404, body: NO_SUCH_PROMO });
    expect(await subscribe(owner.access, body(await promo({ isActive: false })))).toMatchObject({ status: 404, body: NO_SUCH_PROMO });
    expect(await subscribe(owner.access, body(await promo({ maxUses: 3, uses: 3 })))).toMatchObject({ status: 404, body: NO_SUCH_PROMO });
    expect(await subscribe(owner.access, body(await promo({ kind: 'fixed', value: 100, currency: 'RUB' })))).toMatchObject({ status: 404, body: NO_SUCH_PROMO });
    const expiring = await promo({ expiresAt: new Date(t.clock.now.getTime() + 3600_000) });
    expect((await subscribe(owner.access, body(expiring))).status).toBe(201);
    t.clock.advance(2 * 3600_000);
    expect(await subscribe(owner.access, body(expiring))).toMatchObject({ status: 404, body: NO_SUCH_PROMO });
    const limited = await promo({ maxUses: 1 });
    expect((await subscribe(owner.access, body(limited))).status).toBe(201);
  });

  it('activates the plan at once when a fixed code covers the whole amount: there is nothing to pay', async () => {
    const free = await registerOwner(t.app);
    const code = await promo({ kind: 'fixed', value: 1_000_000 });
    const res = await subscribe(free.access, { tariff: 'Junior', subscription_type: 'monthly', promo_code: code }, free.schoolName);
    expect(res).toMatchObject({ status: 201, body: { plan: { amount: 0 }, redirect_url: `http://coursehub.test/school/${free.schoolName}/tariff-plans?payment=success` } });
    const [payment] = await t.app.ctx.db.select().from(payments).where(eq(payments.id, res.body!.payment_id));
    expect(payment!.status).toBe('paid');
    const [event] = await t.app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id));
    expect(event).toMatchObject({ kind: 'paid', detail: { free: true } });
    const [row] = await t.app.ctx.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(row!.uses).toBe(1);
    const current = await call(t.app, 'GET', `/api/${free.schoolName}/current_tariff/`, { token: free.access });
    expect(current.body).toMatchObject({ tariff_name: 'Junior', trial: false });
  });
});

describe('POST /{school}/subscribe/: changing plans', () => {
  it('refuses a cheaper plan while a dearer one is paid for, and allows renewal and upgrades', async () => {
    const school = await registerOwner(t.app);
    const paidUntil = new Date(t.clock.now.getTime() + 30 * DAY);
    await t.app.ctx.db.update(schools).set({ tariffId: 3, purchasedTariffEndDate: paidUntil }).where(eq(schools.id, school.schoolId));
    const junior = await subscribe(school.access, { tariff: 'Junior', subscription_type: 'monthly' }, school.schoolName);
    expect(junior).toMatchObject({ status: 409, body: { code: 'DOWNGRADE_NOT_ALLOWED', message: 'Сначала отмените текущую подписку.' } });
    expect((await subscribe(school.access, { tariff: 'Middle', subscription_type: 'monthly' }, school.schoolName)).status).toBe(201);
    expect((await subscribe(school.access, { tariff: 'Senior', subscription_type: 'monthly' }, school.schoolName)).status).toBe(201);
    // Once the paid period is over, any plan may be chosen.
    await t.app.ctx.db.update(schools).set({ purchasedTariffEndDate: new Date(t.clock.now.getTime() - DAY) }).where(eq(schools.id, school.schoolId));
    expect((await subscribe(school.access, { tariff: 'Junior', subscription_type: 'monthly' }, school.schoolName)).status).toBe(201);
  });
});

describe('GET /{school}/current_tariff/', () => {
  it("shows a new school's Start trial with its limits in use", async () => {
    const school = await registerOwner(t.app);
    await addMember(t.app, school.schoolId, 'Teacher');
    await addMember(t.app, school.schoolId, 'Student');
    await addMember(t.app, school.schoolId, 'Student');
    const res = await call(t.app, 'GET', `/api/${school.schoolName}/current_tariff/`, { token: school.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tariff_name: 'Start',
      tariff: 1,
      days_left: 14,
      trial: true,
      paid_until: null,
      staff: 2,
      students: 2,
      number_of_courses: 0,
      tariff_details: expect.objectContaining({ id: 1, name: 'Start', price: '0.00', number_of_courses: 1 }),
    });
  });

  it('counts down to the paid end, and reads a school without a plan', async () => {
    const school = await registerOwner(t.app);
    const paidUntil = new Date(t.clock.now.getTime() + 40 * DAY - 3600_000);
    await t.app.ctx.db.update(schools).set({ tariffId: 4, purchasedTariffEndDate: paidUntil }).where(eq(schools.id, school.schoolId));
    const res = await call(t.app, 'GET', `/api/${school.schoolName}/current_tariff/`, { token: school.access });
    expect(res.body).toMatchObject({ tariff_name: 'Senior', tariff: 4, days_left: 40, trial: false, paid_until: paidUntil.toISOString(), tariff_details: { name: 'Senior', price: '1788.00' } });
    await t.app.ctx.db.update(schools).set({ tariffId: null, purchasedTariffEndDate: null, trialEndDate: null }).where(eq(schools.id, school.schoolId));
    const none = await call(t.app, 'GET', `/api/${school.schoolName}/current_tariff/`, { token: school.access });
    expect(none.body).toMatchObject({ tariff_name: null, tariff: null, days_left: null, trial: false, paid_until: null, tariff_details: null });
  });

  it('is for admins of the school only', async () => {
    const teacher = await addMember(t.app, owner.schoolId, 'Teacher');
    const other = await registerOwner(t.app);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/current_tariff/`)).status).toBe(401);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/current_tariff/`, { token: teacher.access })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/current_tariff/`, { token: other.access })).status).toBe(403);
  });
});

describe('rate limit', () => {
  it('allows 20 subscribe calls a minute', async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      const admin = await registerOwner(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        statuses.push((await call(limited.app, 'POST', `/api/${admin.schoolName}/subscribe/`, { token: admin.access, body: { tariff: 'Ultra', subscription_type: 'monthly' } })).status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
