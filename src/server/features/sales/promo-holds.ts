// The uses of a school's promo code that pending course orders hold: each order made with a code
// holds one for PROMO_HOLD_MS (the plans' rule, tariffs/promo-hold.ts), and the code's limit counts
// them beside its paid uses (school-promo/promo-apply.ts), so a once-only code is one order's.
import { and, count, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { courseOrders } from './tables.ts';

/**
 * The pending orders (but `except`) holding a use of school code `promoId` at `now`. The status is
 * written out, not a parameter, so the partial index on pending orders by code always serves it.
 */
export function liveOrderHolds(promoId: number, now: Date, except?: string): SQL | undefined {
  return and(eq(courseOrders.promoId, promoId), sql`${courseOrders.status} = 'pending'`, gt(courseOrders.promoHeldUntil, now), except ? ne(courseOrders.id, except) : undefined);
}

/** How many uses of school code `promoId` pending orders (but `except`) hold at `now`. */
export async function promoHeldByOrders(tx: Db, promoId: number, now: Date, except?: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(courseOrders).where(liveOrderHolds(promoId, now, except));
  return row?.n ?? 0;
}
