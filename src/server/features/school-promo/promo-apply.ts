// Applying a school's promo code to a course purchase (features/sales): the server prices, so the
// discounted amount is computed here from the stored code, never taken from the client.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { fieldError } from '../../shared/errors.ts';
import { schoolPromoCodeCourses, schoolPromoCodes } from './tables.ts';

/** The one answer for an unknown, expired, inactive, used-up or other course's code (spec §5). */
export const PROMO_NOT_FOUND_MESSAGE = 'Нет такого промокода';

export const promoNotFound = () => fieldError('promo_code', PROMO_NOT_FOUND_MESSAGE, 'PROMO_CODE_NOT_FOUND');

export interface PromoDiscount {
  kind: 'percent' | 'fixed';
  /** Percent 1–100, or minor units for 'fixed'. */
  value: number;
}

/** `amount` (minor units) after the discount: a percent is rounded to whole minor units; never below 0. */
export function discounted(amount: number, promo: PromoDiscount): number {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`amount must be a whole number of minor units ≥ 0, got ${amount}`);
  const off = promo.kind === 'percent' ? Math.round((amount * Math.min(100, Math.max(0, promo.value))) / 100) : Math.min(amount, Math.max(0, promo.value));
  return amount - off;
}

export interface AppliedPromo {
  promoId: number;
  /** What the buyer pays, minor units of the school's currency, never below 0. */
  amount: number;
}

/**
 * The price of `courseId` (`amount`, minor units of the school's currency) after the school's code
 * `code` (trimmed, any case). An unknown, inactive, expired or used-up code, one restricted to other
 * courses, or a fixed sum in a currency the school no longer sells in is the field error «Нет такого
 * промокода» on `promo_code`. One query by the (school, lower(code)) unique index.
 *
 * A code with a limit is used up when its paid uses and the uses pending orders hold (`held`: the
 * caller counts other orders' live holds) reach max_uses. Call it in the transaction that writes
 * the order and its hold: the code's row stays locked until that transaction ends, so orders made
 * at once with one code take turns and each counts the holds of those before it.
 */
export async function applySchoolPromo(
  tx: Db,
  input: { schoolId: number; courseId: number; code: string; amount: number; now: Date; held: (promoId: number) => Promise<number> },
): Promise<AppliedPromo> {
  const code = input.code.trim();
  if (!code || code.length > 200) throw promoNotFound();
  const [row] = await tx
    .select({
      id: schoolPromoCodes.id,
      kind: schoolPromoCodes.kind,
      value: schoolPromoCodes.value,
      currency: schoolPromoCodes.currency,
      schoolCurrency: schools.currency,
      allCourses: schoolPromoCodes.allCourses,
      expiresAt: schoolPromoCodes.expiresAt,
      maxUses: schoolPromoCodes.maxUses,
      uses: schoolPromoCodes.uses,
      isActive: schoolPromoCodes.isActive,
      forCourse: sql<boolean>`exists (select 1 from ${schoolPromoCodeCourses} where ${schoolPromoCodeCourses.promoId} = ${schoolPromoCodes.id} and ${schoolPromoCodeCourses.courseId} = ${input.courseId})`,
    })
    .from(schoolPromoCodes)
    .innerJoin(schools, eq(schools.id, schoolPromoCodes.schoolId))
    .where(and(eq(schoolPromoCodes.schoolId, input.schoolId), sql`lower(${schoolPromoCodes.code}) = lower(${code})`))
    .for('update', { of: schoolPromoCodes });
  if (
    !row ||
    !row.isActive ||
    (row.expiresAt !== null && row.expiresAt <= input.now) ||
    (row.maxUses !== null && row.uses >= row.maxUses) ||
    (!row.allCourses && !row.forCourse) ||
    (row.kind === 'fixed' && row.currency !== row.schoolCurrency)
  ) {
    throw promoNotFound();
  }
  if (row.maxUses !== null && row.uses + (await input.held(row.id)) >= row.maxUses) throw promoNotFound();
  return { promoId: row.id, amount: discounted(input.amount, { kind: row.kind as PromoDiscount['kind'], value: row.value }) };
}

/**
 * Counts one paid use of a school's promo code, in the transaction that marks the order paid, under
 * the code's row lock. An order whose hold still lasts (`live`) is given its use; after the hold
 * only if the code still has room beside the holds of other orders (`others`). A code switched off
 * or expired while the order was pending is still honoured: the buyer was quoted it. Never past
 * max_uses: 'used_up' counts nothing, and the caller must not give the discount. Null when the code
 * was deleted meanwhile (no limit is left to keep).
 */
export async function confirmSchoolPromoUse(tx: Db, promoId: number, hold: { live: boolean; others: () => Promise<number> }): Promise<{ uses: number } | 'used_up' | null> {
  const [row] = await tx.select({ uses: schoolPromoCodes.uses, maxUses: schoolPromoCodes.maxUses }).from(schoolPromoCodes).where(eq(schoolPromoCodes.id, promoId)).for('update');
  if (!row) return null;
  if (row.maxUses !== null && (row.uses >= row.maxUses || (!hold.live && row.uses + (await hold.others()) >= row.maxUses))) return 'used_up';
  const [counted] = await tx
    .update(schoolPromoCodes)
    .set({ uses: sql`${schoolPromoCodes.uses} + 1` })
    .where(eq(schoolPromoCodes.id, promoId))
    .returning({ uses: schoolPromoCodes.uses });
  return counted ? { uses: counted.uses } : null;
}
