import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { payments } from './tables.ts';
import { schools, tariffs } from '../../shared/db/core-tables.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { handleWebhook } from './payments/apply-payment.ts';
import { readFormsLikePhp } from './payments/prodamus.ts';
import { createPaymentProvider, tariffPlansUrl, type PaymentProvider } from './payments/provider.ts';
import { SANDBOX_PAGE_CSP, SANDBOX_SIGNATURE_HEADER, sandboxPage, sandboxSignature } from './payments/sandbox.ts';
import { limits } from '../../shared/http/rate-limits.ts';
import { directLocalOnly } from '../../shared/http/direct-local-only.ts';
import { errors } from '../../shared/http/schemas.ts';

const PaymentParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const WebhookResult = Type.Object({ result: Type.Enum(['paid', 'declined', 'replayed', 'wrong_amount', 'unknown_payment']) });
const AnyBody = (description: string) => Type.Object({}, { additionalProperties: true, description });

const forged = () => new AppError(401, 'INVALID_SIGNATURE', 'Подпись уведомления о платеже не прошла проверку.');
const paymentNotFound = () => notFound('Платёж не найден.', 'PAYMENT_NOT_FOUND');

/**
 * The payment side of paid plans: provider webhooks, and in sandbox mode the local payment page.
 * Only the configured provider's routes exist: with Prodamus on, nobody can "pay" in the sandbox.
 */
export async function paymentRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const provider = createPaymentProvider(ctx.config);
  // No provider (outside demo mode, Prodamus not configured): nothing to pay at, nothing to notify.
  if (!provider) return;

  // Scoped to these routes: HTML forms (the sandbox page) and Prodamus post urlencoded bodies,
  // read the way PHP reads them (that is what Prodamus signs).
  await app.register(async (scope) => {
    readFormsLikePhp(scope);
    if (provider.name === 'sandbox') sandboxRoutes(scope as App, provider);
    webhookRoute(scope as App, provider);
  });

  function webhookRoute(scope: App, current: PaymentProvider) {
    const header = current.name === 'sandbox' ? 'X-Signature' : 'Sign';
    scope.post(
      `/payments/webhook/${current.name}/`,
      {
        config: limits(app, 120),
        schema: {
          tags: ['payments'],
          summary: `Уведомление об оплате от платёжной системы (${current.name}), подпись HMAC-SHA256 в заголовке ${header}`,
          body: AnyBody(current.name === 'sandbox' ? '{payment_id, status: paid|declined, amount (копейки), currency}' : 'Поля уведомления Prodamus (form-urlencoded или JSON)'),
          response: { 200: WebhookResult, ...errors(400, 401, 415, 429) },
        },
      },
      async (request) => {
        const outcome = await handleWebhook(ctx, current, request, request.log);
        if (outcome === 'forged') throw forged();
        // Every verified outcome is final (replays and mismatches are recorded), so the provider
        // gets a 200 and stops retrying.
        return { result: outcome };
      },
    );
  }

  function sandboxRoutes(scope: App, sandbox: PaymentProvider) {
    const load = async (id: string) => {
      const [row] = await ctx.db
        .select({ payment: payments, schoolName: schools.name, schoolTitle: schools.title, tariffName: tariffs.name })
        .from(payments)
        .innerJoin(schools, eq(schools.id, payments.schoolId))
        .innerJoin(tariffs, eq(tariffs.id, payments.tariffId))
        .where(eq(payments.id, id.toLowerCase()));
      if (!row || row.payment.provider !== 'sandbox') throw paymentNotFound();
      return row;
    };

    scope.get(
      '/payments/sandbox/:id/',
      {
        config: limits(app, 30),
        onRequest: directLocalOnly,
        schema: {
          tags: ['payments'],
          summary: 'Тестовая страница оплаты (режим sandbox): кнопки «Оплатить» и «Отклонить»',
          params: PaymentParams,
          response: { 200: Type.String({ description: 'HTML-страница' }), ...errors(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const row = await load(request.params.id);
        const page = sandboxPage(row.payment, { schoolTitle: row.schoolTitle, tariffName: row.tariffName, backUrl: tariffPlansUrl(ctx.config.publicUrl, row.schoolName) });
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', SANDBOX_PAGE_CSP).send(page);
      },
    );

    for (const action of ['pay', 'decline'] as const) {
      scope.post(
        `/payments/sandbox/:id/${action}/`,
        {
          config: limits(app, 30),
          onRequest: directLocalOnly,
          schema: {
            tags: ['payments'],
            summary: action === 'pay' ? 'Тестовая оплата: подписанное уведомление «оплачено»' : 'Тестовая оплата: подписанное уведомление «отклонено»',
            params: PaymentParams,
            body: AnyBody('Пустая форма'),
            response: { 303: Type.Null({ description: 'Переход на страницу тарифов школы (?payment=success|declined)' }), ...errors(400, 404, 415, 429) },
          },
        },
        async (request, reply) => {
          const row = await load(request.params.id);
          const body = { payment_id: row.payment.id, status: action === 'pay' ? 'paid' : 'declined', amount: row.payment.amount, currency: row.payment.currency } as const;
          // Delivered in-process, but through the same signature check and apply step as over HTTP.
          await handleWebhook(ctx, sandbox, { headers: { [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(body, ctx.config.secret) }, body, ip: request.ip }, request.log);
          const [after] = await ctx.db.select({ status: payments.status }).from(payments).where(eq(payments.id, row.payment.id));
          return reply.redirect(tariffPlansUrl(ctx.config.publicUrl, row.schoolName, after?.status === 'paid' ? 'success' : 'declined'), 303);
        },
      );
    }
  }
}
