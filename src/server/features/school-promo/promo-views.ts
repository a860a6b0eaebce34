// A school's promo code as the API gives it, read with its courses in one query.
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Db } from '../../shared/db/database.ts';
import { notFound } from '../../shared/errors.ts';
import type { PageSlice } from '../../shared/http/pagination.ts';
import { schoolPromoCodeCourses, schoolPromoCodes } from './tables.ts';

export const promoNotFoundById = () => notFound('Промокод не найден.', 'PROMO_CODE_NOT_FOUND');

export const SchoolPromoSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  discount_type: Type.Union([Type.Literal('percent'), Type.Literal('fixed')]),
  discount: Type.Integer({ description: 'Проценты (1–100) или сумма в минимальных единицах валюты (копейках)' }),
  currency: Type.String({ description: 'ISO 4217: валюта фиксированной скидки (валюта школы)' }),
  all_courses: Type.Boolean({ description: 'true — на все курсы школы; false — только на courses' }),
  courses: Type.Array(Type.Integer(), { description: 'Курсы, на которые действует промокод (пусто при all_courses)' }),
  expires_at: Type.Union([Type.String({ description: 'ISO 8601; null — без срока' }), Type.Null()]),
  max_uses: Type.Union([Type.Integer(), Type.Null()], { description: 'null — без ограничения' }),
  uses_count: Type.Integer({ description: 'Сколько оплаченных покупок его использовали' }),
  is_active: Type.Boolean(),
  created_at: Type.String(),
});
export type SchoolPromoView = Static<typeof SchoolPromoSchema>;

/** The codes matching `where`, newest first, each with its courses (a subquery per row returned). */
export async function promoViews(db: Db, where: SQL, page?: PageSlice): Promise<SchoolPromoView[]> {
  const query = db
    .select({
      promo: schoolPromoCodes,
      courses: sql<number[]>`array(select ${schoolPromoCodeCourses.courseId} from ${schoolPromoCodeCourses} where ${schoolPromoCodeCourses.promoId} = ${schoolPromoCodes.id} order by ${schoolPromoCodeCourses.courseId})`,
    })
    .from(schoolPromoCodes)
    .where(where)
    .orderBy(page?.fromEnd ? asc(schoolPromoCodes.id) : desc(schoolPromoCodes.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (page?.fromEnd) rows.reverse();
  return rows.map(({ promo, courses }) => ({
    id: promo.id,
    code: promo.code,
    discount_type: promo.kind as 'percent' | 'fixed',
    discount: promo.value,
    currency: promo.currency,
    all_courses: promo.allCourses,
    courses: (courses ?? []).map(Number),
    expires_at: promo.expiresAt?.toISOString() ?? null,
    max_uses: promo.maxUses,
    uses_count: promo.uses,
    is_active: promo.isActive,
    created_at: promo.createdAt.toISOString(),
  }));
}
