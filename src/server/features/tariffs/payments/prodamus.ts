// Prodamus (payform.ru): the payment link is the school's payment form with the order in the query
// string and a `signature`; webhooks carry a `Sign` header. Both use Prodamus' documented scheme
// (its PHP `Hmac::create`): every value as a string, keys sorted recursively, JSON as PHP's
// json_encode writes it (unicode unescaped, slashes escaped), then HMAC-SHA256 hex with the secret.
// The secret never leaves the server (the original made the browser send it).
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config.ts';
import { bodyTooDeep, MAX_BODY_DEPTH } from '../../../shared/http/json-bodies.ts';
import { minorToDecimal, priceToMinor } from '../pricing.ts';
import { hmacSha256Hex, isUuid, signatureMatches, tariffPlansUrl, type PaymentProvider, type VerifiedWebhook } from './provider.ts';

export const PRODAMUS_SIGNATURE_HEADER = 'sign';

type Tree = { [key: string]: Tree } | Tree[] | string | number | boolean | null | undefined;

const INTEGER_KEY = /^(0|[1-9]\d*)$/;

// PHP's strval: true → '1', false and null → ''.
const phpString = (value: string | number | boolean | null | undefined) => (value === true ? '1' : value === false || value === null || value === undefined ? '' : String(value));

