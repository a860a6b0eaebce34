import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { sessions, users } from '../db/core-tables.ts';
import type { AccessClaims } from './tokens.ts';

/** How long one process trusts what it read of a session; other processes' revocations show within it. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 50_000;

export interface GateEntry {
  sessionId: string;
  userId: number;
  impersonatorId: number | null;
  /** The session's hard end (null: none), or 'dead': revoked, or its user or impersonating admin disabled. */
  endsAt: Date | null | 'dead';
  readAt: number;
}

export interface SessionGate {
  /** Whether the token's session is live: not revoked, not past its end, its users active. */
  isLive(claims: AccessClaims, now: Date): Promise<boolean>;
  /** Drops cached entries after a revocation made by this process, so it applies at once. */
  forget(match: (entry: GateEntry) => boolean): void;
}

const actor = alias(users, 'actor');

/**
 * Every authenticated request asks whether its access token's session is still live. The answer
 * is cached per session for a few seconds, so the hot path costs no query; a revocation made in
 * this process clears the cache at once, one made by another process shows within
 * SESSION_CACHE_MS. `clock` is real time (the cache's age), not the app's clock.
 */
export function createSessionGate(db: Db, clock: () => number = Date.now): SessionGate {
  const cache = new Map<string, GateEntry>();

  async function read(sessionId: string): Promise<GateEntry | null> {
    const [row] = await db
      .select({
        userId: sessions.userId,
        impersonatorId: sessions.impersonatorId,
        endsAt: sessions.endsAt,
        revokedAt: sessions.revokedAt,
        userActive: users.isActive,
        actorActive: actor.isActive,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(actor, eq(actor.id, sessions.impersonatorId))
      .where(eq(sessions.id, sessionId));
    if (!row) return null;
    const dead = row.revokedAt !== null || !row.userActive || row.actorActive === false;
    return { sessionId, userId: row.userId, impersonatorId: row.impersonatorId, endsAt: dead ? 'dead' : row.endsAt, readAt: clock() };
  }

  return {
    async isLive(claims, now) {
      let entry = cache.get(claims.sessionId);
      if (!entry || clock() - entry.readAt >= SESSION_CACHE_MS) {
        const fresh = await read(claims.sessionId);
        if (!fresh) {
          cache.delete(claims.sessionId);
          return false;
        }
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(claims.sessionId, fresh);
        entry = fresh;
      }
      // The token must belong to the session it names (a forged sid would need the signing key anyway).
      if (entry.userId !== claims.userId || entry.impersonatorId !== claims.impersonatorId) return false;
      if (entry.endsAt === 'dead') return false;
      return entry.endsAt === null || entry.endsAt > now;
    },
    forget(match) {
      for (const [id, entry] of cache) if (match(entry)) cache.delete(id);
    },
  };
}
