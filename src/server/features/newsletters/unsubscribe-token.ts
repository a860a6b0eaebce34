import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a newsletter's unsubscribe link: the school and the student, signed with an HMAC (a
 * key derived from the server secret, apart from every other signature's). It never expires: a
 * mail read a year later must still unsubscribe. Checked in constant time.
 */
const keyOf = (secret: string) => createHmac('sha256', secret).update('coursehub newsletter unsubscribe v1').digest();

const mac = (secret: string, schoolId: number, userId: number) => createHmac('sha256', keyOf(secret)).update(`unsubscribe:${schoolId}:${userId}`).digest('base64url');

/** `{school id}.{user id}.{signature}`: URL-safe as it is. */
export function signUnsubscribe(secret: string, schoolId: number, userId: number): string {
  return `${schoolId}.${userId}.${mac(secret, schoolId, userId)}`;
}

/** The school and student a genuine token names, or null (forged, altered or malformed). */
export function checkUnsubscribe(secret: string, token: string): { schoolId: number; userId: number } | null {
  const match = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const schoolId = Number(match[1]);
  const userId = Number(match[2]);
  if (schoolId > 2147483647 || userId > 2147483647) return null;
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from(mac(secret, schoolId, userId));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { schoolId, userId };
}
