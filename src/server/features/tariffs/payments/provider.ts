// The payment provider seam: one adapter per provider, chosen by PAYMENT_PROVIDER. An adapter
// turns a pending payment into a link the admin pays at and checks the signature of a webhook;
// what a verified webhook does is the same for all of them (apply-payment.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerConfig } from '../../../config.ts';
import type { payments } from '../tables.ts';
import { prodamusProvider } from './prodamus.ts';
import { sandboxProvider } from './sandbox.ts';

export type Payment = typeof payments.$inferSelect;
export type ProviderName = NonNullable<ServerConfig['paymentProvider']>;

/** What a payment link shows the payer, besides the payment itself. */
export interface PaymentLinkContext {
  schoolName: string;
  tariffName: string;
  customerEmail: string;
}

/** The parts of an HTTP request a webhook check reads (a Fastify request has them). */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** A webhook whose signature checked out: the provider's word on one payment. */
export interface VerifiedWebhook {
  paymentId: string;
  status: 'paid' | 'declined';
  /** Minor units. */
  amount: number;
  currency: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createPaymentLink(payment: Payment, ctx: PaymentLinkContext): Promise<string>;
  /** The webhook's verified content, or null when the signature (or the body's shape) is wrong. */
  verifyWebhook(request: WebhookRequest): Promise<VerifiedWebhook | null>;
}

/** The configured provider; null when plans cannot be paid on this server (no provider outside demo mode). */
export function createPaymentProvider(config: ServerConfig): PaymentProvider | null {
  if (config.paymentProvider === 'prodamus') return prodamusProvider(config);
  return config.paymentProvider === 'sandbox' ? sandboxProvider(config) : null;
}

/** The tariff page the payer returns to, with the outcome for the app to announce. */
export function tariffPlansUrl(publicUrl: string, schoolName: string, outcome?: 'success' | 'declined'): string {
  return `${publicUrl}/school/${encodeURIComponent(schoolName)}/tariff-plans${outcome ? `?payment=${outcome}` : ''}`;
}

export function hmacSha256Hex(key: string | Buffer, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/** Compares a received hex signature with the expected one in constant time (case-insensitive). */
export function signatureMatches(expectedHex: string, received: string | string[] | undefined): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(expectedHex.toLowerCase(), 'utf8');
  const b = Buffer.from(received.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
