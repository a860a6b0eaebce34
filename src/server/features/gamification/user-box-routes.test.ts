// A member's boxes: opening (the draw recorded and replayable, two openings at once spend one box
// each), prizes and their status; buying boxes through the sandbox, credited once by a verified
// webhook (replayed, forged, wrong-amount webhooks change nothing).
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { paymentEvents, sandboxSignature, type SandboxWebhookBody } from '../tariffs/index.ts';
import { drawPrize } from './draw-prize.ts';
import { boxOpenings, boxPayments, boxPrizes, schoolBoxes, schoolPrizes, userBoxes, userPrizes } from './tables.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let student: Account;
let classmate: Account;
let boxId: number;
let sureId: number;
let otherBox: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Коробки учеников' });
  other = await registerOwner(t.app, { schoolTitle: 'Другая школа' });
  await setTariff(t.app, owner.schoolId, 4);
  await setTariff(t.app, other.schoolId, 4);
  student = await addMember(t.app, owner.schoolId, 'Student');
  classmate = await addMember(t.app, owner.schoolId, 'Student');
  const db = t.app.ctx.db;
  const [box] = await db.insert(schoolBoxes).values({ schoolId: owner.schoolId, name: 'Золотая', price: 1500, quantity: 2, bonusQuantity: 1 }).returning();
  const [sure] = await db.insert(schoolBoxes).values({ schoolId: owner.schoolId, name: 'Верная' }).returning();
  const [theirs] = await db.insert(schoolBoxes).values({ schoolId: other.schoolId, name: 'Чужая', price: 100 }).returning();
  boxId = box!.id;
  sureId = sure!.id;
  otherBox = theirs!.id;
  const [cup, book, everything] = await db
    .insert(schoolPrizes)
    .values([
      { schoolId: owner.schoolId, name: 'Кружка', dropChanceBp: 3000 },
      { schoolId: owner.schoolId, name: 'Книга', dropChanceBp: 0, guaranteedBoxCount: 3 },
      { schoolId: owner.schoolId, name: 'Всё', dropChanceBp: 10000 },
    ])
    .returning();
  await db.insert(boxPrizes).values([
    { boxId, prizeId: cup!.id },
    { boxId, prizeId: book!.id },
    { boxId: sureId, prizeId: everything!.id },
  ]);
});
afterAll(() => t.close());

const give = async (user: Account, box: number, count: number, schoolId = owner.schoolId) => {
  await t.app.ctx.db
    .insert(userBoxes)
    .values({ schoolId, userId: user.id, boxId: box, unopenedCount: count })
    .onConflictDoUpdate({ target: [userBoxes.userId, userBoxes.boxId], set: { unopenedCount: count } });
};
const open = (token: string | undefined, box: number, school = owner.schoolName) => call(t.app, 'POST', `/api/${school}/open_box/${box}/`, { token, body: {} });

describe('opening boxes', () => {
  it('draws on the server, records the seed and the outcome, and guarantees every third opening', async () => {
    await give(student, boxId, 3);
    const mine = await call(t.app, 'GET', `/api/${owner.schoolName}/user_boxes/`, { token: student.access });
    expect(mine.body).toMatchObject({ count: 1, results: [{ box: { id: boxId, name: 'Золотая' }, unopened_count: 3, opened_count: 0, remaining_to_guarantee: 3 }] });
    expect(mine.body!.results[0].box).not.toHaveProperty('prizes');

    const results = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await open(student.access, boxId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      results.push(res.body!);
    }
    expect(results.map((r) => r.unopened_count)).toEqual([2, 1, 0]);
    expect(results[2]).toMatchObject({ outcome: 'guaranteed', message: 'Вы открыли коробку и получили приз: Книга', prize: { name: 'Книга' }, remaining_to_guarantee: 3 });
    for (const r of results) {
      if (r.outcome === 'nothing') expect(r).toMatchObject({ message: 'Вы ничего не выиграли', prize: null });
      else expect(r.message).toBe(`Вы открыли коробку и получили приз: ${r.prize.name}`);
    }

    // Every opening replays from its recorded seed to the same outcome.
    const openings = await t.app.ctx.db.select().from(boxOpenings).where(eq(boxOpenings.userId, student.id)).orderBy(asc(boxOpenings.id));
    expect(openings.map((o) => o.openedBefore)).toEqual([0, 1, 2]);
    for (const [i, o] of openings.entries()) {
      expect(o.seed).toMatch(/^[0-9a-f]{64}$/);
      const replay = drawPrize(Buffer.from(o.seed, 'hex'), o.prizes, o.openedBefore);
      expect(replay.outcome).toBe(o.outcome);
      expect(replay.prizeId).toBe(o.prizeId);
      expect(o.id).toBe(results[i]!.opening_id);
    }
    expect(new Set(openings.map((o) => o.seed)).size).toBe(3);

    const none = await open(student.access, boxId);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'NO_BOXES', message: 'У вас нет неоткрытых коробок.' });
  });

  it('spends one box per opening when two openings of the last box come at once', async () => {
    await give(classmate, sureId, 1);
    const both = await Promise.all([open(classmate.access, sureId), open(classmate.access, sureId)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const [row] = await t.app.ctx.db.select().from(userBoxes).where(eq(userBoxes.userId, classmate.id));
    expect(row).toMatchObject({ unopenedCount: 0, openedCount: 1 });
    expect(await t.app.ctx.db.select().from(userPrizes).where(eq(userPrizes.userId, classmate.id))).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(boxOpenings).where(eq(boxOpenings.userId, classmate.id))).toHaveLength(1);

    // Ten boxes, ten openings at once: ten prizes, no more.
    await give(classmate, sureId, 10);
    const many = await Promise.all(Array.from({ length: 12 }, () => open(classmate.access, sureId)));
    expect(many.filter((r) => r.status === 200)).toHaveLength(10);
    expect(many.filter((r) => r.status === 400)).toHaveLength(2);
    expect(await t.app.ctx.db.select().from(userPrizes).where(eq(userPrizes.userId, classmate.id))).toHaveLength(11);
  });

  it('opens only the caller’s own boxes of this school', async () => {
    await give(student, otherBox, 1, other.schoolId);
    // The box is another school's: through this school it is not the caller's to open.
    expect((await open(student.access, otherBox)).status).toBe(400);
    // And the caller is not a member of the other school.
    expect((await open(student.access, otherBox, other.schoolName)).status).toBe(403);
    expect((await open(undefined, boxId)).status).toBe(401);
    expect((await call(t.app, 'POST', `/api/${owner.schoolName}/open_box/abc/`, { token: student.access, body: {} })).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/user_boxes/`)).status).toBe(401);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/user_boxes/`, { token: other.access })).status).toBe(403);
  });
});

