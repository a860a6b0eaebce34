// The uses of a school promo code that pending course orders hold (promo-holds.ts): only pending
// orders whose hold lasts, of that code, and counted by the partial index.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { schoolPromoCodes } from '../school-promo/index.ts';
import { liveOrderHolds, promoHeldByOrders } from './promo-holds.ts';
import { courseOrders } from './tables.ts';

let t: TestApp;
let owner: Owner;
let courseId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
  courseId = (await addCourse(t.app, owner.schoolId)).id;
});
afterAll(() => t.close());

describe('promoHeldByOrders', () => {
  it('counts pending orders whose hold lasts, of that code only, and leaves out the order asked about', async () => {
    const [a, b] = await t.app.ctx.db
      .insert(schoolPromoCodes)
      .values([
        { schoolId: owner.schoolId, code: 'HOLDS-A', kind: 'percent', value: 10 },
        { schoolId: owner.schoolId, code: 'HOLDS-B', kind: 'percent', value: 10 },
      ])
      .returning({ id: schoolPromoCodes.id });
    const now = t.clock.now;
    const later = new Date(now.getTime() + 60_000);
    const order = (promoId: number, status: string, promoHeldUntil: Date | null) => ({
      schoolId: owner.schoolId,
      courseId,
      courseName: 'Курс',
      provider: 'sandbox',
      email: 'holds@example.com',
      promoId,
      promoHeldUntil,
      amount: 100,
      currency: 'BYN',
      status,
    });
    const [live] = await t.app.ctx.db
      .insert(courseOrders)
      .values([
        order(a!.id, 'pending', later),
        order(a!.id, 'pending', later),
        order(a!.id, 'pending', now), // ran out
        order(a!.id, 'paid', later),
        order(a!.id, 'declined', later),
        order(b!.id, 'pending', later),
      ])
      .returning({ id: courseOrders.id });
    expect(await promoHeldByOrders(t.app.ctx.db, a!.id, now)).toBe(2);
    expect(await promoHeldByOrders(t.app.ctx.db, a!.id, now, live!.id)).toBe(1);
    expect(await promoHeldByOrders(t.app.ctx.db, b!.id, now)).toBe(1);
    expect(await promoHeldByOrders(t.app.ctx.db, a!.id, later)).toBe(0);
  });

  it('is served by the partial index on pending orders by code', async () => {
    const plan = await t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql`explain select count(*) from ${courseOrders} where ${liveOrderHolds(1, t.clock.now, '00000000-0000-4000-8000-000000000000')}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('course_orders_promo_hold_idx');
  });
});
