import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links to stored files. <video> and <img> cannot send the bearer token, so a
 * link carries its own proof: an HMAC (a key derived from the server secret) over the file id and
 * the expiry. Links live at least 4 hours, like the original's presigned S3 links, and stay the
 * same for an hour (the expiry is rounded up to the hour), so browsers can cache what they load.
 */
export const FILE_LINK_TTL_S = 4 * 3600;
const ROUND_S = 3600;

const keys = new Map<string, Buffer>();
function linkKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= 4) keys.delete(keys.keys().next().value!);
    keys.set(secret, (key = createHmac('sha256', secret).update('coursehub file links v1').digest()));
  }
  return key;
}

const mac = (secret: string, fileId: number, expires: number) => createHmac('sha256', linkKey(secret)).update(`file:${fileId}:${expires}`).digest('base64url');

/** The expiry (Unix seconds) of links made at `now`: 4 to 5 hours ahead, the same all hour. */
export function fileLinkExpiry(now: Date): number {
  return Math.ceil(now.getTime() / 1000 / ROUND_S) * ROUND_S + FILE_LINK_TTL_S;
}

/** The link's `t` parameter: `{expiry}.{signature}`. */
export function signFileLink(secret: string, fileId: number, expires: number): string {
  return `${expires}.${mac(secret, fileId, expires)}`;
}

/** 'ok', 'expired' (a genuine link past its time) or 'invalid' (forged, altered or malformed). */
export function checkFileLink(secret: string, fileId: number, token: string, now: Date): { status: 'ok'; expires: number } | { status: 'expired' | 'invalid' } {
  const match = /^([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { status: 'invalid' };
  const expires = Number(match[1]);
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(mac(secret, fileId, expires));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
  if (expires * 1000 <= now.getTime()) return { status: 'expired' };
  return { status: 'ok', expires };
}
