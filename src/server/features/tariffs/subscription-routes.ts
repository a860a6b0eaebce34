import { eq, inArray, sql } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { PROMO_HOLD_MS, usablePlanPromo } from './promo-hold.ts';
import { payments } from './tables.ts';
import { schoolMembers, tariffs, users } from '../../shared/db/core-tables.ts';
import { AppError, conflict, fieldError } from '../../shared/errors.ts';
import { requireAuth } from '../../shared/security/auth.ts';
import { applyVerifiedWebhook } from './payments/apply-payment.ts';
import { createPaymentProvider, tariffPlansUrl } from './payments/provider.ts';
import { isPurchasable, PAYMENT_CURRENCY, PAYS_COUNTS, priceToMinor, quote } from './pricing.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { limits } from '../../shared/http/rate-limits.ts';
import { errors, SchoolName, Text } from '../../shared/http/schemas.ts';
import { tariffPlan, TariffPlanSchema } from './tariff-routes.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const NO_SUCH_PROMO = 'Нет такого промокода';
export const DOWNGRADE_MESSAGE = 'Сначала отмените текущую подписку.';

const SubscribeBody = Type.Object({
  tariff: Text({ minLength: 1, maxLength: 50, description: 'Название тарифа: Junior, Middle, Senior' }),
  subscription_type: Type.Enum(['monthly', 'upfront'], { description: 'upfront: все месяцы сразу; monthly: сейчас списывается первый месяц' }),
  pays_count: Type.Optional(Type.Enum([...PAYS_COUNTS], { description: 'Месяцев: 1, 3, 6 или 12 (по умолчанию 1)' })),
  promo_code: Type.Optional(Nullable(Text({ maxLength: 64 }))),
});

const SubscribeResponse = Type.Object({
  plan: Type.Object({
    amount: Type.Integer({ description: 'К оплате сейчас, в копейках (минимальных единицах валюты)' }),
    currency: Type.String(),
    months: Type.Integer({ description: 'Месяцев, которые включит этот платёж' }),
    pays_count: Type.Integer(),
    subscription_type: Type.String(),
    tariff: Type.String(),
  }),
  payment_id: Type.String({ format: 'uuid' }),
  redirect_url: Type.String({ description: 'Страница оплаты (при нулевой сумме — сразу страница тарифов)' }),
});

const CurrentTariff = Type.Object({
  tariff_name: Nullable(Type.String()),
  tariff: Nullable(Type.Integer()),
  days_left: Nullable(Type.Integer({ description: 'Дней до конца оплаченного периода, иначе до конца пробного' })),
  trial: Type.Boolean(),
  paid_until: Nullable(Type.String({ description: 'Конец оплаченного периода (может быть в прошлом); null — не оплачивался' })),
  staff: Type.Integer(),
  students: Type.Integer(),
  number_of_courses: Type.Integer(),
  tariff_details: Nullable(TariffPlanSchema),
});

const DAY_MS = 24 * 3600 * 1000;

const noSuchPromo = () => new AppError(404, 'PROMO_NOT_FOUND', NO_SUCH_PROMO, { promo_code: [NO_SUCH_PROMO] });

/**
 * Buying a plan (spec §4 subscription modal, §7 Subscription) and the school's current plan.
 * `courseCount` counts a school's courses for the plan's usage: courses sits above tariffs, so the
 * server's wiring (feature-routes.ts) hands it in.
 */
