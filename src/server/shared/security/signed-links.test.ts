import { describe, expect, it } from 'vitest';
import { checkFileLink, fileLinkExpiry, FILE_LINK_TTL_S, signFileLink } from './signed-links.ts';

const SECRET = 's'.repeat(40);

describe('signed file links', () => {
  it('live 4 to 5 hours and stay the same within an hour', () => {
    const now = new Date('2025-03-01T10:20:00Z');
    const expires = fileLinkExpiry(now);
    expect(expires * 1000 - now.getTime()).toBeGreaterThanOrEqual(FILE_LINK_TTL_S * 1000);
    expect(expires * 1000 - now.getTime()).toBeLessThanOrEqual((FILE_LINK_TTL_S + 3600) * 1000);
    expect(fileLinkExpiry(new Date('2025-03-01T10:59:59Z'))).toBe(expires);
    expect(signFileLink(SECRET, 7, expires)).toBe(signFileLink(SECRET, 7, expires));
  });

  it('open their own file until they expire', () => {
    const now = new Date('2025-03-01T10:20:00Z');
    const expires = fileLinkExpiry(now);
    const token = signFileLink(SECRET, 7, expires);
    expect(checkFileLink(SECRET, 7, token, now)).toEqual({ status: 'ok', expires });
    expect(checkFileLink(SECRET, 7, token, new Date(expires * 1000 - 1))).toMatchObject({ status: 'ok' });
    expect(checkFileLink(SECRET, 7, token, new Date(expires * 1000))).toEqual({ status: 'expired' });
  });

  it('refuse another file, a moved expiry, another key and malformed tokens', () => {
    const now = new Date();
    const expires = fileLinkExpiry(now);
    const token = signFileLink(SECRET, 7, expires);
    expect(checkFileLink(SECRET, 8, token, now)).toEqual({ status: 'invalid' });
    expect(checkFileLink(SECRET, 7, `${expires + 3600}.${token.split('.')[1]}`, now)).toEqual({ status: 'invalid' });
    expect(checkFileLink('t'.repeat(40), 7, token, now)).toEqual({ status: 'invalid' });
    for (const bad of ['', 'x', `${expires}.`, `${expires}.${'A'.repeat(42)}`, `0.${token.split('.')[1]}`, `${token}x`]) {
      expect(checkFileLink(SECRET, 7, bad, now), bad).toEqual({ status: 'invalid' });
    }
  });
});
