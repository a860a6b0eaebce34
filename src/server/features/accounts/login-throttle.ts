import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { loginThrottles } from './tables.ts';
import { AppError } from '../../shared/errors.ts';
import { digest } from '../../shared/security/tokens.ts';

/** Failures in a row that cost nothing (typos). */
export const FREE_FAILURES = 10;
/** NIST SP 800-63B: at most 100 consecutive failed attempts on one account. */
export const MAX_FAILURES = 100;
const MAX_WAIT_MS = 60 * 60 * 1000;
/** Until a password reset: the lock of an account that reached MAX_FAILURES. */
const UNTIL_RESET = new Date('9999-12-31T00:00:00Z');

/** The throttle key of a login as typed: the same for an account and for an address nobody has. */
export const loginKey = (normalisedLogin: string) => digest(`login:${normalisedLogin}`);

/**
 * Per-login throttling besides the per-IP rate limit: after FREE_FAILURES failures in a row each
 * further failure locks the login for twice as long as the last (1 min … 1 h); at MAX_FAILURES it
 * stays locked until the password is reset. Keyed by what was typed, so the answer and its timing
 * are the same whether the account exists.
 */
export async function assertLoginAllowed(ctx: AppContext, key: string): Promise<void> {
  const [row] = await ctx.db.select().from(loginThrottles).where(eq(loginThrottles.loginHash, key));
  if (!row?.lockedUntil || row.lockedUntil <= ctx.now()) return;
  if (row.failures >= MAX_FAILURES) {
    throw new AppError(429, 'LOGIN_LOCKED', 'Вход заблокирован после множества неудачных попыток. Восстановите пароль по ссылке «Забыли пароль?».');
  }
  const minutes = Math.max(1, Math.ceil((row.lockedUntil.getTime() - ctx.now().getTime()) / 60_000));
  throw new AppError(429, 'LOGIN_THROTTLED', `Слишком много неудачных попыток входа. Повторите через ${minutes} мин. или восстановите пароль.`);
}

export async function recordLoginFailure(ctx: AppContext, key: string): Promise<void> {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(loginThrottles)
    .values({ loginHash: key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({ target: loginThrottles.loginHash, set: { failures: sql`${loginThrottles.failures} + 1`, updatedAt: now } })
    .returning({ failures: loginThrottles.failures });
  const failures = row?.failures ?? 0;
  if (failures < FREE_FAILURES) return;
  const lockedUntil = failures >= MAX_FAILURES ? UNTIL_RESET : new Date(now.getTime() + Math.min(60_000 * 2 ** (failures - FREE_FAILURES), MAX_WAIT_MS));
  await ctx.db.update(loginThrottles).set({ lockedUntil }).where(eq(loginThrottles.loginHash, key));
}

/** A successful sign-in or a password reset starts the count again. */
export async function clearLoginFailures(ctx: AppContext, keys: string[]): Promise<void> {
  await ctx.db.delete(loginThrottles).where(inArray(loginThrottles.loginHash, keys));
}
