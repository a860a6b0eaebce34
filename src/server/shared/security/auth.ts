import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../context.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/core-tables.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { verifyAccessToken, type AccessClaims } from './tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'ignored': the route never reads the bearer token (sign-in, refresh, password links), so a
     * stale Authorization header a client still sends cannot make it fail.
     */
    bearer?: 'ignored';
    /** 'allowed': a write that a "view as" session may make (only impersonate/stop/). */
    impersonation?: 'allowed';
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const IMPERSONATION_READ_ONLY = 'В режиме просмотра от имени ученика ничего нельзя изменить. Завершите просмотр, чтобы продолжить.';

/** Whether the request comes from an admin's "view as" session. */
export const isImpersonating = (request: FastifyRequest): boolean => (request.auth?.impersonatorId ?? null) !== null;

/**
 * Reads the bearer token of every request; routes decide whether they need one. A token counts
 * only while its session is live (shared/security/session-gate.ts). A "view as" session is read-only:
 * it may read, and end itself, nothing else.
 */
export function registerAuth(app: App): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('schoolId', null);
  app.decorateRequest('auditEvent', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config?.bearer === 'ignored') return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const claims = await verifyAccessToken(header.slice(7).trim(), app.ctx.config.secret);
    const live = claims !== null && (await app.ctx.sessionGate.isLive(claims, app.ctx.now()));
    if (!live) {
      // A public page must not fail because the visitor's session ran out: it simply reads as anonymous.
      if (config?.public === true) return;
      throw unauthorized('Сессия истекла. Войдите снова.', 'TOKEN_INVALID');
    }
    request.auth = claims;
    if (claims.impersonatorId !== null && !SAFE_METHODS.has(request.method) && config?.impersonation !== 'allowed') {
      throw forbidden(IMPERSONATION_READ_ONLY, 'IMPERSONATION_READ_ONLY');
    }
  });
}

export function requireAuth(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

// The signed-in user's row is read by most authenticated routes: prepared once per database.
const prepareUser = (db: Db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('user_by_id');
const userStatements = new WeakMap<Db, ReturnType<typeof prepareUser>>();

/** The signed-in user's row; a deleted or deactivated account counts as signed out. */
export async function requireUser(app: App, request: FastifyRequest) {
  const { userId } = requireAuth(request);
  let statement = userStatements.get(app.ctx.db);
  if (!statement) userStatements.set(app.ctx.db, (statement = prepareUser(app.ctx.db)));
  const [user] = await statement.execute({ id: userId });
  if (!user || !user.isActive) throw unauthorized('Учётная запись недоступна.', 'ACCOUNT_DISABLED');
  return user;
}