describe('prizes won', () => {
  it('are listed to their owner, all of them to the admin; the owner marks one used, only the admin undoes it', async () => {
    const mine = await call(t.app, 'GET', `/api/${owner.schoolName}/user_prizes/`, { token: student.access });
    expect(mine.status).toBe(200);
    expect(mine.body!.results.length).toBeGreaterThanOrEqual(1);
    expect(mine.body!.results.every((p: { user_id: number }) => p.user_id === student.id)).toBe(true);
    expect(mine.body!.results[0]).not.toHaveProperty('user_email');
    const all = await call(t.app, 'GET', `/api/${owner.schoolName}/user_prizes/`, { token: owner.access });
    expect(all.body!.count).toBeGreaterThan(mine.body!.count);
    const filtered = await call(t.app, 'GET', `/api/${owner.schoolName}/user_prizes/?user_id=${classmate.id}`, { token: owner.access });
    expect(filtered.body!.results.every((p: { user_email: string }) => p.user_email === classmate.email)).toBe(true);

    const id = mine.body!.results[0].id as number;
    const status = (token: string | undefined, body: unknown, prize = id) => call(t.app, 'PATCH', `/api/${owner.schoolName}/user_prizes/${prize}/update_status/`, { token, body });
    const used = await status(student.access, { is_used: true });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ id, is_used: true });
    expect(used.body!.used_at).toBe(t.clock.now.toISOString());
    expect((await status(student.access, { is_used: false })).status).toBe(403);
    // A classmate cannot touch it, nor can another school's admin; it stays used.
    expect((await status(classmate.access, { is_used: true })).status).toBe(404);
    expect((await call(t.app, 'PATCH', `/api/${other.schoolName}/user_prizes/${id}/update_status/`, { token: other.access, body: { is_used: false } })).status).toBe(404);
    expect((await status(undefined, { is_used: false })).status).toBe(401);
    expect((await status(owner.access, { is_used: 'no' })).status).toBe(400);
    expect((await status(owner.access, {})).status).toBe(400);
    const undone = await status(owner.access, { is_used: false });
    expect(undone.body).toMatchObject({ id, is_used: false, used_at: null, user_email: student.email });
  });
});

