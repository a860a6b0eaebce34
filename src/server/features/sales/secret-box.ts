// A school's payment secrets at rest: AES-256-GCM under a key derived from the server SECRET
// (HKDF, a purpose of its own), a random IV per seal, and the school's id as associated data, so
// a sealed secret copied into another school's row does not open there.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const keys = new Map<string, Buffer>();

function key(secret: string): Buffer {
  let found = keys.get(secret);
  if (!found) {
    found = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'coursehub-school-payment-secret', 32));
    keys.set(secret, found);
  }
  return found;
}

const aad = (schoolId: number) => Buffer.from(`school:${schoolId}`, 'utf8');

/** 'v1.<iv>.<tag>.<ciphertext>', each base64url. */
export function sealSecret(serverSecret: string, schoolId: number, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(serverSecret), iv, { authTagLength: 16 });
  cipher.setAAD(aad(schoolId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain secret, or null when the box is empty, malformed, or sealed for another school or key. */
export function openSecret(serverSecret: string, schoolId: number, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(serverSecret), Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAAD(aad(schoolId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The last four characters, what the admin is shown to recognise a key (never more, never a short key whole). */
export const secretHint = (plain: string) => (plain.length >= 8 ? plain.slice(-4) : '');
