import { createHash, randomBytes, randomInt } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  /** The user the token acts as. */
  userId: number;
  /** The admin who is really acting, while impersonating. */
  impersonatorId: number | null;
  /** The session (refresh-token family) the token belongs to; revoking it ends the token. */
  sessionId: string;
}

const ISSUER = 'coursehub';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A signed access token issued at `issuedAt` (the app's clock) that expires at `expiresAt` (a session's hard end may cap it). */
export async function signAccessToken(claims: AccessClaims, secret: string, issuedAt: Date, expiresAt: Date): Promise<string> {
  const jwt = new SignJWT({ sid: claims.sessionId, ...(claims.impersonatorId ? { act: { sub: String(claims.impersonatorId) } } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setJti(randomBytes(9).toString('base64url'))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000));
  return jwt.sign(key(secret));
}

/**
 * Tokens verified lately, per signing key, with their expiry. A client sends the same token with
 * every request for up to 15 minutes, and checking its signature again (through WebCrypto, the key
 * imported each time) cost a fifth of an authenticated request. Only a token that verified is kept,
 * byte for byte, so nothing unverified is ever accepted; expiry is checked on every use, and
 * revocation is the session gate's (shared/security/session-gate.ts) as before.
 */
const verified = new Map<string, Map<string, { claims: AccessClaims; exp: number }>>();
const VERIFIED_MAX = 10_000;
/** Keys kept at once (a server has one; test suites make many). */
const KEYS_MAX = 4;

function verifiedBy(secret: string) {
  let tokens = verified.get(secret);
  if (!tokens) {
    if (verified.size >= KEYS_MAX) verified.delete(verified.keys().next().value!);
    verified.set(secret, (tokens = new Map()));
  }
  return tokens;
}

/** The claims of a valid, unexpired access token, or null. A token without exp, iat or sid is not one of ours. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  const tokens = verifiedBy(secret);
  const seen = tokens.get(token);
  // jose's rule: expired once the clock reaches exp.
  if (seen) return seen.exp > Date.now() / 1000 ? seen.claims : null;
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub', 'sid'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0) return null;
    if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
    const act = payload.act as { sub?: unknown } | undefined;
    const impersonatorId = act && typeof act.sub === 'string' ? Number(act.sub) : null;
    const claims = { userId, impersonatorId: Number.isInteger(impersonatorId) ? impersonatorId : null, sessionId: payload.sid };
    if (tokens.size >= VERIFIED_MAX) tokens.delete(tokens.keys().next().value!);
    tokens.set(token, { claims, exp: payload.exp! });
    return claims;
  } catch {
    return null;
  }
}

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A 6-digit code for email confirmation. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Tokens are stored only as this digest, so a database leak does not leak sessions. */
export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
