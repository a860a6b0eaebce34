// No body answers 500 however deeply it nests (shared/http/json-bodies.ts): JSON, forms and
// multipart JSON parts deeper than the API's bodies are refused with 400, bodies over the size
// limit with 413, on the payment webhooks (which walk the body to check its signature) and on any
// other route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../../src/server/shared/http/json-bodies.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const LEVELS = [5_000, 100_000];
const jsonList = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const jsonObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
// PHP-style field names (Prodamus' webhooks read them as nested arrays) and dotted ones (the app's forms).
const formBrackets = (levels: number) => `a${'[x]'.repeat(levels)}=1`;
const formAppend = (levels: number) => `a${'[]'.repeat(levels)}=1`;

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

/** A multipart form whose one field is a JSON part (parsed by the multipart reader). */
function multipartJson(name: string, json: string) {
  const boundary = 'deep-body-boundary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: application/json\r\n\r\n${json}\r\n--${boundary}--\r\n`;
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}

type Case = { name: string; headers: Record<string, string>; payload: string; size: number };
function deepBodies(): Case[] {
  const cases: Case[] = [];
  for (const levels of LEVELS) {
    cases.push({ name: `JSON list ${levels}`, headers: JSON_TYPE, payload: jsonList(levels), size: 2 * levels });
    cases.push({ name: `JSON object ${levels}`, headers: JSON_TYPE, payload: jsonObject(levels), size: 6 * levels });
    cases.push({ name: `form a[x]… ${levels}`, headers: FORM_TYPE, payload: formBrackets(levels), size: 3 * levels });
    cases.push({ name: `form a[]… ${levels}`, headers: FORM_TYPE, payload: formAppend(levels), size: 2 * levels });
    cases.push({ name: `multipart JSON part ${levels}`, ...multipartJson('a', jsonObject(levels)), size: 6 * levels });
  }
  return cases;
}

async function expectRefused(t: TestApp, url: string, formLimit: number) {
  for (const body of deepBodies()) {
    const res = await t.app.inject({ method: 'POST', url, headers: { ...body.headers, sign: 'a'.repeat(64), 'x-signature': 'a'.repeat(64) }, payload: body.payload });
    const label = `${url} ${body.name}`;
    // A urlencoded body over its route's limit is refused for its size before its depth is read.
    const tooLarge = body.headers === FORM_TYPE && body.size > formLimit;
    expect(res.statusCode, label).toBe(tooLarge ? 413 : 400);
    expect(res.json(), label).toMatchObject(tooLarge ? { code: 'BODY_TOO_LARGE' } : { code: expect.stringMatching(/^(BODY_TOO_DEEP|VALIDATION_ERROR)$/), message: expect.any(String) });
  }
}

describe('deep bodies in demo mode (sandbox payments)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are refused with 400 on the sandbox payment webhooks, never 500', async () => {
    for (const url of ['/api/payments/webhook/sandbox/', '/api/payments/webhook/sandbox/boxes/', '/api/sales/webhook/sandbox/', '/api/sales/webhook/prodamus/1/']) {
      await expectRefused(t, url, 64 * 1024);
    }
  });

  it('are refused with 400 on an ordinary route, JSON with its own code and message', async () => {
    await expectRefused(t, '/api/register/', 1024 * 1024);
    const res = await t.app.inject({ method: 'POST', url: '/api/register/', headers: JSON_TYPE, payload: jsonObject(5_000) });
    expect(res.json()).toEqual({ code: 'BODY_TOO_DEEP', message: 'Слишком глубокая вложенность данных в запросе.' });
  });

  it('still takes a body as deep as the limit', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register/', headers: JSON_TYPE, payload: JSON.stringify({ email: jsonObject(3), extra: JSON.parse(jsonList(MAX_BODY_DEPTH - 1)) as unknown }) });
    // Read and validated: the schema answers for the fields, not the depth check.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers 413 to a body over the size limit', async () => {
    const big = await t.app.inject({ method: 'POST', url: '/api/register/', headers: JSON_TYPE, payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
    const form = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/sandbox/', headers: FORM_TYPE, payload: `a=${'x'.repeat(64 * 1024)}` });
    expect(form.statusCode).toBe(413);
  });

  it('has no body schema deeper than the limit', async () => {
    await t.app.ready();
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>> } }).swagger();
    type S = { properties?: Record<string, S>; items?: S; additionalProperties?: boolean | S; patternProperties?: Record<string, S>; anyOf?: S[]; oneOf?: S[]; allOf?: S[] };
    const depth = (schema: S | undefined): number => {
      if (!schema || typeof schema !== 'object') return 0;
      const children = [...Object.values(schema.properties ?? {}), ...Object.values(schema.patternProperties ?? {}), ...(schema.items ? [schema.items] : []), ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : [])];
      const isContainer = children.length > 0 || schema.properties !== undefined || schema.items !== undefined;
      return Math.max(isContainer ? 1 + Math.max(0, ...children.map(depth)) : 0, ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map(depth));
    };
    const depths = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => Object.values(operation.requestBody?.content ?? {}).map((media) => ({ route: `${method} ${path}`, depth: depth(media.schema as S) }))),
    );
    expect(depths.length).toBeGreaterThan(50);
    // Well within the limit, so a real body never meets it.
    expect(depths.filter((item) => item.depth > MAX_BODY_DEPTH / 4)).toEqual([]);
  });
});

describe('deep bodies with Prodamus payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ paymentProvider: 'prodamus', prodamusUrl: 'https://school.payform.ru/', prodamusSecret: 'prodamus-secret-key-for-tests' });
  });
  afterAll(() => t.close());

  it('are refused with 400 on the Prodamus webhooks, never 500 (the signature walks the body)', async () => {
    for (const url of ['/api/payments/webhook/prodamus/', '/api/payments/webhook/prodamus/boxes/']) await expectRefused(t, url, 64 * 1024);
  });
});
