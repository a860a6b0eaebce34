import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { refreshTokens } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import { digest, randomToken, signAccessToken } from '../security/tokens.ts';

export interface TokenPair {
  access: string;
  refresh: string;
}

interface IssueOptions {
  impersonatorId?: number | null;
  /** Continue an existing family (rotation); a new login starts a new one. */
  familyId?: string;
}

/** A new access token and a new refresh token (stored hashed). */
export async function issueSession(ctx: AppContext, userId: number, options: IssueOptions = {}): Promise<TokenPair> {
  const refresh = randomToken();
  const now = ctx.now();
  await ctx.db.insert(refreshTokens).values({
    userId,
    familyId: options.familyId ?? randomUUID(),
    tokenHash: digest(refresh),
    impersonatorId: options.impersonatorId ?? null,
    expiresAt: new Date(now.getTime() + ctx.config.refreshTokenTtl * 1000),
    createdAt: now,
  });
  const access = await signAccessToken({ userId, impersonatorId: options.impersonatorId ?? null }, ctx.config.secret, ctx.config.accessTokenTtl);
  return { access, refresh };
}

const INVALID = 'Сессия истекла. Войдите снова.';

/**
 * Spends a refresh token and issues the next pair of its family. A token that was already spent
 * means it was stolen or replayed: the whole family is revoked, so both holders must sign in again.
 */
export async function rotateSession(ctx: AppContext, refresh: string): Promise<TokenPair> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, digest(refresh))).for('update');
    if (!row || row.revokedAt || row.expiresAt <= now) return { kind: 'invalid' as const };
    if (row.usedAt) {
      await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { kind: 'reused' as const };
    }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    return { kind: 'ok' as const, row };
  });
  if (outcome.kind === 'reused') throw unauthorized(INVALID, 'TOKEN_REUSED');
  if (outcome.kind === 'invalid') throw unauthorized(INVALID, 'TOKEN_INVALID');
  const { row } = outcome;
  return issueSession(ctx, row.userId, { familyId: row.familyId, impersonatorId: row.impersonatorId });
}

/** Ends every session of a user (logout, password change, password reset). */
export async function revokeUserSessions(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.update(refreshTokens).set({ revokedAt: ctx.now() }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Ends the sessions an admin opened as another user. */
export async function revokeImpersonationSessions(ctx: AppContext, impersonatorId: number, userId: number): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.impersonatorId, impersonatorId), isNull(refreshTokens.revokedAt)));
}
