import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.ts';
import { MAX_BODY_DEPTH } from '../../../shared/http/json-bodies.ts';
import { buildProdamusLink, parseForm, prodamusCanonicalJson, prodamusProvider, prodamusSignature } from './prodamus.ts';

const SECRET = 'prodamus-test-secret';
const hmac = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex');

describe('prodamusCanonicalJson', () => {
  it('stringifies values, sorts keys recursively, keeps lists in order, escapes slashes and keeps Cyrillic', () => {
    const data = { order_id: 'a/b', products: [{ quantity: 1, name: 'Тариф', price: '10.00' }, { name: 'B', quantity: 2, price: '1' }], customer_email: 'x@y.z', do: 'pay', flag: true, off: false, none: null };
    expect(prodamusCanonicalJson(data)).toBe(
      '{"customer_email":"x@y.z","do":"pay","flag":"1","none":"","off":"","order_id":"a\\/b","products":[{"name":"Тариф","price":"10.00","quantity":"1"},{"name":"B","price":"1","quantity":"2"}]}',
    );
  });

  it('writes objects keyed 0..n-1 as lists (as PHP does with $_POST arrays) and other keys as objects', () => {
    expect(prodamusCanonicalJson({ p: { 1: 'b', 0: 'a' } })).toBe('{"p":["a","b"]}');
    expect(prodamusCanonicalJson({ p: { 2: 'b', 10: 'a' } })).toBe('{"p":{"2":"b","10":"a"}}');
    expect(prodamusCanonicalJson({ b: '"quoted"\n', a: 'line\u2028sep' })).toBe('{"a":"line\\u2028sep","b":"\\"quoted\\"\\n"}');
  });

  it('signs with HMAC-SHA256 hex over that text', () => {
    expect(prodamusSignature({ b: '2', a: 1 }, SECRET)).toBe(hmac('{"a":"1","b":"2"}'));
  });

  it('refuses a value nested deeper than any body may be (400), instead of overflowing the stack', () => {
    const chain = (levels: number) => {
      let value: Parameters<typeof prodamusSignature>[0] = 'leaf';
      for (let i = 0; i < levels; i++) value = { a: value };
      return value;
    };
    expect(prodamusCanonicalJson(chain(MAX_BODY_DEPTH))).toBe(`${'{"a":'.repeat(MAX_BODY_DEPTH)}"leaf"${'}'.repeat(MAX_BODY_DEPTH)}`);
    for (const levels of [MAX_BODY_DEPTH + 1, 100_000]) {
      const error = (() => {
        try {
          prodamusSignature(chain(levels), SECRET);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error, String(levels)).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, code: 'BODY_TOO_DEEP' });
    }
  });
});

describe('parseForm', () => {
  it('reads bracketed names into nested fields like PHP', () => {
    const form = parseForm('order_num=abc&products%5B0%5D%5Bname%5D=A+B&products[0][price]=1.00&products[1][name]=C&sum=2.00&x[]=1&x[]=2&__proto__[polluted]=1');
    expect(JSON.parse(JSON.stringify(form))).toEqual({ order_num: 'abc', products: { 0: { name: 'A B', price: '1.00' }, 1: { name: 'C' } }, sum: '2.00', x: { 0: '1', 1: '2' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(prodamusCanonicalJson(form)).toBe('{"order_num":"abc","products":[{"name":"A B","price":"1.00"},{"name":"C"}],"sum":"2.00","x":["1","2"]}');
  });

  it('refuses a name nested deeper than any body may be', () => {
    expect(JSON.stringify(parseForm(`a${'[]'.repeat(MAX_BODY_DEPTH - 1)}=1`))).toBe(`{"a":${'{"0":'.repeat(MAX_BODY_DEPTH - 1)}"1"${'}'.repeat(MAX_BODY_DEPTH)}`);
    for (const levels of [MAX_BODY_DEPTH, 20_000]) expect(() => parseForm(`sum=1&a${'[x]'.repeat(levels)}=1`), String(levels)).toThrow(AppError);
  });
});

describe('Prodamus links and webhooks', () => {
  const provider = prodamusProvider({ publicUrl: 'https://coursehub.example', prodamusUrl: 'https://school.payform.ru/', prodamusSecret: SECRET });

  it('puts the order in the query string with a signature over the nested fields', () => {
    const link = new URL(buildProdamusLink('https://school.payform.ru/', { order_id: '1', products: [{ name: 'N/1', price: '5.00', quantity: '1' }], sum: '5.00' }, SECRET));
    expect(link.origin).toBe('https://school.payform.ru');
    expect(link.searchParams.get('products[0][name]')).toBe('N/1');
    expect(link.searchParams.get('signature')).toBe(hmac('{"order_id":"1","products":[{"name":"N\\/1","price":"5.00","quantity":"1"}],"sum":"5.00"}'));
  });

  const id = '0b7f0c0e-7a39-4d84-9d4c-2f3a9b8e1c11';
  const fields = { date: '2025-05-10T12:00:00+03:00', order_id: '777', order_num: id, sum: '368.00', currency: 'byn', payment_status: 'success', products: [{ name: 'Junior', price: '368.00', quantity: '1', sum: '368.00' }] };

  it('accepts a webhook with a good Sign header and reads our order id, sum and status', async () => {
    const sign = prodamusSignature(fields, SECRET);
    await expect(provider.verifyWebhook({ headers: { sign }, body: fields })).resolves.toEqual({ paymentId: id, status: 'paid', amount: 36800, currency: 'BYN' });
    await expect(provider.verifyWebhook({ headers: { sign: sign.toUpperCase() }, body: fields })).resolves.toMatchObject({ status: 'paid' });
    const denied = { ...fields, payment_status: 'order_denied' };
    await expect(provider.verifyWebhook({ headers: { sign: prodamusSignature(denied, SECRET) }, body: denied })).resolves.toMatchObject({ status: 'declined' });
  });

  it('refuses a missing, wrong or other-key signature and a changed field', async () => {
    const sign = prodamusSignature(fields, SECRET);
    await expect(provider.verifyWebhook({ headers: {}, body: fields })).resolves.toBeNull();
    await expect(provider.verifyWebhook({ headers: { sign: 'abc' }, body: fields })).resolves.toBeNull();
    await expect(provider.verifyWebhook({ headers: { sign: prodamusSignature(fields, 'other') }, body: fields })).resolves.toBeNull();
    await expect(provider.verifyWebhook({ headers: { sign }, body: { ...fields, sum: '1.00' } })).resolves.toBeNull();
    await expect(provider.verifyWebhook({ headers: { sign }, body: 'text' })).resolves.toBeNull();
  });
});
