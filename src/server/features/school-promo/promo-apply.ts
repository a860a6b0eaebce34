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
 * промокода» on `promo_code`. One query by the (school, lower(code)) unique index. The use is
 * counted only when the payment goes through: recordSchoolPromoUse.
 */
export async function applySchoolPromo(db: Db, input: { schoolId: number; courseId: number; code: string; amount: number; now?: Date }): Promise<AppliedPromo> {
  const code = input.code.trim();
  if (!code || code.length > 200) throw promoNotFound();
  const [row] = await db
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
    .where(and(eq(schoolPromoCodes.schoolId, input.schoolId), sql`lower(${schoolPromoCodes.code}) = lower(${code})`));
  const now = input.now ?? new Date();
  if (
    !row ||
    !row.isActive ||
    (row.expiresAt !== null && row.expiresAt <= now) ||
    (row.maxUses !== null && row.uses >= row.maxUses) ||
    (!row.allCourses && !row.forCourse) ||
    (row.kind === 'fixed' && row.currency !== row.schoolCurrency)
  ) {
    throw promoNotFound();
  }
  return { promoId: row.id, amount: discounted(input.amount, { kind: row.kind as PromoDiscount['kind'], value: row.value }) };
}

/**
 * Counts one use of a school's promo code when a purchase is paid; call it in the transaction that
 * marks the payment paid. One UPDATE adds 1 to the stored count, so concurrent payments never lose a
 * use. A purchase quoted before the code ran out is still honoured: the count may then pass
 * max_uses, and `overLimit` says so (for the caller's log). Null when the code was deleted meanwhile.
 */
export async function recordSchoolPromoUse(tx: Db, promoId: number): Promise<{ uses: number; overLimit: boolean } | null> {
  const [row] = await tx
    .update(schoolPromoCodes)
    .set({ uses: sql`${schoolPromoCodes.uses} + 1` })
    .where(eq(schoolPromoCodes.id, promoId))
    .returning({ uses: schoolPromoCodes.uses, maxUses: schoolPromoCodes.maxUses });
  if (!row) return null;
  return { uses: row.uses, overLimit: row.maxUses !== null && row.uses > row.maxUses };
}
