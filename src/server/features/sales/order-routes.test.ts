// Selling a course: the offer, a catalogue order paid on the sandbox page, access granted exactly
// once (replays, forged and wrong-amount webhooks change nothing), Prodamus links signed with the
// school's key and its webhooks verified per school, receipts by token, the admin's links, and a
// promo code's limit held by pending orders.
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, schoolMembers, users } from '../../shared/db/core-tables.ts';
import { addMember, registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { courses } from '../courses/index.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { schoolInvitationGroups, schoolInvitations } from '../roles/index.ts';
import { schoolPromoCodes } from '../school-promo/index.ts';
import { PROMO_HOLD_MS } from '../tariffs/index.ts';
import { prodamusSignature } from '../tariffs/payments/prodamus.ts';
import { sandboxSignature } from '../tariffs/payments/sandbox.ts';
import { receiptToken } from './order-links.ts';
import { courseOrderEvents, courseOrders } from './tables.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const KEY = 'school-prodamus-key-0001';

describe('course sales', () => {
  let t: TestApp;
  let owner: Owner;
  let other: Owner;
  let courseId: number;
  let otherCourseId: number;

  const addCourse = async (schoolId: number, values: Partial<typeof courses.$inferInsert> = {}) => {
    const [row] = await t.app.ctx.db
      .insert(courses)
      .values({ schoolId, name: 'Курс продаж', price: 4900, published: true, isCatalog: true, ...values })
      .returning({ id: courses.id });
    return row!.id;
  };
  const addMethod = (o: Owner, body: Record<string, unknown>) => call(t.app, 'POST', `/api/${o.schoolName}/payment_method/`, { token: o.access, body });
  const buy = (id: number, body: Record<string, unknown>) => call(t.app, 'POST', `/api/sales/courses/${id}/orders/`, { body });
  const order = async (id: string) => (await t.app.ctx.db.select().from(courseOrders).where(eq(courseOrders.id, id)))[0]!;
  const events = async (id: string) => (await t.app.ctx.db.select().from(courseOrderEvents).where(eq(courseOrderEvents.orderId, id)).orderBy(asc(courseOrderEvents.id))).map((e) => e.kind);
  const press = (id: string, action: 'pay' | 'decline') => t.app.inject({ method: 'POST', url: `/api/sales/sandbox/${id}/${action}/`, headers: FORM, payload: '' });
  const lastMail = async (to: string) => {
    await t.app.ctx.jobs.idle();
    return (await t.app.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerOwner(t.app, { schoolTitle: 'Школа продаж' });
    other = await registerOwner(t.app);
    courseId = await addCourse(owner.schoolId);
    otherCourseId = await addCourse(other.schoolId, { name: 'Чужой курс' });
  });
  afterAll(() => t.close());

  it('offers a course for sale only once the school has a payment method', async () => {
    const before = await call(t.app, 'GET', `/api/sales/courses/${courseId}/offer/`);
    expect(before.body).toMatchObject({ course_id: courseId, price: 4900, currency: 'BYN', purchasable: false, school_title: 'Школа продаж' });
    expect((await buy(courseId, { email: 'a@example.com' })).status).toBe(409);
    expect((await addMethod(owner, { payment_method: 'sandbox', payment_method_name: 'Тест' })).status).toBe(201);
    expect((await call(t.app, 'GET', `/api/sales/courses/${courseId}/offer/`)).body).toMatchObject({ purchasable: true });
    // Free, unpublished or unknown courses are not for sale.
    const free = await addCourse(owner.schoolId, { price: 0 });
    const hidden = await addCourse(owner.schoolId, { published: false });
    for (const id of [free, hidden, 999999]) expect((await call(t.app, 'GET', `/api/sales/courses/${id}/offer/`)).status).toBe(404);
  });

  it('sells a course to a new buyer: sandbox page, payment, a sales group, an invitation carrying it, a mail and the receipt', async () => {
    const made = await buy(courseId, { email: 'Buyer@Example.com', name: 'Анна', phone: '+375 29 123-45-67' });
    expect(made.status).toBe(201);
    const id = made.body!.order.id as string;
    expect(made.body).toMatchObject({ order: { status: 'pending', amount: 4900, currency: 'BYN', email: 'buyer@example.com' }, payment_url: `http://coursehub.test/api/sales/sandbox/${id}/` });

    const page = await t.app.inject({ method: 'GET', url: `/api/sales/sandbox/${id}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('49,00 BYN');
    expect(page.body).toContain('Курс продаж');
    expect(page.body).not.toMatch(/<script|style=/);

    const paid = await press(id, 'pay');
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string);
    expect(back.pathname).toBe(`/course-catalog/${courseId}`);
    expect(back.searchParams.get('order')).toBe(id);

    const row = await order(id);
    expect(row).toMatchObject({ status: 'paid', access: 'invited' });
    const [group] = await t.app.ctx.db.select().from(studentsGroups).where(eq(studentsGroups.courseId, courseId));
    expect(group).toMatchObject({ name: 'Покупатели курса', type: 'WITHOUT_TEACHER', schoolId: owner.schoolId });
    const [invitation] = await t.app.ctx.db.select().from(schoolInvitations).where(and(eq(schoolInvitations.schoolId, owner.schoolId), eq(schoolInvitations.email, 'buyer@example.com')));
    expect(invitation).toMatchObject({ role: 'Student', firstName: 'Анна' });
    expect(await t.app.ctx.db.select().from(schoolInvitationGroups).where(eq(schoolInvitationGroups.invitationId, invitation!.id))).toEqual([{ invitationId: invitation!.id, groupId: group!.id }]);
    const mail = await lastMail('buyer@example.com');
    expect(mail!.subject).toBe('Оплата курса «Курс продаж»');
    expect(mail!.text).toMatch(/\/invitation\/[A-Za-z0-9_-]+/);
    // The outbox keeps it only while the invitation link works.
    expect(mail!.expiresAt).toEqual(invitation!.expiresAt);

    // The receipt opens with the token from the return link, and only with it.
    const receipt = await call(t.app, 'GET', `/api/sales/orders/${id}/?t=${back.searchParams.get('t')}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ status: 'paid', access: 'invited', total: 4900, buyer: { email: 'buyer@example.com', name: 'Анна' }, seller: { name: 'Школа продаж' }, pay_url: null });
    expect((await call(t.app, 'GET', `/api/sales/orders/${id}/?t=${'0'.repeat(32)}`)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/sales/orders/${id}/?t=${receiptToken(t.app.ctx.config.secret, courseOrderIdOther())}`)).status).toBe(404);

    // Pressing again, or a replayed webhook over HTTP, changes nothing.
    await press(id, 'pay');
    const body = { payment_id: id, status: 'paid', amount: 4900, currency: 'BYN' } as const;
    const replay = await t.app.inject({ method: 'POST', url: '/api/sales/webhook/sandbox/', headers: { 'x-signature': sandboxSignature(body, t.app.ctx.config.secret) }, payload: body });
    expect(replay.json()).toEqual({ result: 'replayed' });
    expect(await events(id)).toEqual(['paid', 'replayed', 'replayed']);
    expect(await t.app.ctx.db.select().from(studentsGroups).where(eq(studentsGroups.courseId, courseId))).toHaveLength(1);
  });

  it('puts a student of the school into the group at once, exactly once', async () => {
    const student = await addMember(t.app, owner.schoolId, 'Student');
    const id = (await buy(courseId, { email: student.email })).body!.order.id as string;
    await Promise.all([press(id, 'pay'), press(id, 'pay')]);
    expect(await order(id)).toMatchObject({ status: 'paid', access: 'granted', userId: student.id });
    const members = await t.app.ctx.db.select().from(studentsGroupMembers).where(eq(studentsGroupMembers.userId, student.id));
    expect(members).toHaveLength(1);
    expect((await events(id)).sort()).toEqual(['paid', 'replayed']);
    expect((await lastMail(student.email))!.text).toContain('Курс уже открыт');
  });

  it('rejects forged webhooks and keeps orders of a wrong amount pending', async () => {
    const id = (await buy(courseId, { email: 'forged@example.com' })).body!.order.id as string;
    const body = { payment_id: id, status: 'paid', amount: 4900, currency: 'BYN' };
    const forged = await t.app.inject({ method: 'POST', url: '/api/sales/webhook/sandbox/', headers: { 'x-signature': 'f'.repeat(64) }, payload: body });
    expect(forged.statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/sales/webhook/sandbox/', payload: body });
    expect(unsigned.statusCode).toBe(401);
    const cheap = { ...body, amount: 100 } as const;
    const wrong = await t.app.inject({ method: 'POST', url: '/api/sales/webhook/sandbox/', headers: { 'x-signature': sandboxSignature({ ...cheap, status: 'paid' }, t.app.ctx.config.secret) }, payload: cheap });
    expect(wrong.json()).toEqual({ result: 'wrong_amount' });
    expect(await order(id)).toMatchObject({ status: 'pending', access: null });
    expect(await events(id)).toEqual(['forged', 'forged', 'wrong_amount']);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, 'forged@example.com'))).toHaveLength(0);

    const declined = await press(id, 'decline');
    expect(declined.statusCode).toBe(303);
    expect(await order(id)).toMatchObject({ status: 'declined' });
  });

  it('signs Prodamus links with the school key and accepts only that key at the method\'s webhook', async () => {
    const method = await addMethod(other, { payment_method: 'prodamus', payment_method_name: 'Prodamus', api_key: KEY, payment_url: 'https://school.payform.ru/' });
    expect(method.status).toBe(201);
    const made = await call(t.app, 'POST', `/api/${other.schoolName}/prodamus_payment_link/`, { token: other.access, body: { course_id: otherCourseId, email: 'p@example.com', phone: '+375291234567' } });
    expect(made.status).toBe(201);
    const link = new URL(made.body!.payment_url as string);
    expect(link.origin).toBe('https://school.payform.ru');
    const id = made.body!.order.id as string;
    expect(link.searchParams.get('order_id')).toBe(id);
    expect(link.searchParams.get('sum')).toBe('49.00');
    expect(link.searchParams.get('customer_phone')).toBe('+375291234567');
    expect(link.searchParams.get('urlNotification')).toBe(`http://coursehub.test/api/sales/webhook/prodamus/${method.body!.id}/`);
    expect(link.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(made.body!.payment_url).not.toContain(KEY);

    const hook = `/api/sales/webhook/prodamus/${method.body!.id}/`;
    const fields = { order_id: '777', order_num: id, sum: '49.00', currency: 'byn', payment_status: 'success', customer_email: 'p@example.com' };
    const form = new URLSearchParams(fields).toString();
    // Signed with another key (the platform's, or another school's): forged.
    const forged = await t.app.inject({ method: 'POST', url: hook, headers: { ...FORM, sign: prodamusSignature(fields, 'another-key') }, payload: form });
    expect(forged.statusCode).toBe(401);
    // The right signature at another school's webhook address: forged too.
    const elsewhere = await addMethod(owner, { payment_method: 'prodamus', payment_method_name: 'P', api_key: KEY, payment_url: 'https://x.payform.ru/' });
    const wrongPlace = await t.app.inject({ method: 'POST', url: `/api/sales/webhook/prodamus/${elsewhere.body!.id}/`, headers: { ...FORM, sign: prodamusSignature(fields, KEY) }, payload: form });
    expect(wrongPlace.json()).toEqual({ result: 'unknown_payment' });
    // Switched off again: the owner's school keeps selling through its sandbox.
    await call(t.app, 'PATCH', `/api/${owner.schoolName}/payment_method/${elsewhere.body!.id}/`, { token: owner.access, body: { is_active: false } });
    const ok = await t.app.inject({ method: 'POST', url: hook, headers: { ...FORM, sign: prodamusSignature(fields, KEY) }, payload: form });
    expect(ok.json()).toEqual({ result: 'paid' });
    expect(await order(id)).toMatchObject({ status: 'paid', access: 'invited' });
    const again = await t.app.inject({ method: 'POST', url: hook, headers: { ...FORM, sign: prodamusSignature(fields, KEY) }, payload: form });
    expect(again.json()).toEqual({ result: 'replayed' });
    expect(await events(id)).toEqual(['forged', 'unknown_payment', 'paid', 'replayed']);
    const unknownMethod = await t.app.inject({ method: 'POST', url: '/api/sales/webhook/prodamus/999999/', headers: { ...FORM, sign: prodamusSignature(fields, KEY) }, payload: form });
    expect(unknownMethod.statusCode).toBe(401);
  });

  it('prices with the school promo code and counts its use once paid', async () => {
    const [promo] = await t.app.ctx.db.insert(schoolPromoCodes).values({ schoolId: owner.schoolId, code: 'HALF', kind: 'percent', value: 50 }).returning();
    expect((await buy(courseId, { email: 'promo@example.com', promo_code: 'nope' })).body).toMatchObject({ fields: { promo_code: ['Нет такого промокода'] } });
    const made = await buy(courseId, { email: 'promo@example.com', promo_code: 'half' });
    expect(made.body!.order.amount).toBe(2450);
    await press(made.body!.order.id as string, 'pay');
    const [after] = await t.app.ctx.db.select().from(schoolPromoCodes).where(eq(schoolPromoCodes.id, promo!.id));
    expect(after!.uses).toBe(1);
    // A code of 100 % makes the order free: settled at once, no payment page.
    await t.app.ctx.db.insert(schoolPromoCodes).values({ schoolId: owner.schoolId, code: 'FREE', kind: 'percent', value: 100 });
    const free = await buy(courseId, { email: 'free@example.com', promo_code: 'FREE' });
    expect(free.body!.payment_url).toContain(`/course-catalog/${courseId}?order=`);
    expect(await order(free.body!.order.id as string)).toMatchObject({ status: 'paid', amount: 0, access: 'invited' });
  });

  it('gives a once-only code to one order: of six made at once one holds it, and paying never counts a use past the limit', async () => {
    await t.app.ctx.db.insert(schoolPromoCodes).values({ schoolId: owner.schoolId, code: 'ONCE', kind: 'percent', value: 50, maxUses: 1 });
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => buy(courseId, { email: `once${i}@example.com`, promo_code: 'once' })));
    const held = made.filter((res) => res.status === 201);
    expect(held).toHaveLength(1);
    expect(held[0]!.body!.order.amount).toBe(2450);
    for (const refused of made.filter((res) => res.status !== 201)) {
      expect(refused).toMatchObject({ status: 400, body: { code: 'PROMO_CODE_NOT_FOUND', message: 'Нет такого промокода', fields: { promo_code: ['Нет такого промокода'] } } });
    }
    const id = held[0]!.body!.order.id as string;
    await Promise.all([press(id, 'pay'), press(id, 'pay')]);
    expect(await order(id)).toMatchObject({ status: 'paid', access: 'invited' });
    const uses = async (code: string) => (await t.app.ctx.db.select({ uses: schoolPromoCodes.uses }).from(schoolPromoCodes).where(eq(schoolPromoCodes.code, code)))[0]!.uses;
    expect(await uses('ONCE')).toBe(1);
    expect((await buy(courseId, { email: 'late@example.com', promo_code: 'ONCE' })).body).toMatchObject({ fields: { promo_code: ['Нет такого промокода'] } });
  });

  it('holds a code for an hour: a declined order gives it back, a payment after the hold gets it only while the code has room', async () => {
    await t.app.ctx.db.insert(schoolPromoCodes).values([
      { schoolId: owner.schoolId, code: 'HOLD', kind: 'percent', value: 50, maxUses: 1 },
      { schoolId: owner.schoolId, code: 'ROOM', kind: 'percent', value: 50, maxUses: 1 },
    ]);
    const uses = async (code: string) => (await t.app.ctx.db.select({ uses: schoolPromoCodes.uses }).from(schoolPromoCodes).where(eq(schoolPromoCodes.code, code)))[0]!.uses;
    const take = async (email: string, code: string) => {
      const res = await buy(courseId, { email, promo_code: code });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body!.order.id as string;
    };

    const declined = await take('hold-a@example.com', 'HOLD');
    expect((await buy(courseId, { email: 'hold-x@example.com', promo_code: 'HOLD' })).status).toBe(400);
    await press(declined, 'decline');
    const late = await take('hold-b@example.com', 'HOLD');
    const alone = await take('room-a@example.com', 'ROOM');
    expect((await order(late)).promoHeldUntil).toEqual(new Date(t.clock.now.getTime() + PROMO_HOLD_MS));

    t.clock.advance(PROMO_HOLD_MS + 1000);
    // The hold ran out: another buyer may take the code, and the first payment is the one that counts.
    const next = await take('hold-c@example.com', 'HOLD');
    await press(late, 'pay');
    expect(await order(late)).toMatchObject({ status: 'paid', access: 'failed', userId: null });
    const [event] = await t.app.ctx.db.select().from(courseOrderEvents).where(eq(courseOrderEvents.orderId, late));
    expect(event!.detail).toMatchObject({ access: 'failed', reason: 'PROMO_USED_UP', promo_used_up: true });
    expect((await lastMail('hold-b@example.com'))!.text).toContain('Промокод этого заказа уже использован другими покупателями. Школа свяжется с вами, чтобы открыть доступ к курсу или вернуть оплату.');
    expect(await uses('HOLD')).toBe(0);
    await press(next, 'pay');
    expect(await order(next)).toMatchObject({ status: 'paid', access: 'invited' });
    expect(await uses('HOLD')).toBe(1);

    // Paid after its hold while nobody else wanted the code: honoured.
    await press(alone, 'pay');
    expect(await order(alone)).toMatchObject({ status: 'paid', access: 'invited' });
    expect(await uses('ROOM')).toBe(1);
  });

  it("makes admins' links for their school's courses and groups only, and lists the orders", async () => {
    const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId, name: 'Поток 1', type: 'WITHOUT_TEACHER' }).returning();
    const url = `/api/${owner.schoolName}/payment_link/`;
    const made = await call(t.app, 'POST', url, { token: owner.access, body: { course_id: courseId, email: 'linked@example.com', group_id: group!.id } });
    expect(made.status).toBe(201);
    expect(made.body!.order.group_id).toBe(group!.id);
    expect((await call(t.app, 'POST', url, { token: owner.access, body: { course_id: otherCourseId, email: 'x@example.com' } })).status).toBe(400);
    const [otherGroup] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: other.schoolId, courseId: otherCourseId, name: 'Чужая', type: 'WITHOUT_TEACHER' }).returning();
    expect((await call(t.app, 'POST', url, { token: owner.access, body: { course_id: courseId, email: 'x@example.com', group_id: otherGroup!.id } })).body).toMatchObject({ fields: { group_id: [expect.any(String)] } });

    const list = await call(t.app, 'GET', `${url}?s=100`, { token: owner.access });
    expect(list.status).toBe(200);
    expect(list.body!.results.every((o: { course_id: number }) => o.course_id === courseId)).toBe(true);
    const receipt = await call(t.app, 'GET', `${url}${made.body!.order.id}/`, { token: owner.access });
    expect(receipt.body).toMatchObject({ status: 'pending', pay_url: expect.stringContaining('/api/sales/sandbox/') });
    expect((await call(t.app, 'GET', `/api/${other.schoolName}/payment_link/${made.body!.order.id}/`, { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/${other.schoolName}/payment_link/`, { token: other.access })).body!.results.some((o: { id: string }) => o.id === made.body!.order.id)).toBe(false);

    // Paying puts the buyer into the chosen group.
    await press(made.body!.order.id as string, 'pay');
    expect(await order(made.body!.order.id as string)).toMatchObject({ groupId: group!.id, access: 'invited' });
  });

  it('refuses the wrong role, no token, malformed bodies and NUL bytes', async () => {
    const url = `/api/${owner.schoolName}/payment_link/`;
    const teacher = await addMember(t.app, owner.schoolId, 'Teacher');
    expect((await call(t.app, 'GET', url, { token: teacher.access })).status).toBe(403);
    expect((await call(t.app, 'POST', url, { token: teacher.access, body: { course_id: courseId, email: 'a@example.com' } })).status).toBe(403);
    expect((await call(t.app, 'GET', url)).status).toBe(401);
    expect((await call(t.app, 'POST', url, { body: { course_id: courseId, email: 'a@example.com' } })).status).toBe(401);
    expect((await call(t.app, 'POST', url, { token: other.access, body: { course_id: courseId, email: 'a@example.com' } })).status).toBe(403);
    expect((await call(t.app, 'POST', url, { token: owner.access, body: { course_id: 'x', email: 'a@example.com' } })).status).toBe(400);
    expect((await buy(courseId, { email: 'not-an-email' })).status).toBe(400);
    expect((await buy(courseId, {})).status).toBe(400);
    for (const field of ['name', 'promo_code', 'phone']) {
      const res = await buy(courseId, { email: 'nul@example.com', [field]: 'a\u0000b' });
      expect(res.status, field).toBe(400);
    }
    expect((await buy(courseId, { email: 'a\u0000b@example.com' })).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/sales/orders/not-a-uuid/?t=abc`)).status).toBe(400);
    expect(await t.app.ctx.db.select().from(schoolMembers).where(eq(schoolMembers.schoolId, owner.schoolId))).not.toHaveLength(0);
  });
});

function courseOrderIdOther(): string {
  return '00000000-0000-4000-8000-000000000000';
}
