import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const claims = { userId: 7, impersonatorId: null, sessionId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' };

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken', () => {
  it('accepts a token again from what it verified, and only under the key that signed it', async () => {
    const now = new Date();
    const token = await signAccessToken(claims, A, now, new Date(now.getTime() + 60_000));
    expect(await verifyAccessToken(token, A)).toEqual(claims);
    expect(await verifyAccessToken(token, A)).toEqual(claims);
    // Verified under A does not make it valid under B.
    expect(await verifyAccessToken(token, B)).toBeNull();
    // A changed byte is another token: it is verified, and fails.
    const tampered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    expect(await verifyAccessToken(tampered, A)).toBeNull();
  });

  it('refuses a token it verified once its expiry has come', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z'), toFake: ['Date'] });
    const token = await signAccessToken(claims, A, new Date(), new Date('2026-01-01T10:15:00Z'));
    expect(await verifyAccessToken(token, A)).toEqual(claims);
    vi.setSystemTime(new Date('2026-01-01T10:14:59Z'));
    expect(await verifyAccessToken(token, A)).toEqual(claims);
    vi.setSystemTime(new Date('2026-01-01T10:15:00Z'));
    expect(await verifyAccessToken(token, A)).toBeNull();
  });
});
