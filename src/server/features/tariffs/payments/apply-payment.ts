// What a payment webhook does, whichever provider sent it: one transaction with the payment row
// locked, so a webhook delivered twice (or twice at once) activates the plan exactly once, and
// every outcome (forged ones too) is recorded in payment_events and the log, never a secret.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../shared/db/database.ts';
import { confirmPlanPromoUse, type PromoCode } from '../promo-hold.ts';
import { paymentEvents, payments } from '../tables.ts';
import { schools, tariffs } from '../../../shared/db/core-tables.ts';
import { paidPeriodEnd, priceToMinor } from '../pricing.ts';
import { isUuid, type PaymentProvider, type ProviderName, type VerifiedWebhook, type WebhookRequest } from './provider.ts';

export type WebhookOutcome = 'paid' | 'declined' | 'replayed' | 'wrong_amount' | 'unknown_payment';
export type PaymentEventKind = WebhookOutcome | 'forged';

async function recordEvent(db: Db, provider: ProviderName, kind: PaymentEventKind, paymentId: string | null, detail: Record<string, unknown>): Promise<void> {
  await db.insert(paymentEvents).values({ paymentId, provider, kind, detail });
}

/** A promo code switched off or expired while the payment was pending (still honoured: the payer was quoted it). */
function promoLapsed(promo: PromoCode, now: Date): boolean {
  return !promo.isActive || (promo.expiresAt !== null && promo.expiresAt <= now);
}

/**
 * Applies a verified webhook (or a zero-amount payment, which needs none). Unknown payment,
 * already settled, or amount/currency different from what we asked for: recorded, nothing changes.
 * Paid: the school moves to the plan until paidPeriodEnd(), the promo code counts one use. A
 * payment at a promo price the code can no longer give (its hold ran out and others took the
 * uses left) is recorded as paid with `promo_used_up` and activates nothing: the platform refunds
 * it or activates the plan by hand, and the code never gives more discounts than its limit.
 */
export async function applyVerifiedWebhook(
  ctx: AppContext,
  provider: ProviderName,
  webhook: VerifiedWebhook,
  log: FastifyBaseLogger,
  extra: Record<string, unknown> = {},
): Promise<WebhookOutcome> {
  const claim = { status: webhook.status, amount: webhook.amount, currency: webhook.currency, ...extra };
  if (!isUuid(webhook.paymentId)) {
    await recordEvent(ctx.db, provider, 'unknown_payment', null, claim);
    log.warn({ provider, outcome: 'unknown_payment' }, 'payment webhook for a malformed payment id ignored');
    return 'unknown_payment';
  }
  const paymentId = webhook.paymentId.toLowerCase();
  const { outcome, detail } = await ctx.db.transaction(async (tx): Promise<{ outcome: WebhookOutcome; detail: Record<string, unknown> }> => {
    const now = ctx.now();
    const settle = async (outcome: WebhookOutcome, detail: Record<string, unknown> = {}) => {
      await recordEvent(tx, provider, outcome, paymentId, { ...claim, ...detail });
      return { outcome, detail };
    };
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    // A payment of another provider is unknown to this one: a sandbox signature never pays a real order.
    if (!payment || payment.provider !== provider) return settle('unknown_payment');
    if (payment.status !== 'pending') return settle('replayed', { stored_status: payment.status });
    if (payment.amount !== webhook.amount || payment.currency.toUpperCase() !== webhook.currency.toUpperCase()) {
      return settle('wrong_amount', { expected_amount: payment.amount, expected_currency: payment.currency });
    }
    if (webhook.status === 'declined') {
      await tx.update(payments).set({ status: 'declined' }).where(eq(payments.id, paymentId));
      return settle('declined');
    }

    const [school] = await tx.select().from(schools).where(eq(schools.id, payment.schoolId)).for('update');
    const [plan] = await tx.select().from(tariffs).where(eq(tariffs.id, payment.tariffId));
    if (!school || !plan) return settle('unknown_payment', { reason: 'school or plan gone' });
    const use = payment.promoCodeId === null ? null : await confirmPlanPromoUse(tx, { ...payment, promoCodeId: payment.promoCodeId }, now);
    if (use?.outcome === 'used_up') {
      await tx.update(payments).set({ status: 'paid', paidAt: now }).where(eq(payments.id, paymentId));
      return settle('paid', { promo_code_id: use.promo.id, promo_used_up: true });
    }
    const [current] = school.tariffId === null ? [] : await tx.select({ price: tariffs.price }).from(tariffs).where(eq(tariffs.id, school.tariffId));
    const paidUntil = paidPeriodEnd(
      now,
      { tariffId: school.tariffId, monthlyPrice: current ? priceToMinor(current.price) : 0, paidUntil: school.purchasedTariffEndDate },
      { tariffId: plan.id, monthlyPrice: priceToMinor(plan.price), months: payment.months },
    );
    await tx.update(schools).set({ tariffId: plan.id, purchasedTariffEndDate: paidUntil, updatedAt: now }).where(eq(schools.id, school.id));
    await tx.update(payments).set({ status: 'paid', paidAt: now }).where(eq(payments.id, paymentId));

    const result: Record<string, unknown> = { tariff_id: plan.id, months: payment.months, paid_until: paidUntil.toISOString() };
    if (use) {
      result.promo_code_id = use.promo.id;
      // The payer was quoted the discount and has paid: honoured even if the code was switched off meanwhile.
      if (promoLapsed(use.promo, now)) result.promo_lapsed = true;
    }
    return settle('paid', result);
  });

  const entry = { provider, paymentId, outcome, ...detail };
  if (outcome === 'paid' || outcome === 'declined' || outcome === 'replayed') log.info(entry, `payment ${outcome}`);
  else log.warn(entry, `payment webhook ignored: ${outcome}`);
  if (detail.promo_lapsed) log.warn({ provider, paymentId, promoCodeId: detail.promo_code_id }, 'payment honoured with a promo code that lapsed while it was pending');
  if (detail.promo_used_up) {
    log.warn({ provider, paymentId, promoCodeId: detail.promo_code_id }, 'payment at a promo price the code had no use left for: the plan was not activated; refund it or activate it by hand');
  }
  return outcome;
}

/** The payment a webhook body names, for the record of a forged one (only a well-formed id). */
function claimedPaymentId(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { payment_id, order_num, order_id } = body as Record<string, unknown>;
  return [payment_id, order_num, order_id].find(isUuid)?.toLowerCase() ?? null;
}

/** A webhook as it arrives: verify the signature, then apply; a bad signature is recorded as forged. */
export async function handleWebhook(
  ctx: AppContext,
  provider: PaymentProvider,
  request: WebhookRequest & { ip?: string },
  log: FastifyBaseLogger,
): Promise<WebhookOutcome | 'forged'> {
  const verified = await provider.verifyWebhook(request);
  if (!verified) {
    const paymentId = claimedPaymentId(request.body);
    await recordEvent(ctx.db, provider.name, 'forged', paymentId, { ip: request.ip ?? null });
    log.warn({ provider: provider.name, paymentId, outcome: 'forged' }, 'payment webhook with a bad signature rejected');
    return 'forged';
  }
  return applyVerifiedWebhook(ctx, provider.name, verified, log);
}
