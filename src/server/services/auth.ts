import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { App } from '../context.ts';
import { users } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import { verifyAccessToken, type AccessClaims } from '../security/tokens.ts';

/** Reads the bearer token of every request; routes decide whether they need one. */
export function registerAuth(app: App): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('schoolId', null);
  app.decorateRequest('auditEvent', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    request.auth = await verifyAccessToken(header.slice(7).trim(), app.ctx.config.secret);
    // A public page must not fail because the visitor's session ran out: it simply reads as anonymous.
    if (!request.auth && request.routeOptions.config?.public !== true) throw unauthorized('Сессия истекла. Войдите снова.', 'TOKEN_INVALID');
  });
}

export function requireAuth(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The signed-in user's row; a deleted or deactivated account counts as signed out. */
export async function requireUser(app: App, request: FastifyRequest) {
  const { userId } = requireAuth(request);
  const [user] = await app.ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user || !user.isActive) throw unauthorized('Учётная запись недоступна.', 'ACCOUNT_DISABLED');
  return user;
}
