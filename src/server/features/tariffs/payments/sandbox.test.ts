import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxProvider, sandboxSignature } from './sandbox.ts';

const SECRET = 's'.repeat(40);
const provider = sandboxProvider({ publicUrl: 'http://coursehub.test', secret: SECRET });
const body = { payment_id: '0b7f0c0e-7a39-4d84-9d4c-2f3a9b8e1c11', status: 'paid', amount: 46800, currency: 'BYN' } as const;

describe('sandbox webhook signatures', () => {
  it('is HMAC-SHA256 over the four fields under a key derived from the server secret', () => {
    const key = Buffer.from(hkdfSync('sha256', SECRET, Buffer.alloc(0), 'coursehub-sandbox-payment-webhook', 32));
    const expected = createHmac('sha256', key).update('{"amount":46800,"currency":"BYN","payment_id":"0b7f0c0e-7a39-4d84-9d4c-2f3a9b8e1c11","status":"paid"}').digest('hex');
    expect(sandboxSignature(body, SECRET)).toBe(expected);
    // The raw secret is not the key.
    expect(sandboxSignature(body, SECRET)).not.toBe(createHmac('sha256', SECRET).update('x').digest('hex'));
  });

  it('verifies a good signature and refuses a changed body, another secret or a malformed body', async () => {
    const signature = sandboxSignature(body, SECRET);
    await expect(provider.verifyWebhook({ headers: { 'x-signature': signature }, body })).resolves.toEqual({ paymentId: body.payment_id, status: 'paid', amount: 46800, currency: 'BYN' });
    await expect(provider.verifyWebhook({ headers: { 'x-signature': signature }, body: { ...body, amount: 1 } })).resolves.toBeNull();
    await expect(provider.verifyWebhook({ headers: { 'x-signature': sandboxSignature(body, 'o'.repeat(40)) }, body })).resolves.toBeNull();
    await expect(provider.verifyWebhook({ headers: { 'x-signature': signature }, body: { ...body, amount: '46800' } })).resolves.toBeNull();
    await expect(provider.verifyWebhook({ headers: {}, body })).resolves.toBeNull();
  });

  it('links to the local payment page', async () => {
    await expect(provider.createPaymentLink({ id: body.payment_id } as never, { schoolName: 's', tariffName: 'Junior', customerEmail: 'a@b.c' })).resolves.toBe(`http://coursehub.test/api/payments/sandbox/${body.payment_id}/`);
  });
});
