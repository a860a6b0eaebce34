// The uses of a plan promo code that pending payments hold (promo-hold.ts): only pending payments
// whose hold lasts, of that code, and counted by the partial index.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { livePaymentHolds, promoHeldByPayments } from './promo-hold.ts';
import { payments, promoCodes } from './tables.ts';

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

describe('promoHeldByPayments', () => {
  it('counts pending payments whose hold lasts, of that code only, and leaves out the payment asked about', async () => {
    const [a, b] = await t.app.ctx.db
      .insert(promoCodes)
      .values([
        { code: 'PHOLD-A', kind: 'percent', value: 10 },
        { code: 'PHOLD-B', kind: 'percent', value: 10 },
      ])
      .returning({ id: promoCodes.id });
    const now = t.clock.now;
    const later = new Date(now.getTime() + 60_000);
    const payment = (promoCodeId: number, status: string, promoHeldUntil: Date | null) => ({
      schoolId: owner.schoolId,
      tariffId: 2,
      months: 1,
      paysCount: 1,
      subscriptionType: 'monthly',
      promoCodeId,
      promoHeldUntil,
      amount: 100,
      provider: 'sandbox',
      status,
    });
    const [live] = await t.app.ctx.db
      .insert(payments)
      .values([
        payment(a!.id, 'pending', later),
        payment(a!.id, 'pending', later),
        payment(a!.id, 'pending', now), // ran out
        payment(a!.id, 'paid', later),
        payment(a!.id, 'declined', later),
        payment(b!.id, 'pending', later),
      ])
      .returning({ id: payments.id });
    expect(await promoHeldByPayments(t.app.ctx.db, a!.id, now)).toBe(2);
    expect(await promoHeldByPayments(t.app.ctx.db, a!.id, now, live!.id)).toBe(1);
    expect(await promoHeldByPayments(t.app.ctx.db, b!.id, now)).toBe(1);
    expect(await promoHeldByPayments(t.app.ctx.db, a!.id, later)).toBe(0);
  });

  it('is served by the partial index on pending payments by code', async () => {
    const plan = await t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql`explain select count(*) from ${payments} where ${livePaymentHolds(1, t.clock.now, '00000000-0000-4000-8000-000000000000')}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('payments_promo_hold_idx');
  });
});
