import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { AppError, fieldError, notFound } from '../../shared/errors.ts';
import { limits } from '../../shared/http/rate-limits.ts';
import { directLocalOnly } from '../../shared/http/direct-local-only.ts';
import { errors, Id, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import {
  buildProdamusLink,
  createPaymentProvider,
  formatAmount,
  isUuid,
  paymentEvents,
  prodamusOrderData,
  readFormsLikePhp,
  SANDBOX_PAGE_CSP,
  SANDBOX_SIGNATURE_HEADER,
  sandboxPaymentPage,
  sandboxSignature,
  type PaymentProvider,
  type VerifiedWebhook,
  type WebhookRequest,
} from '../tariffs/index.ts';
import { boxOnSale } from './box-views.ts';
import { boxPayments, schoolBoxes, userBoxes } from './tables.ts';

export const BOX_NOT_FOR_SALE = 'Эта коробка сейчас не продаётся.';

export type BoxWebhookOutcome = 'paid' | 'declined' | 'replayed' | 'wrong_amount' | 'unknown_payment';
type BoxPayment = typeof boxPayments.$inferSelect;

/** Where the payer returns: the student's «Бонусы» page, with the outcome for the app to announce. */
export function boxesPageUrl(publicUrl: string, schoolName: string, outcome?: 'success' | 'declined'): string {
  return `${publicUrl}/school/${encodeURIComponent(schoolName)}/student-courses/bonus${outcome ? `?payment=${outcome}` : ''}`;
}

/** The provider's payment link for a box purchase: the sandbox page, or the Prodamus form with a webhook of its own. */
export function boxPaymentLink(ctx: Pick<AppContext, 'config'>, provider: PaymentProvider, payment: BoxPayment, info: { schoolName: string; boxName: string; customerEmail: string }): string {
  const { publicUrl, prodamusUrl, prodamusSecret } = ctx.config;
  if (provider.name === 'sandbox') return `${publicUrl}/api/payments/sandbox/boxes/${payment.id}/`;
  const data = prodamusOrderData(payment, {
    customerEmail: info.customerEmail,
    productName: `Коробка «${info.boxName}» (${payment.boxes} шт.), школа ${info.schoolName}`,
    returnUrl: boxesPageUrl(publicUrl, info.schoolName),
    successUrl: boxesPageUrl(publicUrl, info.schoolName, 'success'),
    notificationUrl: `${publicUrl}/api/payments/webhook/${provider.name}/boxes/`,
  });
  return buildProdamusLink(prodamusUrl!, data, prodamusSecret!);
}

async function recordEvent(db: AppContext['db'], provider: string, kind: BoxWebhookOutcome | 'forged', paymentId: string | null, detail: Record<string, unknown>) {
  await db.insert(paymentEvents).values({ paymentId, provider, kind, detail: { purpose: 'box', ...detail } });
}

/**
 * A verified webhook for a box purchase: one transaction holding the payment row, so a webhook
 * delivered twice (or twice at once) credits the boxes once. Unknown, settled, or a sum other than
 * the one asked for: recorded in payment_events, nothing changes.
 */
export async function applyBoxWebhook(ctx: AppContext, provider: string, webhook: VerifiedWebhook, log: FastifyBaseLogger): Promise<BoxWebhookOutcome> {
  const claim = { status: webhook.status, amount: webhook.amount, currency: webhook.currency };
  const paymentId = isUuid(webhook.paymentId) ? webhook.paymentId.toLowerCase() : null;
  const outcome = await ctx.db.transaction(async (tx) => {
    const settle = async (outcome: BoxWebhookOutcome, detail: Record<string, unknown> = {}) => {
      await recordEvent(tx, provider, outcome, paymentId, { ...claim, ...detail });
      return outcome;
    };
    if (!paymentId) return settle('unknown_payment');
    const [payment] = await tx.select().from(boxPayments).where(eq(boxPayments.id, paymentId)).for('update');
    if (!payment || payment.provider !== provider) return settle('unknown_payment');
    if (payment.status !== 'pending') return settle('replayed', { stored_status: payment.status });
    if (payment.amount !== webhook.amount || payment.currency.toUpperCase() !== webhook.currency.toUpperCase()) {
      return settle('wrong_amount', { expected_amount: payment.amount, expected_currency: payment.currency });
    }
    const now = ctx.now();
    if (webhook.status === 'declined') {
      await tx.update(boxPayments).set({ status: 'declined' }).where(eq(boxPayments.id, paymentId));
      return settle('declined');
    }
    await tx.update(boxPayments).set({ status: 'paid', paidAt: now }).where(eq(boxPayments.id, paymentId));
    // Paid for a box deleted meanwhile: the money is recorded as paid, there is nothing to credit.
    if (payment.boxId === null) return settle('paid', { credited: 0, reason: 'box gone' });
    await tx
      .insert(userBoxes)
      .values({ schoolId: payment.schoolId, userId: payment.userId, boxId: payment.boxId, unopenedCount: payment.boxes, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [userBoxes.userId, userBoxes.boxId], set: { unopenedCount: sql`${userBoxes.unopenedCount} + ${payment.boxes}`, updatedAt: now } });
    return settle('paid', { credited: payment.boxes, box_id: payment.boxId, user_id: payment.userId });
  });
  const entry = { provider, paymentId, outcome, purpose: 'box' };
  if (outcome === 'paid' || outcome === 'declined' || outcome === 'replayed') log.info(entry, `box payment ${outcome}`);
  else log.warn(entry, `box payment webhook ignored: ${outcome}`);
  return outcome;
}

/** A webhook as it arrives: the provider checks the signature (in constant time), then it is applied. */
export async function handleBoxWebhook(ctx: AppContext, provider: PaymentProvider, request: WebhookRequest & { ip?: string }, log: FastifyBaseLogger): Promise<BoxWebhookOutcome | 'forged'> {
  const verified = await provider.verifyWebhook(request);
  if (!verified) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const claimed = [body.payment_id, body.order_num, body.order_id].find(isUuid);
    await recordEvent(ctx.db, provider.name, 'forged', typeof claimed === 'string' ? claimed.toLowerCase() : null, { ip: request.ip ?? null });
    log.warn({ provider: provider.name, outcome: 'forged', purpose: 'box' }, 'box payment webhook with a bad signature rejected');
    return 'forged';
  }
  return applyBoxWebhook(ctx, provider.name, verified, log);
}

const PaymentParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const WebhookResult = Type.Object({ result: Type.Enum(['paid', 'declined', 'replayed', 'wrong_amount', 'unknown_payment']) });
const AnyBody = (description: string) => Type.Object({}, { additionalProperties: true, description });

const STATUS_TEXT: Record<string, string> = {
  paid: 'Этот платёж уже оплачен.',
  declined: 'Этот платёж отклонён. Чтобы попробовать снова, купите коробку ещё раз.',
};

/**
 * Buying boxes (reference §4.13 `box_payment_link`): a pending payment for the box's price and a
 * link to the platform's payment provider (tariffs/payments: the sandbox page in demo mode, or
 * Prodamus). Boxes are credited only by the provider's verified webhook (`payments/webhook/
 * {provider}/boxes/`), never by a GET: the original polled the provider on a GET and raced.
 */
export async function boxPaymentRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const provider = createPaymentProvider(ctx.config);

  app.post(
    '/:school/box_payment_link/',
    {
      config: limits(app, 20),
      schema: {
        tags: ['gamification'],
        summary: 'Купить коробку: платёж на сумму её цены и ссылка на оплату; коробки зачисляются после подтверждения оплаты',
        params: Type.Object({ school: SchoolName }),
        body: Type.Object({ box_id: Id }),
        response: { 201: Type.Object({ payment_link: Type.String(), payment_id: Type.String({ format: 'uuid' }) }), ...errors(400, 401, 403, 404, 429, 451, 503) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      if (!provider) throw new AppError(503, 'PAYMENTS_NOT_CONFIGURED', 'Оплата на этом сервере не настроена. Свяжитесь с поддержкой.');
      const userId = request.auth!.userId;
      const [box] = await ctx.db
        .select()
        .from(schoolBoxes)
        .where(and(eq(schoolBoxes.id, request.body.box_id), eq(schoolBoxes.schoolId, school.id), boxOnSale(ctx.now())));
      if (!box || box.price <= 0) throw fieldError('box_id', BOX_NOT_FOR_SALE, 'BOX_NOT_FOR_SALE');
      const [payer] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      const [payment] = await ctx.db
        .insert(boxPayments)
        .values({ schoolId: school.id, userId, boxId: box.id, boxes: box.quantity + box.bonusQuantity, amount: box.price, currency: box.currency, provider: provider.name, createdAt: ctx.now() })
        .returning();
      const link = boxPaymentLink(ctx, provider, payment!, { schoolName: school.name, boxName: box.name, customerEmail: payer?.email ?? '' });
      return reply.code(201).send({ payment_link: link, payment_id: payment!.id });
    },
  );

  // No provider (outside demo mode, Prodamus not configured): nothing to pay at, nothing to notify.
  if (!provider) return;

  await app.register(async (scope) => {
    readFormsLikePhp(scope);
    const header = provider.name === 'sandbox' ? 'X-Signature' : 'Sign';
    scope.post(
      `/payments/webhook/${provider.name}/boxes/`,
      {
        config: limits(app, 120),
        schema: {
          tags: ['payments'],
          summary: `Уведомление об оплате коробок (${provider.name}), подпись HMAC-SHA256 в заголовке ${header}`,
          body: AnyBody(provider.name === 'sandbox' ? '{payment_id, status: paid|declined, amount (копейки), currency}' : 'Поля уведомления Prodamus (form-urlencoded или JSON)'),
          response: { 200: WebhookResult, ...errors(400, 401, 415, 429) },
        },
      },
      async (request) => {
        const outcome = await handleBoxWebhook(ctx, provider, request, request.log);
        if (outcome === 'forged') throw new AppError(401, 'INVALID_SIGNATURE', 'Подпись уведомления о платеже не прошла проверку.');
        return { result: outcome };
      },
    );
    if (provider.name === 'sandbox') sandboxRoutes(scope as unknown as App, provider);
  });

  function sandboxRoutes(scope: App, sandbox: PaymentProvider) {
    const load = async (id: string) => {
      const [row] = await ctx.db
        .select({ payment: boxPayments, schoolName: schools.name, schoolTitle: schools.title, boxName: schoolBoxes.name })
        .from(boxPayments)
        .innerJoin(schools, eq(schools.id, boxPayments.schoolId))
        .leftJoin(schoolBoxes, eq(schoolBoxes.id, boxPayments.boxId))
        .where(eq(boxPayments.id, id.toLowerCase()));
      if (!row || row.payment.provider !== 'sandbox') throw notFound('Платёж не найден.', 'PAYMENT_NOT_FOUND');
      return row;
    };

    scope.get(
      '/payments/sandbox/boxes/:id/',
      {
        config: limits(app, 30),
        onRequest: directLocalOnly,
        schema: {
          tags: ['payments'],
          summary: 'Тестовая страница оплаты коробок (режим sandbox): кнопки «Оплатить» и «Отклонить»',
          params: PaymentParams,
          response: { 200: Type.String({ description: 'HTML-страница' }), ...errors(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const { payment, schoolName, schoolTitle, boxName } = await load(request.params.id);
        const page = sandboxPaymentPage({
          heading: 'Оплата коробок',
          rows: [
            ['Школа', schoolTitle],
            ['Коробка', boxName ?? 'Удалена'],
            ['Количество', String(payment.boxes)],
            ['Сумма к оплате', formatAmount(payment.amount, payment.currency)],
          ],
          actionBase: `/api/payments/sandbox/boxes/${payment.id}`,
          status: payment.status,
          statusText: STATUS_TEXT,
          back: { url: boxesPageUrl(ctx.config.publicUrl, schoolName), label: 'Вернуться к бонусам' },
        });
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', SANDBOX_PAGE_CSP).send(page);
      },
    );

    for (const action of ['pay', 'decline'] as const) {
      scope.post(
        `/payments/sandbox/boxes/:id/${action}/`,
        {
          config: limits(app, 30),
          onRequest: directLocalOnly,
          schema: {
            tags: ['payments'],
            summary: action === 'pay' ? 'Тестовая оплата коробок: подписанное уведомление «оплачено»' : 'Тестовая оплата коробок: подписанное уведомление «отклонено»',
            params: PaymentParams,
            body: AnyBody('Пустая форма'),
            response: { 303: Type.Null({ description: 'Переход на страницу бонусов школы (?payment=success|declined)' }), ...errors(400, 404, 415, 429) },
          },
        },
        async (request, reply) => {
          const { payment, schoolName } = await load(request.params.id);
          const body = { payment_id: payment.id, status: action === 'pay' ? 'paid' : 'declined', amount: payment.amount, currency: payment.currency } as const;
          // Delivered in-process, but through the same signature check and apply step as over HTTP.
          await handleBoxWebhook(ctx, sandbox, { headers: { [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(body, ctx.config.secret) }, body, ip: request.ip }, request.log);
          const [after] = await ctx.db.select({ status: boxPayments.status }).from(boxPayments).where(eq(boxPayments.id, payment.id));
          return reply.redirect(boxesPageUrl(ctx.config.publicUrl, schoolName, after?.status === 'paid' ? 'success' : 'declined'), 303);
        },
      );
    }
  }
}
