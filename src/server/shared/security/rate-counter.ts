// Rate limits on writes that cost storage or others' attention (chat messages, uploads, codes…),
// keyed by what the request acts for (a user, a school, a login) rather than by the client
// address, and counted in the database: every instance behind the proxy sees the same counts.
// The per-address limits of @fastify/rate-limit (shared/http/rate-limits.ts) stay in front of them.
import { lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { rateCounters } from '../db/core-tables.ts';
import { tooManyRequests } from '../errors.ts';

export interface RateRule {
  /** Hits allowed in one window. */
  max: number;
  windowMs: number;
}

export interface RateHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window is over. */
  retryAfterMs: number;
}

/**
 * Counts one hit on `key` in the current fixed window: one upsert, atomic under concurrent hits.
 * Keys name their subject (`chat-message:user:12`); one that carries personal data is hashed by
 * its caller.
 */
export async function hitRate(ctx: Pick<AppContext, 'db' | 'now'>, key: string, rule: RateRule): Promise<RateHit> {
  const now = ctx.now().getTime();
  const start = now - (now % rule.windowMs);
  const end = start + rule.windowMs;
  const [row] = await ctx.db
    .insert(rateCounters)
    .values({ key, windowStart: new Date(start), hits: 1, expiresAt: new Date(end) })
    .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { hits: sql`${rateCounters.hits} + 1` } })
    .returning({ hits: rateCounters.hits });
  return { hits: row!.hits, retryAfterMs: end - now };
}

/**
 * Counts a hit on each rule's key and throws 429 RATE_LIMITED (with Retry-After) when one of them
 * is over its maximum. RATE_LIMIT=0 lifts these limits too (load tests only).
 */
export async function takeRate(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, rules: readonly (RateRule & { key: string })[], message?: string): Promise<void> {
  if (!ctx.config.rateLimit) return;
  for (const rule of rules) {
    const hit = await hitRate(ctx, rule.key, rule);
    if (hit.hits > rule.max) {
      const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
      throw tooManyRequests(message ?? `Слишком много попыток. Повторите через ${seconds} с.`, seconds);
    }
  }
}

/** Drops the counters of windows that are over (the hourly retention job). */
export async function pruneRateCounters(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> {
  const rows = await ctx.db.delete(rateCounters).where(lt(rateCounters.expiresAt, ctx.now())).returning({ key: rateCounters.key });
  return rows.length;
}
