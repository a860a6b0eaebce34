import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueCertLink, openCertLink } from './certificate-links.ts';

const secret = randomBytes(32).toString('hex');
const payload = { courseId: 12, userId: 345, schoolId: 6, issuedAt: new Date('2026-05-20T10:11:12.345Z') };

/** The link with one byte of its decoded form changed. */
function flipByte(link: string, index: number): string {
  const bytes = Buffer.from(link, 'base64url');
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes.toString('base64url');
}

describe('certificate links', () => {
  it('opens what it issued', () => {
    const link = issueCertLink(secret, payload);
    expect(link).toMatch(/^[A-Za-z0-9_-]{66}$/);
    expect(openCertLink(secret, link)).toEqual(payload);
  });

  it('issues a different link every time (random IV)', () => {
    expect(issueCertLink(secret, payload)).not.toBe(issueCertLink(secret, payload));
  });

  it('refuses a link with any byte changed: IV, ciphertext or tag', () => {
    const link = issueCertLink(secret, payload);
    for (const index of [0, 11, 12, 20, 32, 33, 48]) expect(openCertLink(secret, flipByte(link, index))).toBeNull();
  });

  it('refuses a truncated, extended, non-base64url or empty link', () => {
    const link = issueCertLink(secret, payload);
    expect(openCertLink(secret, link.slice(0, -1))).toBeNull();
    expect(openCertLink(secret, `${link}A`)).toBeNull();
    expect(openCertLink(secret, `${link.slice(0, -1)}+`)).toBeNull();
    expect(openCertLink(secret, '')).toBeNull();
    expect(openCertLink(secret, 'U2FsdGVkX1+legacy/crypto-js/link==')).toBeNull();
  });

  it('refuses a non-canonical spelling of the same bytes', () => {
    const link = issueCertLink(secret, payload);
    // The last character carries 2 unused bits: another letter can decode to the same bytes.
    const last = link.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(openCertLink(secret, link.slice(0, -1) + twin)).toBeNull();
  });

  it('refuses a link issued under another secret', () => {
    const link = issueCertLink(randomBytes(32).toString('hex'), payload);
    expect(openCertLink(secret, link)).toBeNull();
  });

  it('refuses to issue for invalid ids', () => {
    expect(() => issueCertLink(secret, { ...payload, userId: 0 })).toThrow(RangeError);
    expect(() => issueCertLink(secret, { ...payload, courseId: 1.5 })).toThrow(RangeError);
    expect(() => issueCertLink(secret, { ...payload, issuedAt: new Date('x') })).toThrow(RangeError);
  });
});
