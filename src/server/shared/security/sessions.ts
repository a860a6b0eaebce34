import { and, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { refreshTokens, sessions } from '../db/core-tables.ts';
import { announce } from '../db/live-events.ts';
import { unauthorized } from '../errors.ts';
import { digest, randomToken, signAccessToken } from './tokens.ts';

export interface TokenPair {
  access: string;
  refresh: string;
}

/** A "view as" session ends this long after it began, whatever its refreshes. */
export const IMPERSONATION_TTL_MS = 60 * 60 * 1000;

interface SessionRow {
  id: string;
  userId: number;
  impersonatorId: number | null;
  endsAt: Date | null;
}

/** The next refresh token of a session and an access token naming it, both capped by its hard end. */
async function issueTokens(ctx: AppContext, session: SessionRow): Promise<TokenPair> {
  const refresh = randomToken();
  const now = ctx.now();
  const cap = (ms: number) => new Date(Math.min(now.getTime() + ms, session.endsAt?.getTime() ?? Infinity));
  await ctx.db.insert(refreshTokens).values({
    userId: session.userId,
    familyId: session.id,
    tokenHash: digest(refresh),
    expiresAt: cap(ctx.config.refreshTokenTtl * 1000),
    createdAt: now,
  });
  const access = await signAccessToken(
    { userId: session.userId, impersonatorId: session.impersonatorId, sessionId: session.id },
    ctx.config.secret,
    now,
    cap(ctx.config.accessTokenTtl * 1000),
  );
  return { access, refresh };
}

/** A new session (a sign-in, or an admin's "view as" with `impersonatorId`) and its first tokens. */
export async function issueSession(ctx: AppContext, userId: number, options: { impersonatorId?: number | null } = {}): Promise<TokenPair> {
  const impersonatorId = options.impersonatorId ?? null;
  const now = ctx.now();
  const [session] = await ctx.db
    .insert(sessions)
    .values({ userId, impersonatorId, endsAt: impersonatorId === null ? null : new Date(now.getTime() + IMPERSONATION_TTL_MS), createdAt: now })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  return issueTokens(ctx, session);
}

const INVALID = 'Сессия истекла. Войдите снова.';

/**
 * Spends a refresh token and issues the next pair of its session. A token that was already spent
 * means it was stolen or replayed: the whole session is revoked, so both holders must sign in again.
 */
export async function rotateSession(ctx: AppContext, refresh: string): Promise<TokenPair> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, digest(refresh)))
      .for('update');
    if (!row || row.session.revokedAt || row.token.expiresAt <= now || (row.session.endsAt && row.session.endsAt <= now)) return { kind: 'invalid' as const };
    if (row.token.usedAt) {
      await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.session.id));
      return { kind: 'reused' as const, session: row.session };
    }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.token.id));
    return { kind: 'ok' as const, session: row.session };
  });
  if (outcome.kind === 'invalid') throw unauthorized(INVALID, 'TOKEN_INVALID');
  if (outcome.kind === 'reused') {
    ctx.sessionGate.forget((entry) => entry.sessionId === outcome.session.id);
    await announce(ctx.db, { chat_id: null, kind: 'revoke', id: outcome.session.userId });
    throw unauthorized(INVALID, 'TOKEN_REUSED');
  }
  return issueTokens(ctx, outcome.session);
}

/**
 * Ends every session of a user (logout, password change or reset), including the "view as"
 * sessions the user opened as an admin. Their access tokens stop working at once.
 */
export async function revokeUserSessions(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)), isNull(sessions.revokedAt)));
  ctx.sessionGate.forget((entry) => entry.userId === userId || entry.impersonatorId === userId);
  // Other processes drop their cached answers and close the live sockets of these sessions.
  await announce(ctx.db, { chat_id: null, kind: 'revoke', id: userId });
}

/** Ends the sessions an admin opened as another user. */
export async function revokeImpersonationSessions(ctx: AppContext, impersonatorId: number, userId: number): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.userId, userId), eq(sessions.impersonatorId, impersonatorId), isNull(sessions.revokedAt)));
  ctx.sessionGate.forget((entry) => entry.userId === userId && entry.impersonatorId === impersonatorId);
  await announce(ctx.db, { chat_id: null, kind: 'revoke', id: userId });
}
