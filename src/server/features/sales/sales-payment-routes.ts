import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { limits } from '../../shared/http/rate-limits.ts';
import { directLocalOnly } from '../../shared/http/direct-local-only.ts';
import { errors, Id } from '../../shared/http/schemas.ts';
import { createPaymentProvider, formatAmount, readFormsLikePhp, SANDBOX_PAGE_CSP, SANDBOX_SIGNATURE_HEADER, sandboxPaymentPage, sandboxSignature } from '../tariffs/index.ts';
import { handleOrderWebhook } from './apply-order-payment.ts';
import { methodProvider, orderReturnUrl } from './order-links.ts';
import { courseOrders, schoolPaymentMethods } from './tables.ts';

const WebhookResult = Type.Object({ result: Type.Enum(['paid', 'declined', 'replayed', 'wrong_amount', 'unknown_payment']) });
const AnyBody = (description: string) => Type.Object({}, { additionalProperties: true, description });
const OrderParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

const forged = () => new AppError(401, 'INVALID_SIGNATURE', 'Подпись уведомления о платеже не прошла проверку.');
const orderNotFound = () => notFound('Заказ не найден.', 'ORDER_NOT_FOUND');

const STATUS_TEXT: Record<string, string> = {
  paid: 'Этот заказ уже оплачен.',
  declined: 'Этот платёж отклонён. Чтобы попробовать снова, оформите покупку ещё раз.',
};

/**
 * The payment side of course sales: each school's Prodamus webhook (at its payment method's own
 * address, verified with that method's key in constant time) and, in demo mode, the sandbox page
 * and its signed webhook, as the plans' sandbox (features/tariffs/payment-routes.ts).
 */
export async function salesPaymentRoutes(app: App): Promise<void> {
  const { ctx } = app;

  await app.register(async (inner) => {
    readFormsLikePhp(inner);
    const scope = inner as App;

    scope.post(
      '/sales/webhook/prodamus/:methodId/',
      {
        config: limits(app, 120),
        schema: {
          tags: ['sales'],
          summary: 'Уведомление Prodamus об оплате курса; подпись HMAC-SHA256 ключом школы в заголовке Sign',
          params: Type.Object({ methodId: Id }),
          body: AnyBody('Поля уведомления Prodamus (form-urlencoded или JSON)'),
          response: { 200: WebhookResult, ...errors(400, 401, 415, 429) },
        },
      },
      async (request) => {
        const [method] = await ctx.db.select().from(schoolPaymentMethods).where(eq(schoolPaymentMethods.id, request.params.methodId));
        // An unknown method, another provider's or one without a key verifies nothing: forged.
        const provider = method && method.provider === 'prodamus' ? methodProvider(ctx, method) : null;
        const outcome = await handleOrderWebhook(ctx, provider, 'prodamus', request.params.methodId, request, request.log);
        if (outcome === 'forged') throw forged();
        return { result: outcome };
      },
    );

    if (!ctx.config.demo) return;
    const sandbox = createPaymentProvider({ ...ctx.config, paymentProvider: 'sandbox' })!;

    scope.post(
      '/sales/webhook/sandbox/',
      {
        config: limits(app, 120),
        schema: {
          tags: ['sales'],
          summary: 'Тестовое уведомление об оплате курса (демо-режим), подпись в заголовке X-Signature',
          body: AnyBody('{payment_id, status: paid|declined, amount (копейки), currency}'),
          response: { 200: WebhookResult, ...errors(400, 401, 415, 429) },
        },
      },
      async (request) => {
        const outcome = await handleOrderWebhook(ctx, sandbox, 'sandbox', null, request, request.log);
        if (outcome === 'forged') throw forged();
        return { result: outcome };
      },
    );

    const load = async (id: string) => {
      const [row] = await ctx.db
        .select({ order: courseOrders, schoolTitle: schools.title })
        .from(courseOrders)
        .innerJoin(schools, eq(schools.id, courseOrders.schoolId))
        .where(eq(courseOrders.id, id.toLowerCase()));
      if (!row || row.order.provider !== 'sandbox') throw orderNotFound();
      return row;
    };

    scope.get(
      '/sales/sandbox/:id/',
      {
        config: limits(app, 30),
        onRequest: directLocalOnly,
        schema: {
          tags: ['sales'],
          summary: 'Тестовая страница оплаты курса (демо-режим): кнопки «Оплатить» и «Отклонить»',
          params: OrderParams,
          response: { 200: Type.String({ description: 'HTML-страница' }), ...errors(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const { order, schoolTitle } = await load(request.params.id);
        const page = sandboxPaymentPage({
          heading: 'Оплата курса',
          rows: [
            ['Школа', schoolTitle],
            ['Курс', order.courseName],
            ['Покупатель', order.email],
            ['Сумма к оплате', formatAmount(order.amount, order.currency)],
          ],
          actionBase: `/api/sales/sandbox/${order.id}`,
          status: order.status,
          statusText: STATUS_TEXT,
          back: { url: orderReturnUrl(ctx, order), label: 'Вернуться к курсу' },
        });
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', SANDBOX_PAGE_CSP).send(page);
      },
    );

    for (const action of ['pay', 'decline'] as const) {
      scope.post(
        `/sales/sandbox/:id/${action}/`,
        {
          config: limits(app, 30),
          onRequest: directLocalOnly,
          schema: {
            tags: ['sales'],
            summary: action === 'pay' ? 'Тестовая оплата курса: подписанное уведомление «оплачено»' : 'Тестовая оплата курса: подписанное уведомление «отклонено»',
            params: OrderParams,
            body: AnyBody('Пустая форма'),
            response: { 303: Type.Null({ description: 'Переход на страницу курса с чеком заказа' }), ...errors(400, 404, 415, 429) },
          },
        },
        async (request, reply) => {
          const { order } = await load(request.params.id);
          const body = { payment_id: order.id, status: action === 'pay' ? 'paid' : 'declined', amount: order.amount, currency: order.currency } as const;
          // Delivered in-process, through the same signature check and apply step as over HTTP.
          await handleOrderWebhook(ctx, sandbox, 'sandbox', null, { headers: { [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(body, ctx.config.secret) }, body, ip: request.ip }, request.log);
          return reply.redirect(orderReturnUrl(ctx, order), 303);
        },
      );
    }
  });
}