describe('buying boxes', () => {
  const link = (token: string | undefined, body: unknown, school = owner.schoolName) => call(t.app, 'POST', `/api/${school}/box_payment_link/`, { token, body });
  const webhook = (body: unknown, signature: string | undefined) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox/boxes/', headers: signature === undefined ? {} : { 'x-signature': signature }, payload: body as object });
  const signed = (body: SandboxWebhookBody) => webhook(body, sandboxSignature(body, t.app.ctx.config.secret));
  const unopened = async (user: Account, box: number) =>
    (await t.app.ctx.db.select().from(userBoxes).where(eq(userBoxes.userId, user.id))).find((row) => row.boxId === box)?.unopenedCount ?? 0;

  it('pays on the sandbox page: quantity + bonus boxes credited once, a replay changes nothing', async () => {
    const before = await unopened(classmate, boxId);
    const res = await link(classmate.access, { box_id: boxId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body!.payment_id as string;
    expect(res.body!.payment_link).toBe(`http://coursehub.test/api/payments/sandbox/boxes/${id}/`);
    const [pending] = await t.app.ctx.db.select().from(boxPayments).where(eq(boxPayments.id, id));
    expect(pending).toMatchObject({ status: 'pending', amount: 1500, boxes: 3, userId: classmate.id });
    expect(await unopened(classmate, boxId)).toBe(before);

    const page = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/boxes/${id}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('15,00 BYN');
    expect(page.body).toContain('Золотая');
    expect(page.body).toContain(`action="/api/payments/sandbox/boxes/${id}/pay/"`);

    const pay = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/boxes/${id}/pay/`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`http://coursehub.test/school/${owner.schoolName}/student-courses/bonus?payment=success`);
    expect(await unopened(classmate, boxId)).toBe(before + 3);

    const body = { payment_id: id, status: 'paid', amount: 1500, currency: 'BYN' } as const;
    const again = await signed(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ result: 'replayed' });
    const twice = await Promise.all([signed(body), signed(body)]);
    expect(twice.map((r) => r.json().result)).toEqual(['replayed', 'replayed']);
    expect(await unopened(classmate, boxId)).toBe(before + 3);
    const kinds = (await t.app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id))).map((e) => e.kind);
    expect(kinds).toEqual(['paid', 'replayed', 'replayed', 'replayed']);
  });

  it('credits once when the same payment’s webhook arrives twice at the same time', async () => {
    const before = await unopened(student, boxId);
    const id = (await link(student.access, { box_id: boxId })).body!.payment_id as string;
    const body = { payment_id: id, status: 'paid', amount: 1500, currency: 'BYN' } as const;
    const results = await Promise.all([signed(body), signed(body), signed(body)]);
    expect(results.map((r) => r.json().result).sort()).toEqual(['paid', 'replayed', 'replayed']);
    expect(await unopened(student, boxId)).toBe(before + 3);
  });

  it('rejects a forged webhook, ignores a wrong amount and a declined payment credits nothing', async () => {
    const before = await unopened(student, boxId);
    const id = (await link(student.access, { box_id: boxId })).body!.payment_id as string;
    const body = { payment_id: id, status: 'paid', amount: 1500, currency: 'BYN' } as const;
    const forged = await webhook(body, 'a'.repeat(64));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('INVALID_SIGNATURE');
    expect((await webhook(body, undefined)).statusCode).toBe(401);
    // Signed with the right key but over another body.
    expect((await webhook({ ...body, amount: 1 }, sandboxSignature(body, t.app.ctx.config.secret))).statusCode).toBe(401);
    expect((await signed({ ...body, amount: 1 })).json()).toEqual({ result: 'wrong_amount' });
    expect((await signed({ ...body, currency: 'RUB' })).json()).toEqual({ result: 'wrong_amount' });
    expect((await signed({ ...body, payment_id: '00000000-0000-4000-8000-000000000000' })).json()).toEqual({ result: 'unknown_payment' });
    expect(await unopened(student, boxId)).toBe(before);
    expect((await signed({ ...body, status: 'declined' })).json()).toEqual({ result: 'declined' });
    expect((await signed(body)).json()).toEqual({ result: 'replayed' });
    expect(await unopened(student, boxId)).toBe(before);
    const kinds = (await t.app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id))).map((e) => e.kind);
    expect(kinds).toEqual(['forged', 'forged', 'forged', 'wrong_amount', 'wrong_amount', 'declined', 'replayed']);
  });

  it('sells only boxes of the school that are on sale, to its members', async () => {
    expect((await link(student.access, { box_id: sureId })).body!.code).toBe('BOX_NOT_FOR_SALE'); // price 0
    expect((await link(student.access, { box_id: otherBox })).status).toBe(400);
    expect((await link(student.access, { box_id: otherBox }, other.schoolName)).status).toBe(403);
    await t.app.ctx.db.update(schoolBoxes).set({ isActive: false }).where(eq(schoolBoxes.id, boxId));
    expect((await link(student.access, { box_id: boxId })).status).toBe(400);
    await t.app.ctx.db.update(schoolBoxes).set({ isActive: true }).where(eq(schoolBoxes.id, boxId));
    expect((await link(undefined, { box_id: boxId })).status).toBe(401);
    expect((await link(student.access, {})).status).toBe(400);
    expect((await link(student.access, { box_id: 'a\u0000' })).status).toBe(400);
    expect((await link(student.access, { box_id: boxId, price: 1 })).status).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/boxes/00000000-0000-4000-8000-000000000000/' })).statusCode).toBe(404);
  });
});
