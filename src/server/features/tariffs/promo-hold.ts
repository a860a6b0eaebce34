// A promo code's use limit holds: a payment made with a code holds one use of it while it waits to
// be paid, and a code with a limit takes no more payments than it has uses left beside the holds.
// The platform's plan codes here; the school's course codes keep the same rule (sales/order-create.ts).
import { and, count, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { PAYMENT_CURRENCY } from './pricing.ts';
import { payments, promoCodes } from './tables.ts';

/**
 * How long a new payment (or course order) holds its code's use: long enough to pay on the
 * provider's form, short enough that an order left unpaid (anyone may start a course order) keeps
 * a once-only code from others for an hour at most. A payment after its hold still gets the code
 * while it has room.
 */
export const PROMO_HOLD_MS = 60 * 60_000;

export type PromoCode = typeof promoCodes.$inferSelect;

/**
 * The pending payments (but `except`) holding a use of plan code `promoId` at `now`. The status is
 * written out, not a parameter, so the partial index on pending payments by code always serves it.
 */
export function livePaymentHolds(promoId: number, now: Date, except?: string): SQL | undefined {
  return and(eq(payments.promoCodeId, promoId), sql`${payments.status} = 'pending'`, gt(payments.promoHeldUntil, now), except ? ne(payments.id, except) : undefined);
}

/** How many uses of plan code `promoId` pending payments (but `except`) hold at `now`. */
export async function promoHeldByPayments(tx: Db, promoId: number, now: Date, except?: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(payments).where(livePaymentHolds(promoId, now, except));
  return row?.n ?? 0;
}

/**
 * The plan code `code` (trimmed, any case) if a new payment may use it: active, not expired, in
 * the payment currency when fixed, and with a use left beside the other payments' holds; else
 * null. Call it in the transaction that writes the payment and its hold: the code's row stays
 * locked until that ends, so payments made at once with one code take turns.
 */
export async function usablePlanPromo(tx: Db, code: string, now: Date): Promise<PromoCode | null> {
  const [promo] = await tx
    .select()
    .from(promoCodes)
    .where(eq(sql`lower(${promoCodes.code})`, code.trim().toLowerCase()))
    .for('update');
  if (!promo || !promo.isActive || (promo.expiresAt !== null && promo.expiresAt <= now) || (promo.kind === 'fixed' && promo.currency !== PAYMENT_CURRENCY)) return null;
  if (promo.maxUses !== null && promo.uses + (await promoHeldByPayments(tx, promo.id, now)) >= promo.maxUses) return null;
  return promo;
}

export type PromoUse = { promo: PromoCode; outcome: 'counted' | 'used_up' };

/**
 * Counts the paid use of a payment's code, in the transaction that marks it paid, under the
 * code's row lock. A payment whose hold still lasts is given its use; after the hold only if the
 * code still has room beside the other payments' holds. Never past max_uses: 'used_up' counts
 * nothing, and the caller must not give the discount. Null when the code was deleted meanwhile.
 */
export async function confirmPlanPromoUse(tx: Db, payment: { id: string; promoCodeId: number; promoHeldUntil: Date | null }, now: Date): Promise<PromoUse | null> {
  const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.id, payment.promoCodeId)).for('update');
  if (!promo) return null;
  if (promo.maxUses !== null) {
    const live = payment.promoHeldUntil !== null && payment.promoHeldUntil > now;
    if (promo.uses >= promo.maxUses || (!live && promo.uses + (await promoHeldByPayments(tx, promo.id, now, payment.id)) >= promo.maxUses)) {
      return { promo, outcome: 'used_up' };
    }
  }
  await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(eq(promoCodes.id, promo.id));
  return { promo, outcome: 'counted' };
}
