// Where a course order's payer goes and how they come back: the provider's signed payment link
// (built with the platform's payment seam, the school's own key), the page they return to, and the
// receipt token that lets only them read their order without an account.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { buildProdamusLink, createPaymentProvider, prodamusOrderData, type PaymentProvider } from '../tariffs/index.ts';
import { methodSecret, type PaymentMethodRow } from './payment-methods.ts';
import type { courseOrders } from './tables.ts';

export type CourseOrder = typeof courseOrders.$inferSelect;

const receiptKeys = new Map<string, Buffer>();

function receiptKey(secret: string): Buffer {
  let key = receiptKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'coursehub-course-order-receipt', 32));
    receiptKeys.set(secret, key);
  }
  return key;
}

/** An order's receipt token: HMAC of its id under a key of its own (nothing stored, nothing guessable). */
export function receiptToken(secret: string, orderId: string): string {
  return createHmac('sha256', receiptKey(secret)).update(orderId.toLowerCase(), 'utf8').digest('hex').slice(0, 32);
}

export function receiptTokenMatches(secret: string, orderId: string, token: string): boolean {
  const a = Buffer.from(receiptToken(secret, orderId), 'utf8');
  const b = Buffer.from(token.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The catalogue page the payer returns to; it shows the order's status and receipt. */
export function orderReturnUrl(ctx: Pick<AppContext, 'config'>, order: Pick<CourseOrder, 'id' | 'courseId'>): string {
  const query = `order=${order.id}&t=${receiptToken(ctx.config.secret, order.id)}`;
  return `${ctx.config.publicUrl}/course-catalog/${order.courseId ?? 0}?${query}`;
}

export const prodamusWebhookUrl = (ctx: Pick<AppContext, 'config'>, methodId: number) => `${ctx.config.publicUrl}/api/sales/webhook/prodamus/${methodId}/`;
export const sandboxOrderUrl = (ctx: Pick<AppContext, 'config'>, orderId: string) => `${ctx.config.publicUrl}/api/sales/sandbox/${orderId}/`;

/**
 * The payment seam's adapter for one school's method: Prodamus with the school's form and key, or
 * the sandbox (demo mode). Null when the method cannot sign (no key, or it does not open).
 */
export function methodProvider(ctx: Pick<AppContext, 'config'>, method: PaymentMethodRow): PaymentProvider | null {
  if (method.provider === 'sandbox') return ctx.config.demo ? createPaymentProvider({ ...ctx.config, paymentProvider: 'sandbox' }) : null;
  const secret = methodSecret(ctx, method);
  if (!secret || !method.paymentUrl) return null;
  return createPaymentProvider({ ...ctx.config, paymentProvider: 'prodamus', prodamusUrl: method.paymentUrl, prodamusSecret: secret });
}

/** The link the buyer pays at (spec §3 payment link fields, reference §4.13 signature), or null when the method cannot sign. */
export function orderPaymentLink(ctx: Pick<AppContext, 'config'>, order: CourseOrder, method: PaymentMethodRow, schoolTitle: string): string | null {
  if (method.provider === 'sandbox') return ctx.config.demo ? sandboxOrderUrl(ctx, order.id) : null;
  const secret = methodSecret(ctx, method);
  if (!secret || !method.paymentUrl) return null;
  const back = orderReturnUrl(ctx, order);
  const data = prodamusOrderData(order, {
    customerEmail: order.email,
    productName: `Курс «${order.courseName}», школа «${schoolTitle}»`,
    returnUrl: back,
    successUrl: back,
    notificationUrl: prodamusWebhookUrl(ctx, method.id),
  });
  return buildProdamusLink(method.paymentUrl, { ...data, ...(order.phone ? { customer_phone: order.phone } : {}) }, secret);
}