// PHP's ksort: integer keys numerically, anything else as strings (byte order for ASCII keys).
function compareKeys(a: string, b: string): number {
  if (INTEGER_KEY.test(a) && INTEGER_KEY.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

// Recursive, so bounded: a body deeper than any the parsers let through is refused, not a stack overflow.
function encode(value: Tree, depth = 1): string {
  if (value !== null && typeof value === 'object') {
    if (depth > MAX_BODY_DEPTH) throw bodyTooDeep();
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value).sort(([a], [b]) => compareKeys(a, b));
    // PHP writes an array with the keys 0..n-1 (in order) as a JSON list, anything else as an object.
    if (entries.every(([key], i) => key === String(i))) return `[${entries.map(([, v]) => encode(v, depth + 1)).join(',')}]`;
    return `{${entries.map(([key, v]) => `${JSON.stringify(key)}:${encode(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(phpString(value));
}

/** The text Prodamus signs: sorted, stringified, compact, '/' as '\/', U+2028/2029 escaped. */
export function prodamusCanonicalJson(data: Tree): string {
  return encode(data).replaceAll('/', '\\/').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
}

export function prodamusSignature(data: Tree, secret: string): string {
  return hmacSha256Hex(secret, prodamusCanonicalJson(data));
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * An application/x-www-form-urlencoded body read the way PHP fills $_POST, which is what Prodamus
 * signs: `products[0][name]=…` becomes {products: {0: {name: …}}}, `a[]=` appends. A name nesting
 * deeper than MAX_BODY_DEPTH is refused (PHP drops those past max_input_nesting_level, 64).
 */
export function parseForm(text: string): Record<string, Tree> {
  const root: Record<string, Tree> = Object.create(null) as Record<string, Tree>;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    const path = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [rawKey];
    if (path.length > MAX_BODY_DEPTH) throw bodyTooDeep();
    if (path.some((key) => FORBIDDEN_KEYS.has(key))) continue;
    let node = root;
    for (const [i, segment] of path.entries()) {
      const key = segment === '' ? String(Object.keys(node).filter((k) => INTEGER_KEY.test(k)).length) : segment;
      if (i === path.length - 1) {
        node[key] = value;
      } else {
        const next = node[key];
        node = next !== null && typeof next === 'object' && !Array.isArray(next) ? next : (node[key] = Object.create(null) as Record<string, Tree>);
      }
    }
  }
  return root;
}

/**
 * Within `scope` (the payment routes' own plugin scope), forms are read the PHP way instead of the
 * app's (shared/http/form-bodies.ts): HTML forms (the sandbox pages) and Prodamus' webhooks.
 */
export function readFormsLikePhp(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/x-www-form-urlencoded');
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    try {
      done(null, parseForm(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/** What any order's payment link carries besides the payment: one product, where the payer goes back, where the webhook goes. */
export interface ProdamusOrder {
  customerEmail: string;
  productName: string;
  returnUrl: string;
  successUrl: string;
  notificationUrl: string;
}

/** The signed order fields of a payment link for one product, in the order they go into the query string. */
export function prodamusOrderData(payment: { id: string; amount: number; currency: string }, order: ProdamusOrder) {
  const price = minorToDecimal(payment.amount);
  return {
    order_id: payment.id,
    customer_email: order.customerEmail,
    products: [{ name: order.productName, price, quantity: '1' }],
    sum: price,
    currency: payment.currency.toLowerCase(),
    urlReturn: order.returnUrl,
    urlSuccess: order.successUrl,
    urlNotification: order.notificationUrl,
    sys: 'coursehub',
  };
}

/** The signed order fields of a plan's payment link. */
export function prodamusLinkData(
  payment: { id: string; amount: number; currency: string },
  info: { publicUrl: string; schoolName: string; tariffName: string; months: number; customerEmail: string },
) {
  return prodamusOrderData(payment, {
    customerEmail: info.customerEmail,
    productName: `Тариф ${info.tariffName} (${info.months} мес.), школа ${info.schoolName}`,
    returnUrl: tariffPlansUrl(info.publicUrl, info.schoolName),
    successUrl: tariffPlansUrl(info.publicUrl, info.schoolName, 'success'),
    notificationUrl: `${info.publicUrl}/api/payments/webhook/prodamus/`,
  });
}

// As PHP's http_build_query names nested fields: products[0][name].
function appendQuery(params: URLSearchParams, prefix: string, value: Tree): void {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) appendQuery(params, `${prefix}[${key}]`, child);
  } else {
    params.append(prefix, phpString(value));
  }
}

export function buildProdamusLink(formUrl: string, data: Record<string, Tree>, secret: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value !== null && typeof value === 'object') {
      for (const [child, nested] of Object.entries(value)) appendQuery(params, `${key}[${child}]`, nested);
    } else {
      params.append(key, phpString(value));
    }
  }
  params.append('signature', prodamusSignature(data, secret));
  const url = new URL(formUrl);
  url.search = params.toString();
  return url.toString();
}

const field = (body: Record<string, Tree>, key: string) => (typeof body[key] === 'string' || typeof body[key] === 'number' ? String(body[key]) : '');

export function prodamusProvider(config: Pick<ServerConfig, 'publicUrl' | 'prodamusUrl' | 'prodamusSecret'>): PaymentProvider {
  const { prodamusUrl, prodamusSecret } = config;
  // config.ts refuses to start without them; this keeps a misbuilt config from signing with ''.
  if (!prodamusUrl || !prodamusSecret) throw new Error('Prodamus needs PRODAMUS_URL and PRODAMUS_SECRET');
  return {
    name: 'prodamus',
    async createPaymentLink(payment, ctx) {
      const data = prodamusLinkData(payment, { publicUrl: config.publicUrl, schoolName: ctx.schoolName, tariffName: ctx.tariffName, months: payment.months, customerEmail: ctx.customerEmail });
      return buildProdamusLink(prodamusUrl, data, prodamusSecret);
    },
    async verifyWebhook(request): Promise<VerifiedWebhook | null> {
      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
      if (!signatureMatches(prodamusSignature(body as Tree, prodamusSecret), request.headers[PRODAMUS_SIGNATURE_HEADER])) return null;
      const fields = body as Record<string, Tree>;
      // Prodamus returns our order id as order_num (its own number is order_id); accept either.
      const paymentId = [field(fields, 'order_num'), field(fields, 'order_id')].find(isUuid) ?? field(fields, 'order_id');
      let amount = -1; // a sum we cannot read never matches a payment: it is logged as wrong_amount
      try {
        amount = priceToMinor(field(fields, 'sum'));
      } catch {
        // keep -1
      }
      return { paymentId, status: field(fields, 'payment_status') === 'success' ? 'paid' : 'declined', amount, currency: field(fields, 'currency').toUpperCase() };
    },
  };
}
