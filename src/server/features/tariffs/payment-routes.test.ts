// Paying for a plan: the sandbox payment page and its signed webhook end to end, replays, forged
// and wrong-amount webhooks, concurrent payments, a promo code's limit held by pending payments,
// and the Prodamus link and webhook.
import { createHmac, randomUUID } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments, promoCodes } from './tables.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { prodamusSignature } from './payments/prodamus.ts';
import { sandboxSignature, type SandboxWebhookBody } from './payments/sandbox.ts';
import { addMonths } from './pricing.ts';
import { PROMO_HOLD_MS } from './promo-hold.ts';
import { registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function subscribe(t: TestApp, owner: Owner, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', `/api/${owner.schoolName}/subscribe/`, { token: owner.access, body });
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { plan: { amount: number; months: number }; payment_id: string; redirect_url: string };
}

const currentTariff = async (t: TestApp, owner: Owner) => (await call(t.app, 'GET', `/api/${owner.schoolName}/current_tariff/`, { token: owner.access })).body!;

const events = (t: TestApp, paymentId: string) =>
  t.app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.id));

const paymentRow = async (t: TestApp, id: string) => (await t.app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const schoolRow = async (t: TestApp, id: number) => (await t.app.ctx.db.select().from(schools).where(eq(schools.id, id)))[0]!;

describe('sandbox payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const press = (id: string, action: 'pay' | 'decline') => t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${id}/${action}/`, headers: FORM, payload: '' });

  const webhook = (body: unknown, signature: string | undefined) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox/', headers: signature === undefined ? {} : { 'x-signature': signature }, payload: body as object });

  const signed = (body: SandboxWebhookBody) => webhook(body, sandboxSignature(body, t.app.ctx.config.secret));

  it('pays on the local page: the plan is active for the months bought and the payer returns to the tariff page', async () => {
    const owner = await registerOwner(t.app, { schoolTitle: 'Школа <Ромашка>' });
    const order = await subscribe(t, owner, { tariff: 'Junior', subscription_type: 'upfront', pays_count: 3 });
    expect(new URL(order.redirect_url).pathname).toBe(`/api/payments/sandbox/${order.payment_id}/`);

    const page = await t.app.inject({ method: 'GET', url: new URL(order.redirect_url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
    expect(page.body).toContain('1404,00 BYN');
    expect(page.body).toContain('Junior');
    expect(page.body).toContain('3 месяца');
    expect(page.body).toContain('Школа &#60;Ромашка&#62;');
    expect(page.body).toContain(`action="/api/payments/sandbox/${order.payment_id}/pay/"`);
    expect(page.body).toContain('>Оплатить</button>');
    expect(page.body).toContain('>Отклонить</button>');
    expect(page.body).not.toMatch(/<script|style=/);

    const paidAt = t.clock.now;
    const res = await press(order.payment_id, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://coursehub.test/school/${owner.schoolName}/tariff-plans?payment=success`);

    const current = await currentTariff(t, owner);
    expect(current).toMatchObject({ tariff_name: 'Junior', tariff: 2, trial: false, paid_until: addMonths(paidAt, 3).toISOString() });
    expect(current.days_left).toBeGreaterThanOrEqual(89);
    expect(await paymentRow(t, order.payment_id)).toMatchObject({ status: 'paid', paidAt });
    expect((await events(t, order.payment_id)).map((e) => e.kind)).toEqual(['paid']);

    // The page now says so and offers no buttons.
    const after = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${order.payment_id}/` });
    expect(after.body).toContain('Этот платёж уже оплачен.');
    expect(after.body).not.toContain('Оплатить</button>');
  });

  it('changes nothing on a replayed webhook, by the page or over HTTP', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Junior', subscription_type: 'monthly' });
    await press(order.payment_id, 'pay');
    const before = await schoolRow(t, owner.schoolId);

    t.clock.advance(3600_000);
    const again = await press(order.payment_id, 'pay');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain('?payment=success');
    const replay = await signed({ payment_id: order.payment_id, status: 'paid', amount: 46800, currency: 'BYN' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ result: 'replayed' });
    const declineLater = await press(order.payment_id, 'decline');
    expect(declineLater.headers.location).toContain('?payment=success');

    expect((await schoolRow(t, owner.schoolId)).purchasedTariffEndDate).toEqual(before.purchasedTariffEndDate);
    expect((await paymentRow(t, order.payment_id)).status).toBe('paid');
    expect((await events(t, order.payment_id)).map((e) => e.kind)).toEqual(['paid', 'replayed', 'replayed', 'replayed']);
  });

  it('rejects a forged webhook with 401 and records it', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Senior', subscription_type: 'monthly' });
    const body: SandboxWebhookBody = { payment_id: order.payment_id, status: 'paid', amount: order.plan.amount, currency: 'BYN' };

    const wrongKey = await webhook(body, sandboxSignature(body, 'x'.repeat(64)));
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    // The raw secret as an HMAC key is not the sandbox key either.
    const rawSecret = createHmac('sha256', t.app.ctx.config.secret).update(JSON.stringify(body)).digest('hex');
    expect((await webhook(body, rawSecret)).statusCode).toBe(401);
    expect((await webhook(body, undefined)).statusCode).toBe(401);
    expect((await webhook({ ...body, amount: 1 }, sandboxSignature(body, t.app.ctx.config.secret))).statusCode).toBe(401);

    expect((await paymentRow(t, order.payment_id)).status).toBe('pending');
    expect((await schoolRow(t, owner.schoolId)).tariffId).toBe(1);
    const recorded = await events(t, order.payment_id);
    expect(recorded.map((e) => e.kind)).toEqual(['forged', 'forged', 'forged', 'forged']);
    expect(JSON.stringify(recorded)).not.toContain(t.app.ctx.config.secret);

    // A forged body without a usable payment id is recorded without one.
    const junk = await webhook({ payment_id: 'not-a-uuid' }, 'abc');
    expect(junk.statusCode).toBe(401);
    const [last] = await t.app.ctx.db.select().from(paymentEvents).orderBy(desc(paymentEvents.id)).limit(1);
    expect(last).toMatchObject({ kind: 'forged', paymentId: null, provider: 'sandbox' });
  });

  it('ignores a correctly signed webhook with the wrong amount or currency, and one for an unknown payment', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Junior', subscription_type: 'monthly' });
    const cheap = await signed({ payment_id: order.payment_id, status: 'paid', amount: 100, currency: 'BYN' });
    expect(cheap.json()).toEqual({ result: 'wrong_amount' });
    const rubles = await signed({ payment_id: order.payment_id, status: 'paid', amount: 46800, currency: 'RUB' });
    expect(rubles.json()).toEqual({ result: 'wrong_amount' });
    expect((await paymentRow(t, order.payment_id)).status).toBe('pending');
    expect((await schoolRow(t, owner.schoolId)).tariffId).toBe(1);
    const [event] = await events(t, order.payment_id);
    expect(event).toMatchObject({ kind: 'wrong_amount', detail: { amount: 100, expected_amount: 46800 } });

    const unknown = randomUUID();
    expect((await signed({ payment_id: unknown, status: 'paid', amount: 46800, currency: 'BYN' })).json()).toEqual({ result: 'unknown_payment' });
    expect((await events(t, unknown)).map((e) => e.kind)).toEqual(['unknown_payment']);

    // The right webhook still goes through afterwards.
    expect((await signed({ payment_id: order.payment_id, status: 'paid', amount: 46800, currency: 'BYN' })).json()).toEqual({ result: 'paid' });
    expect((await currentTariff(t, owner)).tariff_name).toBe('Junior');
  });

  it('declines: the payment is closed, the school keeps its plan, and a later pay changes nothing', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Middle', subscription_type: 'monthly' });
    const res = await press(order.payment_id, 'decline');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://coursehub.test/school/${owner.schoolName}/tariff-plans?payment=declined`);
    expect((await paymentRow(t, order.payment_id)).status).toBe('declined');
    expect(await currentTariff(t, owner)).toMatchObject({ tariff_name: 'Start', trial: true, paid_until: null });
    expect((await press(order.payment_id, 'pay')).headers.location).toContain('?payment=declined');
    expect((await schoolRow(t, owner.schoolId)).tariffId).toBe(1);
    expect((await events(t, order.payment_id)).map((e) => e.kind)).toEqual(['declined', 'replayed']);
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${order.payment_id}/` })).body).toContain('Этот платёж отклонён.');
  });

  it('activates once when the same payment is paid twice at the same time', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Senior', subscription_type: 'upfront', pays_count: 6 });
    const now = t.clock.now;
    const results = await Promise.all([press(order.payment_id, 'pay'), press(order.payment_id, 'pay'), signed({ payment_id: order.payment_id, status: 'paid', amount: order.plan.amount, currency: 'BYN' })]);
    expect(results.map((r) => r.statusCode)).toEqual([303, 303, 200]);
    expect((await schoolRow(t, owner.schoolId)).purchasedTariffEndDate).toEqual(addMonths(now, 6));
    const kinds = (await events(t, order.payment_id)).map((e) => e.kind).sort();
    expect(kinds).toEqual(['paid', 'replayed', 'replayed']);
  });

  it('extends a renewal from the current paid end', async () => {
    const owner = await registerOwner(t.app);
    const first = await subscribe(t, owner, { tariff: 'Junior', subscription_type: 'monthly' });
    const start = t.clock.now;
    await press(first.payment_id, 'pay');
    t.clock.advance(24 * 3600_000);
    const second = await subscribe(t, owner, { tariff: 'Junior', subscription_type: 'upfront', pays_count: 3 });
    await press(second.payment_id, 'pay');
    expect((await currentTariff(t, owner)).paid_until).toBe(addMonths(addMonths(start, 1), 3).toISOString());
  });

  it('gives a once-only code to one payment: of six made at once one holds it, and paying never counts a use past the limit', async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => registerOwner(t.app)));
    await t.app.ctx.db.insert(promoCodes).values({ code: 'ONCE50', kind: 'percent', value: 50, maxUses: 1 });
    const made = await Promise.all(
      owners.map((o) => call(t.app, 'POST', `/api/${o.schoolName}/subscribe/`, { token: o.access, body: { tariff: 'Junior', subscription_type: 'monthly', promo_code: 'once50' } })),
    );
    const held = made.filter((res) => res.status === 201);
    expect(held).toHaveLength(1);
    expect(held[0]!.body!.plan.amount).toBe(23400);
    for (const refused of made.filter((res) => res.status !== 201)) {
      expect(refused).toMatchObject({ status: 404, body: { code: 'PROMO_NOT_FOUND', message: 'Нет такого промокода', fields: { promo_code: ['Нет такого промокода'] } } });
    }
    await Promise.all([press(held[0]!.body!.payment_id as string, 'pay'), press(held[0]!.body!.payment_id as string, 'pay')]);
    const [promo] = await t.app.ctx.db.select().from(promoCodes).where(eq(promoCodes.code, 'ONCE50'));
    expect(promo!.uses).toBe(1);
  });

  it("holds a code for an hour: a declined payment gives it back, a payment after the hold gets it only while the code has room", async () => {
    const owner = await registerOwner(t.app);
    await t.app.ctx.db.insert(promoCodes).values([
      { code: 'HOLD50', kind: 'percent', value: 50, maxUses: 1 },
      { code: 'ROOM50', kind: 'percent', value: 50, maxUses: 1 },
      { code: 'OFF50', kind: 'percent', value: 50 },
    ]);
    const uses = async (code: string) => (await t.app.ctx.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.code, code)))[0]!.uses;
    const body = (promo_code: string) => ({ tariff: 'Junior', subscription_type: 'monthly', promo_code });

    const declined = await subscribe(t, owner, body('HOLD50'));
    expect((await call(t.app, 'POST', `/api/${owner.schoolName}/subscribe/`, { token: owner.access, body: body('HOLD50') })).status).toBe(404);
    await press(declined.payment_id, 'decline');
    const late = await subscribe(t, owner, body('HOLD50'));
    expect((await paymentRow(t, late.payment_id)).promoHeldUntil).toEqual(new Date(t.clock.now.getTime() + PROMO_HOLD_MS));
    const alone = await subscribe(t, owner, body('ROOM50'));
    const switched = await subscribe(t, owner, body('OFF50'));
    await t.app.ctx.db.update(promoCodes).set({ isActive: false }).where(eq(promoCodes.code, 'OFF50'));

    t.clock.advance(PROMO_HOLD_MS + 1000);
    // The hold ran out: another payment may take the code, and the first paid is the one that counts.
    const next = await subscribe(t, owner, body('HOLD50'));
    await press(late.payment_id, 'pay');
    expect((await paymentRow(t, late.payment_id)).status).toBe('paid');
    const [lateEvent] = await events(t, late.payment_id);
    expect(lateEvent!.detail).toMatchObject({ promo_used_up: true });
    expect(lateEvent!.detail).not.toHaveProperty('paid_until');
    // Not given at a promo price the code could not give: the plan stays as it was.
    expect((await schoolRow(t, owner.schoolId)).purchasedTariffEndDate).toBeNull();
    expect(await uses('HOLD50')).toBe(0);
    await press(next.payment_id, 'pay');
    expect((await schoolRow(t, owner.schoolId)).purchasedTariffEndDate).not.toBeNull();
    expect(await uses('HOLD50')).toBe(1);

    // Paid after its hold while nobody else wanted the code: honoured.
    await press(alone.payment_id, 'pay');
    expect((await events(t, alone.payment_id))[0]!.detail).toMatchObject({ promo_code_id: expect.any(Number), months: 1 });
    expect(await uses('ROOM50')).toBe(1);
    // Switched off while pending: honoured too (the payer was quoted it), and logged.
    await press(switched.payment_id, 'pay');
    expect((await events(t, switched.payment_id))[0]!.detail).toMatchObject({ promo_lapsed: true });
    expect(await uses('OFF50')).toBe(1);
  });

  it('answers 404 for an unknown payment page and 400 for a malformed id', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/${randomUUID()}/` })).statusCode).toBe(404);
    expect((await press(randomUUID(), 'pay')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/123/' })).statusCode).toBe(400);
  });

  it('has no Prodamus webhook while the sandbox is the provider', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/webhook/prodamus/', payload: {} })).statusCode).toBe(404);
  });
});

