// Making a course order: the server prices it (the course's price in the school's currency, less
// the school's promo code), picks the school's payment method and returns where to pay.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { normaliseEmail } from '../../shared/contacts.ts';
import { AppError, fieldError } from '../../shared/errors.ts';
import { schoolIsActive, type School } from '../../shared/security/school-access.ts';
import { courses } from '../courses/index.ts';
import { studentsGroups } from '../groups/index.ts';
import { applySchoolPromo } from '../school-promo/index.ts';
import { PROMO_HOLD_MS } from '../tariffs/index.ts';
import { applyOrderWebhook } from './apply-order-payment.ts';
import { orderPaymentLink, orderReturnUrl, type CourseOrder } from './order-links.ts';
import type { PaymentMethodRow } from './payment-methods.ts';
import { promoHeldByOrders } from './promo-holds.ts';
import { courseOrders } from './tables.ts';

export const NOT_FOR_SALE = 'Этот курс сейчас нельзя купить онлайн. Оставьте заявку, и школа свяжется с вами.';
export const notForSale = () => new AppError(409, 'COURSE_NOT_FOR_SALE', NOT_FOR_SALE);

export type CourseRow = typeof courses.$inferSelect;

/** A course of the school that has a price and is not in the recycle bin; `publicOnly`: also one visitors may see. */
export async function courseForSale(ctx: AppContext, courseId: number, school: { id: number } | null, publicOnly: boolean): Promise<CourseRow | null> {
  const [course] = await ctx.db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), isNull(courses.removedAt), school ? eq(courses.schoolId, school.id) : undefined));
  if (!course || course.price <= 0) return null;
  if (publicOnly && !(course.published && (course.isCatalog || course.isDirect))) return null;
  return course;
}

export interface OrderInput {
  email: string;
  name?: string | undefined;
  phone?: string | undefined;
  promoCode?: string | undefined;
  groupId?: number | undefined;
  createdBy?: number | undefined;
}

export interface MadeOrder {
  order: CourseOrder;
  paymentUrl: string;
}

/**
 * Writes a pending order and returns its payment link; an order with a promo code holds one use of
 * it for PROMO_HOLD_MS (a used-up or fully held code is «Нет такого промокода»). A free order (a
 * promo code of 100 %) needs no payment: it is settled at once through the same apply step as a
 * verified webhook.
 */
export async function createCourseOrder(ctx: AppContext, log: FastifyBaseLogger, school: School, course: CourseRow, method: PaymentMethodRow, input: OrderInput): Promise<MadeOrder> {
  if (!schoolIsActive(school, ctx.now())) throw notForSale();
  if (input.groupId !== undefined) {
    const [group] = await ctx.db
      .select({ id: studentsGroups.id })
      .from(studentsGroups)
      .where(and(eq(studentsGroups.id, input.groupId), eq(studentsGroups.schoolId, school.id), eq(studentsGroups.courseId, course.id)));
    if (!group) throw fieldError('group_id', 'Выберите группу этого курса.', 'GROUP_NOT_FOUND');
  }
  const code = input.promoCode?.trim();
  const now = ctx.now();
  // The code is checked under its row lock and its use held by the order in one transaction, so
  // orders made at once with a once-only code cannot all take it (promo-holds.ts).
  const order = await ctx.db.transaction(async (tx) => {
    const applied = code ? await applySchoolPromo(tx, { schoolId: school.id, courseId: course.id, code, amount: course.price, now, held: (id) => promoHeldByOrders(tx, id, now) }) : null;
    const [row] = await tx
      .insert(courseOrders)
      .values({
        schoolId: school.id,
        courseId: course.id,
        courseName: course.name,
        paymentMethodId: method.id,
        provider: method.provider,
        groupId: input.groupId ?? null,
        email: normaliseEmail(input.email),
        name: input.name?.trim() ?? '',
        phone: input.phone?.trim() ?? '',
        promoId: applied?.promoId ?? null,
        promoHeldUntil: applied ? new Date(now.getTime() + PROMO_HOLD_MS) : null,
        amount: applied?.amount ?? course.price,
        currency: school.currency,
        createdBy: input.createdBy ?? null,
        createdAt: now,
      })
      .returning();
    return row!;
  });
  if (order.amount === 0) {
    await applyOrderWebhook(ctx, order.provider as 'prodamus' | 'sandbox', method.id, { paymentId: order.id, status: 'paid', amount: 0, currency: order.currency }, log);
    return { order, paymentUrl: orderReturnUrl(ctx, order) };
  }
  const link = orderPaymentLink(ctx, order, method, school.title);
  if (!link) throw notForSale();
  return { order, paymentUrl: link };
}