export async function subscriptionRoutes(app: App, courseCount: (db: Db, schoolId: number) => Promise<number>): Promise<void> {
  const { ctx } = app;
  const provider = createPaymentProvider(ctx.config);

  app.post(
    '/:school/subscribe/',
    {
      config: limits(app, 20),
      schema: {
        tags: ['tariffs'],
        summary: 'Оформить тариф: сумма считается на сервере, ответ — ссылка на оплату (администратор школы)',
        params: Type.Object({ school: SchoolName }),
        body: SubscribeBody,
        response: { 201: SubscribeResponse, ...errors(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { userId } = requireAuth(request);
      if (!provider) throw new AppError(503, 'PAYMENTS_NOT_CONFIGURED', 'Оплата тарифов на этом сервере не настроена. Свяжитесь с поддержкой.');
      const body = request.body;
      const now = ctx.now();

      const [plan] = await ctx.db.select().from(tariffs).where(eq(sql`lower(${tariffs.name})`, body.tariff.trim().toLowerCase()));
      if (!plan) throw fieldError('tariff', 'Такого тарифа нет.', 'TARIFF_NOT_FOUND');
      if (!isPurchasable(plan.price)) throw fieldError('tariff', 'Бесплатный тариф Start нельзя купить: он действует 14 дней после создания школы.', 'TARIFF_NOT_PURCHASABLE');

      // A cheaper plan while a dearer one is paid for would waste the paid time (the card says
      // 'Выбор недоступен'); the same plan is a renewal and a dearer one an upgrade, both allowed.
      if (school.tariffId !== null && school.tariffId !== plan.id && school.purchasedTariffEndDate && school.purchasedTariffEndDate > now) {
        const [current] = await ctx.db.select({ price: tariffs.price }).from(tariffs).where(eq(tariffs.id, school.tariffId));
        if (current && priceToMinor(current.price) > priceToMinor(plan.price)) throw conflict(DOWNGRADE_MESSAGE, 'DOWNGRADE_NOT_ALLOWED');
      }

      // The code is checked and its use held in the transaction that writes the payment (promo-hold.ts).
      const code = body.promo_code?.trim() ?? '';
      const paysCount = body.pays_count ?? 1;
      const { payment, priced } = await ctx.db.transaction(async (tx) => {
        const promo = code === '' ? null : await usablePlanPromo(tx, code, now);
        // One answer for every unusable code: whether a code exists is nobody's business.
        if (code !== '' && !promo) throw noSuchPromo();
        const priced = quote({
          monthlyPrice: priceToMinor(plan.price),
          subscriptionType: body.subscription_type,
          paysCount,
          promo: promo ? { kind: promo.kind as 'percent' | 'fixed', value: promo.value } : null,
        });
        const [payment] = await tx
          .insert(payments)
          .values({
            schoolId: school.id,
            tariffId: plan.id,
            months: priced.months,
            paysCount,
            subscriptionType: body.subscription_type,
            promoCodeId: promo?.id ?? null,
            promoHeldUntil: promo ? new Date(now.getTime() + PROMO_HOLD_MS) : null,
            amount: priced.amount,
            currency: PAYMENT_CURRENCY,
            provider: provider.name,
            createdBy: userId,
            createdAt: now,
          })
          .returning();
        return { payment, priced };
      });
      if (!payment) throw new Error('payment insert returned nothing');

      let redirectUrl: string;
      if (priced.amount === 0) {
        // A promo worth the whole order: nothing to pay, so the plan starts now (and is logged as paid).
        await applyVerifiedWebhook(ctx, provider.name, { paymentId: payment.id, status: 'paid', amount: 0, currency: payment.currency }, request.log, { free: true });
        redirectUrl = tariffPlansUrl(ctx.config.publicUrl, school.name, 'success');
      } else {
        const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
        redirectUrl = await provider.createPaymentLink(payment, { schoolName: school.name, tariffName: plan.name, customerEmail: user?.email ?? '' });
      }
      request.log.info({ paymentId: payment.id, schoolId: school.id, tariffId: plan.id, amount: priced.amount, provider: provider.name }, 'payment created');

      return reply.code(201).send({
        plan: { amount: priced.amount, currency: payment.currency, months: priced.months, pays_count: paysCount, subscription_type: body.subscription_type, tariff: plan.name },
        payment_id: payment.id,
        redirect_url: redirectUrl,
      });
    },
  );

  app.get(
    '/:school/current_tariff/',
    {
      schema: {
        tags: ['tariffs'],
        summary: 'Текущий тариф школы, оставшиеся дни и использование лимитов (администратор школы)',
        params: Type.Object({ school: SchoolName }),
        response: { 200: CurrentTariff, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const now = ctx.now();
      const [plan] = school.tariffId === null ? [] : await ctx.db.select().from(tariffs).where(eq(tariffs.id, school.tariffId));
      const [members] = await ctx.db
        .select({
          staff: sql<number>`count(*) filter (where ${inArray(schoolMembers.role, ['Teacher', 'Admin'])})`.mapWith(Number),
          students: sql<number>`count(*) filter (where ${eq(schoolMembers.role, 'Student')})`.mapWith(Number),
        })
        .from(schoolMembers)
        .where(eq(schoolMembers.schoolId, school.id));
      const courses = await courseCount(ctx.db, school.id);

      const paidEnd = school.purchasedTariffEndDate;
      const paidActive = paidEnd !== null && paidEnd > now;
      const end = paidActive ? paidEnd : (school.trialEndDate ?? paidEnd);
      return {
        tariff_name: plan?.name ?? null,
        tariff: plan?.id ?? null,
        days_left: end ? Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)) : null,
        trial: !paidActive && school.trialEndDate !== null && school.trialEndDate > now,
        paid_until: paidEnd?.toISOString() ?? null,
        staff: members?.staff ?? 0,
        students: members?.students ?? 0,
        number_of_courses: courses,
        tariff_details: plan ? tariffPlan(plan) : null,
      };
    },
  );
}
