// Throttling of guesses at a secret (a password per login, an emailed code per what it confirms)
// per client, so that nobody can lock another person out: a client's failures make only that
// client wait for that subject, and a client that has not failed is always heard, whatever others
// do. Many clients guessing at once (more failures at the subject than typos explain) lose their
// free tries: from then on each failure makes its client wait. Besides the per-address route limits
// (shared/http/rate-limits.ts), which bound the cost of checking; a waiting client costs no check.
import { and, eq, inArray, isNull, like, lt, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { tooManyRequests } from '../../shared/errors.ts';
import { clientNetwork } from '../../shared/http/client-network.ts';
import { digest } from '../../shared/security/tokens.ts';
import { guessThrottles } from './tables.ts';

const MINUTE_MS = 60_000;

export interface GuessPolicy {
  /** Failures in a row a client makes at a subject before it has to wait (typos). */
  free: number;
  /** Failures in a row at the subject, all clients together, past which no client has free tries. */
  attackAfter: number;
  /** The wait after a failure beyond the free ones doubles from a minute up to this. */
  maxWaitMs: number;
  code: string;
  message: (wait: string) => string;
}

export const LOGIN_GUESSES: GuessPolicy = {
  free: 5,
  attackAfter: 10,
  maxWaitMs: 60 * MINUTE_MS,
  code: 'LOGIN_THROTTLED',
  message: (wait) => `Слишком много неудачных попыток входа. Повторите через ${wait} или восстановите пароль.`,
};

/** A 6-digit code lives a day at most: a client that keeps guessing ends up waiting that long. */
export const CODE_GUESSES: GuessPolicy = {
  free: 5,
  attackAfter: 20,
  maxWaitMs: 24 * 60 * MINUTE_MS,
  code: 'CODE_THROTTLED',
  message: (wait) => `Слишком много неверных кодов. Повторите через ${wait}`,
};

/** One client's guess at one subject. */
export interface Guess {
  subject: string;
  /** The client's row: the subject, ':' and the hashed client network (an address is personal data). */
  client: string;
}

/** The subject of a sign-in: the login as typed, the same for an account and an address nobody has. */
export const loginSubject = (normalisedLogin: string) => digest(`login:${normalisedLogin}`);
/** The subject of an emailed code: its purpose and what it is for (an address, a user). */
export const codeSubject = (purpose: string, target: string) => digest(`code:${purpose}:${target}`);

/** A guess at `subject` from the client at `ip`, IPv6 keyed by its /64 (shared/http/client-network.ts). */
export const guessFrom = (subject: string, ip: string): Guess => ({ subject, client: `${subject}:${digest(`client:${clientNetwork(ip)}`)}` });

/** «5 мин.» up to an hour, «3 ч.» beyond. */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes <= 60 ? `${minutes} мин.` : `${Math.ceil(minutes / 60)} ч.`;
}

/**
 * Lets the guess be checked, or throws 429 (with Retry-After) while its client waits. The guess is
 * counted as failed before it is checked, with the wait that failure earns, so that parallel
 * guesses of one client cannot all slip in before the first is counted; `rightGuess` undoes it.
 * A client with no failures always passes.
 */
export async function takeGuess(ctx: Pick<AppContext, 'db' | 'now'>, policy: GuessPolicy, guess: Guess): Promise<void> {
  const now = ctx.now();
  const [subject] = await ctx.db.select({ failures: guessThrottles.failures }).from(guessThrottles).where(eq(guessThrottles.key, guess.subject));
  const free = (subject?.failures ?? 0) >= policy.attackAfter ? 0 : policy.free;
  const failures = sql<number>`${guessThrottles.failures} + 1`;
  const waitMs = sql`least(${MINUTE_MS}::float8 * power(2, least(${failures} - ${free}::int - 1, 30)), ${policy.maxWaitMs}::float8)`;
  const [taken] = await ctx.db
    .insert(guessThrottles)
    .values({ key: guess.client, failures: 1, lockedUntil: free < 1 ? new Date(now.getTime() + MINUTE_MS) : null, updatedAt: now })
    .onConflictDoUpdate({
      target: guessThrottles.key,
      set: {
        failures,
        lockedUntil: sql`case when ${failures} > ${free}::int then ${now.toISOString()}::timestamptz + ${waitMs} * interval '1 millisecond' end`,
        updatedAt: now,
      },
      setWhere: or(isNull(guessThrottles.lockedUntil), lte(guessThrottles.lockedUntil, now)),
    })
    .returning({ failures: guessThrottles.failures });
  if (!taken) {
    const [row] = await ctx.db.select({ lockedUntil: guessThrottles.lockedUntil }).from(guessThrottles).where(eq(guessThrottles.key, guess.client));
    const seconds = Math.max(1, Math.ceil(((row?.lockedUntil?.getTime() ?? 0) - now.getTime()) / 1000));
    throw tooManyRequests(policy.message(waitText(seconds)), seconds, policy.code);
  }
  await ctx.db
    .insert(guessThrottles)
    .values({ key: guess.subject, failures: 1, updatedAt: now })
    .onConflictDoUpdate({ target: guessThrottles.key, set: { failures, updatedAt: now } });
}

/** The guess was right: its client and the subject's count start afresh; other clients' waits stay. */
export async function rightGuess(ctx: Pick<AppContext, 'db'>, guess: Guess): Promise<void> {
  await ctx.db.delete(guessThrottles).where(inArray(guessThrottles.key, [guess.subject, guess.client]));
}

/** The secret changed or is used up (a password reset, a confirmed code): nothing counted about it matters. */
export async function forgetGuesses(ctx: Pick<AppContext, 'db'>, subjects: readonly string[]): Promise<void> {
  if (subjects.length === 0) return;
  await ctx.db.delete(guessThrottles).where(or(inArray(guessThrottles.key, [...subjects]), ...subjects.map((subject) => like(guessThrottles.key, `${subject}:%`))));
}

/** Counts of a day without failures, once no wait is left (the hourly retention job). */
export async function pruneGuessThrottles(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  const rows = await ctx.db
    .delete(guessThrottles)
    .where(and(lt(guessThrottles.updatedAt, new Date(now.getTime() - 24 * 60 * MINUTE_MS)), or(isNull(guessThrottles.lockedUntil), lte(guessThrottles.lockedUntil, now))))
    .returning({ key: guessThrottles.key });
  return rows.length;
}