describe('Prodamus payments', () => {
  const SECRET = 'prodamus-secret-key-for-tests';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ paymentProvider: 'prodamus', prodamusUrl: 'https://school.payform.ru/', prodamusSecret: SECRET });
  });
  afterAll(() => t.close());

  // An independent reading of Prodamus' scheme: string values, keys sorted at every level, compact
  // JSON with '/' escaped, HMAC-SHA256 hex.
  const canonical = (value: unknown): string => {
    if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
    if (value && typeof value === 'object') {
      const keys = Object.keys(value).sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
    }
    return JSON.stringify(String(value));
  };
  const sign = (value: unknown) => createHmac('sha256', SECRET).update(canonical(value).replaceAll('/', '\\/')).digest('hex');

  it('links to the payment form with the order and a signature that checks out, never the secret', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Middle', subscription_type: 'upfront', pays_count: 3, promo_code: '' });
    const link = new URL(order.redirect_url);
    expect(link.origin + link.pathname).toBe('https://school.payform.ru/');
    expect(order.redirect_url).not.toContain(SECRET);
    const q = link.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      order_id: order.payment_id,
      customer_email: owner.email,
      'products[0][price]': '2844.00',
      'products[0][quantity]': '1',
      sum: '2844.00',
      currency: 'byn',
      urlSuccess: `http://coursehub.test/school/${owner.schoolName}/tariff-plans?payment=success`,
      urlNotification: 'http://coursehub.test/api/payments/webhook/prodamus/',
    });
    const data = {
      order_id: q.get('order_id'),
      customer_email: q.get('customer_email'),
      products: [{ name: q.get('products[0][name]'), price: q.get('products[0][price]'), quantity: q.get('products[0][quantity]') }],
      sum: q.get('sum'),
      currency: q.get('currency'),
      urlReturn: q.get('urlReturn'),
      urlSuccess: q.get('urlSuccess'),
      urlNotification: q.get('urlNotification'),
      sys: q.get('sys'),
    };
    expect([...q.keys()].filter((k) => k !== 'signature').length).toBe(11);
    expect(q.get('signature')).toBe(sign(data));
  });

  const notification = (paymentId: string, sum: string, status = 'success') => ({
    date: '2025-05-10T12:00:00+03:00',
    order_id: '123456',
    order_num: paymentId,
    domain: 'school.payform.ru',
    sum,
    currency: 'byn',
    customer_email: 'payer@example.com',
    payment_type: 'Оплата картой',
    payment_status: status,
    payment_status_description: 'Успешная оплата',
    products: [{ name: 'Тариф Junior', price: sum, quantity: '1', sum }],
  });

  // PHP-style form body, as Prodamus posts it.
  const form = (fields: Record<string, unknown>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) {
      if (Array.isArray(value)) value.forEach((item: Record<string, string>, i) => Object.entries(item).forEach(([k, v]) => params.append(`${key}[${i}][${k}]`, v)));
      else params.append(key, String(value));
    }
    return params.toString();
  };

  it('activates the plan on a signed form-encoded webhook, once', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Junior', subscription_type: 'monthly' });
    const fields = notification(order.payment_id, '468.00');
    const post = (signature: string) => t.app.inject({ method: 'POST', url: '/api/payments/webhook/prodamus/', headers: { ...FORM, sign: signature }, payload: form(fields) });
    const res = await post(sign(fields));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'paid' });
    expect(await currentTariff(t, owner)).toMatchObject({ tariff_name: 'Junior', paid_until: addMonths(t.clock.now, 1).toISOString() });
    expect((await post(sign(fields))).json()).toEqual({ result: 'replayed' });
    expect((await events(t, order.payment_id)).map((e) => e.kind)).toEqual(['paid', 'replayed']);
  });

  it('accepts JSON too, and ignores a signed webhook with another sum', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Junior', subscription_type: 'monthly' });
    const cheap = notification(order.payment_id, '1.00');
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/prodamus/', headers: { sign: prodamusSignature(cheap, SECRET) }, payload: cheap });
    expect(res.json()).toEqual({ result: 'wrong_amount' });
    expect((await paymentRow(t, order.payment_id)).status).toBe('pending');
    const denied = notification(order.payment_id, '468.00', 'order_denied');
    const declined = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/prodamus/', headers: { sign: prodamusSignature(denied, SECRET) }, payload: denied });
    expect(declined.json()).toEqual({ result: 'declined' });
    expect((await schoolRow(t, owner.schoolId)).tariffId).toBe(1);
  });

  it('rejects a forged Sign with 401 and records it', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Senior', subscription_type: 'monthly' });
    const fields = notification(order.payment_id, '1788.00');
    const forgedSign = createHmac('sha256', 'guessed').update(canonical(fields)).digest('hex');
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/prodamus/', headers: { ...FORM, sign: forgedSign }, payload: form(fields) });
    expect(res.statusCode).toBe(401);
    expect((await paymentRow(t, order.payment_id)).status).toBe('pending');
    expect(await events(t, order.payment_id)).toMatchObject([{ kind: 'forged', provider: 'prodamus' }]);
  });

  it('has no sandbox page or sandbox webhook: nobody can pay for free', async () => {
    const owner = await registerOwner(t.app);
    const order = await subscribe(t, owner, { tariff: 'Junior', subscription_type: 'monthly' });
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${order.payment_id}/pay/`, headers: FORM, payload: '' })).statusCode).toBe(404);
    const body: SandboxWebhookBody = { payment_id: order.payment_id, status: 'paid', amount: 46800, currency: 'BYN' };
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox/', headers: { 'x-signature': sandboxSignature(body, t.app.ctx.config.secret) }, payload: body });
    expect(res.statusCode).toBe(404);
    expect((await paymentRow(t, order.payment_id)).status).toBe('pending');
  });
});
