import { and, desc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { oneTimeTokens } from './tables.ts';
import { digest, randomCode, randomToken } from '../../shared/security/tokens.ts';

export type LinkPurpose = 'password_reset' | 'set_password';
export type CodePurpose = 'email_change' | 'email_confirm';
export type TokenRow = typeof oneTimeTokens.$inferSelect;

export const HOUR_MS = 3600 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** Live codes checked at once: a resend does not kill the code already on its way. */
const LIVE_CODES = 3;
/** Links that set a password: a reset link and the first-password link of an added user. */
export const PASSWORD_LINK_PURPOSES: readonly LinkPurpose[] = ['password_reset', 'set_password'];

/** Spends every unused link or code of these kinds the user has. */
async function retire(ctx: AppContext, tx: Db, userId: number, purposes: readonly string[]): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: ctx.now() })
    .where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, [...purposes]), isNull(oneTimeTokens.usedAt)));
}

/**
 * A new single-use link token (256 bits); only its SHA-256 is stored. Returns the token itself.
 * Links sent earlier stay live until they expire or one of them is used: anyone may ask for a
 * reset, so asking must not cancel the link on its way to the owner.
 */
export async function issueLinkToken(ctx: AppContext, tx: Db, userId: number, purpose: LinkPurpose, ttlMs: number): Promise<string> {
  const token = randomToken();
  const now = ctx.now();
  await tx.insert(oneTimeTokens).values({ userId, purpose, tokenHash: digest(token), expiresAt: new Date(now.getTime() + ttlMs), createdAt: now });
  return token;
}

/**
 * The unused, unexpired password link `token` of the user, or null. With `lock` the row stays
 * locked until the transaction ends, so a double submit cannot spend it twice.
 */
export async function findPasswordLink(ctx: AppContext, db: Db, userId: number, token: string, lock = false): Promise<TokenRow | null> {
  const query = db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.tokenHash, digest(token)),
        inArray(oneTimeTokens.purpose, [...PASSWORD_LINK_PURPOSES]),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, ctx.now()),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Marks a token spent, and with it every other password link of the user. */
export async function spendPasswordLinks(ctx: AppContext, tx: Db, userId: number): Promise<void> {
  await retire(ctx, tx, userId, PASSWORD_LINK_PURPOSES);
}

// A 6-digit code has only a million values, so a plain hash would fall to a dictionary in a
// database leak: it is keyed with the server secret and salted (which also keeps the unique
// index on token_hash from colliding when two users get the same code).
function codeHash(secret: string, salt: string, code: string): string {
  return createHmac('sha256', secret).update(`${salt}.${code}`).digest('hex');
}

function codeMatches(secret: string, stored: string, code: string): boolean {
  const [salt, hash] = stored.split('.');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(codeHash(secret, salt, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A new 6-digit code bound to `email`. With `retireOlder` (the user's own request, e.g. a new
 * address) earlier unused codes of that purpose die; a resend anyone may ask for keeps them.
 */
export async function issueCode(ctx: AppContext, tx: Db, input: { userId: number; purpose: CodePurpose; email: string; ttlMs: number; retireOlder: boolean }): Promise<string> {
  if (input.retireOlder) await retire(ctx, tx, input.userId, [input.purpose]);
  const code = randomCode();
  const salt = randomBytes(12).toString('base64url');
  const now = ctx.now();
  await tx.insert(oneTimeTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: `${salt}.${codeHash(ctx.config.secret, salt, code)}`,
    email: input.email,
    expiresAt: new Date(now.getTime() + input.ttlMs),
    createdAt: now,
  });
  return code;
}

/**
 * Checks `code` for `email` against the newest live codes of `purpose` matching `scope`, inside the
 * caller's transaction. Right: the code is spent and its row returned; wrong (code or address):
 * null, and the code stays live for its owner. Wrong tries are limited per client before this
 * (guess-throttle.ts), never by burning the code.
 */
export async function spendCode(ctx: AppContext, tx: Db, input: { purpose: CodePurpose; scope: SQL | undefined; email: string; code: string }): Promise<TokenRow | null> {
  const now = ctx.now();
  const rows = await tx
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.purpose, input.purpose), input.scope, isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .orderBy(desc(oneTimeTokens.id))
    .limit(LIVE_CODES)
    .for('update');
  // The address is part of the secret: a code sent to A never confirms B.
  const match = rows.find((row) => row.email === input.email && codeMatches(ctx.config.secret, row.tokenHash, input.code));
  if (!match) return null;
  await tx.update(oneTimeTokens).set({ usedAt: now }).where(eq(oneTimeTokens.id, match.id));
  return match;
}
