// What a course-payment webhook does: one transaction with the order row locked, so a webhook
// delivered twice (or twice at once) grants access exactly once; every outcome (forged ones too)
// is recorded in course_order_events and the log, never a secret. The same rules as plans'
// payments (features/tariffs/payments/apply-payment.ts), for the school's own orders.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { isUuid, type PaymentProvider, type VerifiedWebhook, type WebhookRequest } from '../tariffs/index.ts';
import { confirmSchoolPromoUse } from '../school-promo/index.ts';
import { grantCourseAccess, PROMO_USED_UP, type Granted } from './grant-access.ts';
import { promoHeldByOrders } from './promo-holds.ts';
import { mailPurchase } from './purchase-mail.ts';
import { courseOrderEvents, courseOrders } from './tables.ts';

export type OrderOutcome = 'paid' | 'declined' | 'replayed' | 'wrong_amount' | 'unknown_payment';

async function recordEvent(db: Db, provider: string, kind: OrderOutcome | 'forged', orderId: string | null, detail: Record<string, unknown>): Promise<void> {
  await db.insert(courseOrderEvents).values({ orderId, provider, kind, detail });
}

/**
 * Applies a verified webhook to a course order. `methodId`: the payment method whose key verified
 * it; only an order made with that method (and that provider) is settled by it, so one school's
 * key never confirms another school's order. Unknown, settled or mismatched: recorded, nothing changes.
 */
export async function applyOrderWebhook(
  ctx: AppContext,
  provider: 'prodamus' | 'sandbox',
  methodId: number | null,
  webhook: VerifiedWebhook,
  log: FastifyBaseLogger,
): Promise<OrderOutcome> {
  const claim = { status: webhook.status, amount: webhook.amount, currency: webhook.currency };
  if (!isUuid(webhook.paymentId)) {
    await recordEvent(ctx.db, provider, 'unknown_payment', null, claim);
    log.warn({ provider, outcome: 'unknown_payment' }, 'course payment webhook for a malformed order id ignored');
    return 'unknown_payment';
  }
  const orderId = webhook.paymentId.toLowerCase();
  let granted: Granted | null = null;
  const { outcome, detail, order, school } = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [row] = await tx.select().from(courseOrders).where(eq(courseOrders.id, orderId)).for('update');
    const settle = async (outcome: OrderOutcome, detail: Record<string, unknown> = {}) => {
      await recordEvent(tx, provider, outcome, orderId, { ...claim, ...detail });
      return { outcome, detail, order: row ?? null, school: null as typeof schools.$inferSelect | null };
    };
    if (!row || row.provider !== provider || (methodId !== null && row.paymentMethodId !== methodId)) return settle('unknown_payment');
    if (row.status !== 'pending') return settle('replayed', { stored_status: row.status });
    if (row.amount !== webhook.amount || row.currency.toUpperCase() !== webhook.currency.toUpperCase()) {
      return settle('wrong_amount', { expected_amount: row.amount, expected_currency: row.currency });
    }
    if (webhook.status === 'declined') {
      await tx.update(courseOrders).set({ status: 'declined' }).where(eq(courseOrders.id, orderId));
      return settle('declined');
    }
    const [schoolRow] = await tx.select().from(schools).where(eq(schools.id, row.schoolId));
    if (!schoolRow) return settle('unknown_payment', { reason: 'school gone' });
    // The promo code first: a use it can no longer give (the hold ran out and others took what was
    // left) is never given; the money is recorded and the school decides (open or refund).
    const { promoId, promoHeldUntil } = row;
    const use =
      promoId === null ? null : await confirmSchoolPromoUse(tx, promoId, { live: promoHeldUntil !== null && promoHeldUntil > now, others: () => promoHeldByOrders(tx, promoId, now, orderId) });
    granted = use === 'used_up' ? { access: 'failed', userId: null, groupId: null, invitationToken: null, reason: PROMO_USED_UP } : await grantCourseAccess(ctx, tx, schoolRow, row);
    await tx
      .update(courseOrders)
      .set({ status: 'paid', paidAt: now, access: granted.access, userId: granted.userId, groupId: granted.groupId ?? row.groupId })
      .where(eq(courseOrders.id, orderId));
    const result: Record<string, unknown> = { access: granted.access, group_id: granted.groupId };
    if (granted.reason) result.reason = granted.reason;
    if (use) result.promo_id = promoId;
    if (use === 'used_up') result.promo_used_up = true;
    const settled = await settle('paid', result);
    return { ...settled, school: schoolRow };
  });

  const entry = { provider, orderId, outcome, ...detail };
  if (outcome === 'paid' || outcome === 'declined' || outcome === 'replayed') log.info(entry, `course order ${outcome}`);
  else log.warn(entry, `course payment webhook ignored: ${outcome}`);
  if (detail.access === 'failed') log.warn({ orderId, reason: detail.reason }, 'course paid but access could not be granted: the school must open it');
  if (outcome === 'paid' && order && school && granted) mailPurchase(ctx, school, order, granted);
  return outcome;
}

/** The order a webhook body names, for the record of a forged one (only a well-formed id). */
function claimedOrderId(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { payment_id, order_num, order_id } = body as Record<string, unknown>;
  return [payment_id, order_num, order_id].find(isUuid)?.toLowerCase() ?? null;
}

/** A webhook as it arrives: verify with the method's key, then apply; a bad signature is recorded as forged. */
export async function handleOrderWebhook(
  ctx: AppContext,
  provider: PaymentProvider | null,
  kind: 'prodamus' | 'sandbox',
  methodId: number | null,
  request: WebhookRequest & { ip?: string },
  log: FastifyBaseLogger,
): Promise<OrderOutcome | 'forged'> {
  const verified = provider ? await provider.verifyWebhook(request) : null;
  if (!verified) {
    const orderId = claimedOrderId(request.body);
    await recordEvent(ctx.db, kind, 'forged', orderId, { ip: request.ip ?? null, payment_method_id: methodId });
    log.warn({ provider: kind, orderId, outcome: 'forged' }, 'course payment webhook with a bad signature rejected');
    return 'forged';
  }
  return applyOrderWebhook(ctx, kind, methodId, verified, log);
}
