// The uses of a school's promo code that pending course orders hold: each order made with a code
// holds one for PROMO_HOLD_MS (the plans' rule, tariffs/promo-hold.ts), and the code's limit counts
// them beside its paid uses (school-promo/promo-apply.ts), so a once-only code is one order's.
import { and, count, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { courseOrders } from './tables.ts';

/** Uses of school code `promoId` that pending orders (but `except`) hold at `now`: the partial index on pending orders by code. */
export async function promoHeldByOrders(tx: Db, promoId: number, now: Date, except?: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(courseOrders)
    .where(and(eq(courseOrders.promoId, promoId), eq(courseOrders.status, 'pending'), gt(courseOrders.promoHeldUntil, now), except ? ne(courseOrders.id, except) : undefined));
  return row?.n ?? 0;
}
