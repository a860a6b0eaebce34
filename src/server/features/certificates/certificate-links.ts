import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from 'node:crypto';

/**
 * Certificate links: the ids of a certificate, encrypted and authenticated by the server
 * (AES-256-GCM under a key derived from the server secret). The original encrypted them in the
 * browser with a passphrase shipped in the bundle, so anyone could forge one; here a link can
 * only come from POST /certificate/, and a changed byte makes it unopenable.
 *
 * Link = base64url(iv 12 | ciphertext 21 | tag 16); plaintext = version 1 | courseId u32 |
 * userId u32 | schoolId u32 | issuedAt f64 (ms). Fixed size, so anything else is rejected early.
 *
 * The IV is an HMAC of the plaintext under a key of its own (a synthetic IV, as in SIV modes): the
 * same certificate (the same ids and date, the date being when the course was finished) always
 * gets the same link, so a student asking twice shares one address and one QR code. GCM's IV must
 * never repeat for two different plaintexts; a 96-bit HMAC of the plaintext repeats only for the
 * same one, which reveals nothing but that the two links are the same certificate.
 */
export interface CertPayload {
  courseId: number;
  userId: number;
  schoolId: number;
  issuedAt: Date;
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PLAIN_BYTES = 1 + 4 * 3 + 8;
const LINK_BYTES = IV_BYTES + PLAIN_BYTES + TAG_BYTES;
const LINK_CHARS = Math.ceil((LINK_BYTES * 4) / 3);
// Binds the ciphertext to its purpose: a blob encrypted for something else never opens here.
const AAD = Buffer.from('coursehub-certificate-link');

const keys = new Map<string, { cipher: Buffer; iv: Buffer }>();

function keysFor(secret: string): { cipher: Buffer; iv: Buffer } {
  let pair = keys.get(secret);
  if (!pair) {
    pair = {
      cipher: Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'coursehub-certificate', 32)),
      iv: Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'coursehub-certificate-iv', 32)),
    };
    keys.set(secret, pair);
  }
  return pair;
}

const isId = (n: number) => Number.isInteger(n) && n > 0 && n <= 0xffffffff;

export function issueCertLink(secret: string, payload: CertPayload): string {
  const { courseId, userId, schoolId, issuedAt } = payload;
  if (!isId(courseId) || !isId(userId) || !isId(schoolId) || Number.isNaN(issuedAt.getTime())) {
    throw new RangeError('certificate ids must be positive 32-bit integers and the date valid');
  }
  const plain = Buffer.alloc(PLAIN_BYTES);
  plain.writeUInt8(VERSION, 0);
  plain.writeUInt32BE(courseId, 1);
  plain.writeUInt32BE(userId, 5);
  plain.writeUInt32BE(schoolId, 9);
  plain.writeDoubleBE(issuedAt.getTime(), 13);
  const key = keysFor(secret);
  const iv = createHmac('sha256', key.iv).update(plain).digest().subarray(0, IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.cipher, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(AAD);
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, encrypted, cipher.getAuthTag()]).toString('base64url');
}

/** The payload of a link issued with this secret; null for anything else (tampered, cut, foreign). */
export function openCertLink(secret: string, link: string): CertPayload | null {
  if (link.length !== LINK_CHARS || !/^[A-Za-z0-9_-]+$/.test(link)) return null;
  const bytes = Buffer.from(link, 'base64url');
  // Only the canonical spelling opens: no second string for the same link.
  if (bytes.length !== LINK_BYTES || bytes.toString('base64url') !== link) return null;
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keysFor(secret).cipher, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(AAD);
    decipher.setAuthTag(bytes.subarray(LINK_BYTES - TAG_BYTES));
    plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, LINK_BYTES - TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
  if (plain.readUInt8(0) !== VERSION) return null;
  const payload = {
    courseId: plain.readUInt32BE(1),
    userId: plain.readUInt32BE(5),
    schoolId: plain.readUInt32BE(9),
    issuedAt: new Date(plain.readDoubleBE(13)),
  };
  if (!isId(payload.courseId) || !isId(payload.userId) || !isId(payload.schoolId) || Number.isNaN(payload.issuedAt.getTime())) return null;
  return payload;
}
