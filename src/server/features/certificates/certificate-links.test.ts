import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
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

  it('issues the same link for the same certificate, and another for anything else (synthetic IV)', () => {
    const link = issueCertLink(secret, payload);
    expect(issueCertLink(secret, { ...payload, issuedAt: new Date(payload.issuedAt) })).toBe(link);
    const others = [
      issueCertLink(secret, { ...payload, issuedAt: new Date(payload.issuedAt.getTime() + 1) }),
      issueCertLink(secret, { ...payload, userId: 346 }),
      issueCertLink(secret, { ...payload, courseId: 13 }),
      issueCertLink(randomBytes(32).toString('hex'), payload),
    ];
    // Not one IV is shared: GCM with a repeated IV for another plaintext would leak the key stream.
    const ivs = new Set([link, ...others].map((l) => Buffer.from(l, 'base64url').subarray(0, 12).toString('hex')));
    expect(ivs.size).toBe(5);
  });

  it('still opens a link issued with a random IV (before links were made stable)', () => {
    const plain = Buffer.alloc(21);
    plain.writeUInt8(1, 0);
    plain.writeUInt32BE(payload.courseId, 1);
    plain.writeUInt32BE(payload.userId, 5);
    plain.writeUInt32BE(payload.schoolId, 9);
    plain.writeDoubleBE(payload.issuedAt.getTime(), 13);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'coursehub-certificate', 32)), iv, { authTagLength: 16 });
    cipher.setAAD(Buffer.from('coursehub-certificate-link'));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    expect(openCertLink(secret, Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url'))).toEqual(payload);
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
