// The built-in sandbox provider (the default, so `npm start` works offline): the payment link is
// a local page with "pay" and "decline" buttons, and pressing one delivers a webhook signed exactly
// like a real provider's, through the same check and the same apply step.
import { periodLabel } from '#core/subscription';
import { hkdfSync } from 'node:crypto';
import type { ServerConfig } from '../../../config.ts';
import { escapeHtml } from '../../../shared/mail/outbox-page.ts';
import { minorToDecimal } from '../pricing.ts';
import { hmacSha256Hex, signatureMatches, type Payment, type PaymentProvider, type VerifiedWebhook } from './provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-signature';

// Stricter than the app's policy: the page has no scripts, styles or images, only forms posting
// here. Without upgrade-insecure-requests, since the embedded default is served over plain http.
export const SANDBOX_PAGE_CSP = "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export interface SandboxWebhookBody {
  payment_id: string;
  status: 'paid' | 'declined';
  amount: number;
  currency: string;
}

const keys = new Map<string, Buffer>();

// A key of its own, derived from the server secret: a sandbox signature is good for nothing else.
function sandboxKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'coursehub-sandbox-payment-webhook', 32));
    keys.set(secret, key);
  }
  return key;
}

/** HMAC-SHA256 (hex) over the body's four fields as JSON in a fixed key order. */
export function sandboxSignature(body: SandboxWebhookBody, secret: string): string {
  const text = JSON.stringify({ amount: body.amount, currency: body.currency, payment_id: body.payment_id, status: body.status });
  return hmacSha256Hex(sandboxKey(secret), text);
}

function webhookBody(value: unknown): SandboxWebhookBody | null {
  if (!value || typeof value !== 'object') return null;
  const { payment_id, status, amount, currency } = value as Record<string, unknown>;
  if (typeof payment_id !== 'string' || (status !== 'paid' && status !== 'declined') || !Number.isSafeInteger(amount) || typeof currency !== 'string') return null;
  return { payment_id, status, amount: amount as number, currency };
}

export function sandboxProvider(config: Pick<ServerConfig, 'publicUrl' | 'secret'>): PaymentProvider {
  return {
    name: 'sandbox',
    async createPaymentLink(payment) {
      return `${config.publicUrl}/api/payments/sandbox/${payment.id}/`;
    },
    async verifyWebhook(request): Promise<VerifiedWebhook | null> {
      const body = webhookBody(request.body);
      if (!body || !signatureMatches(sandboxSignature(body, config.secret), request.headers[SANDBOX_SIGNATURE_HEADER])) return null;
      return { paymentId: body.payment_id, status: body.status, amount: body.amount, currency: body.currency };
    },
  };
}

/** '36800' → '368,00 BYN'. */
export function formatAmount(minor: number, currency: string): string {
  return `${minorToDecimal(minor).replace('.', ',')} ${currency}`;
}

const STATUS_TEXT: Record<string, string> = {
  paid: 'Этот платёж уже оплачен.',
  declined: 'Этот платёж отклонён. Чтобы попробовать снова, оформите подписку ещё раз.',
};

/** What a sandbox page shows: a heading, the order's details, its buttons while pending, a way back. */
export interface SandboxPageInfo {
  heading: string;
  /** [label, value] pairs, shown in order. */
  rows: readonly (readonly [string, string])[];
  /** Where the forms post: `${actionBase}/pay/` and `${actionBase}/decline/`. */
  actionBase: string;
  status: string;
  /** What a settled payment's page says, by status. */
  statusText: Record<string, string>;
  back: { url: string; label: string };
}

/**
 * A sandbox payment page: plain forms, no scripts and no inline styles (the CSP forbids both);
 * every value escaped. The forms post to relative addresses, so they stay on this origin.
 */
export function sandboxPaymentPage(info: SandboxPageInfo): string {
  const base = escapeHtml(info.actionBase);
  const actions =
    info.status === 'pending'
      ? `<form method="post" action="${base}/pay/"><button type="submit">Оплатить</button></form>\n` +
        `<form method="post" action="${base}/decline/"><button type="submit">Отклонить</button></form>\n`
      : `<p><strong>${escapeHtml(info.statusText[info.status] ?? '')}</strong></p>\n`;
  return (
    '<!doctype html>\n<html lang="ru">\n<head>\n<meta charset="utf-8">\n<meta name="robots" content="noindex">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${escapeHtml(info.heading)} — CourseHub (тестовый режим)</title>\n</head>\n<body>\n<main>\n` +
    `<h1>${escapeHtml(info.heading)}</h1>\n` +
    '<p>Тестовый режим: платёжная система не подключена, деньги не списываются. Кнопки ниже имитируют ответ банка.</p>\n' +
    '<dl>\n' +
    info.rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>\n`).join('') +
    '</dl>\n' +
    actions +
    `<p><a href="${escapeHtml(info.back.url)}">${escapeHtml(info.back.label)}</a></p>\n` +
    '</main>\n</body>\n</html>\n'
  );
}

/** The sandbox page of a plan's payment. */
export function sandboxPage(payment: Payment, info: { schoolTitle: string; tariffName: string; backUrl: string }): string {
  const period =
    payment.subscriptionType === 'monthly' && payment.paysCount > 1
      ? `${periodLabel(payment.months)} (ежемесячная оплата, первый из ${payment.paysCount} платежей)`
      : periodLabel(payment.months);
  return sandboxPaymentPage({
    heading: 'Оплата тарифа',
    rows: [
      ['Школа', info.schoolTitle],
      ['Тариф', info.tariffName],
      ['Период', period],
      ['Сумма к оплате', formatAmount(payment.amount, payment.currency)],
    ],
    actionBase: `/api/payments/sandbox/${payment.id}`,
    status: payment.status,
    statusText: STATUS_TEXT,
    back: { url: info.backUrl, label: 'Вернуться к тарифам' },
  });
}
