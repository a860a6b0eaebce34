import type { App } from '../context.ts';
import { accessLogs } from '../db/schema.ts';
import { loggablePath } from '../request-path.ts';

/**
 * Records every authenticated API request: who (and who really, while impersonating), which
 * school, method, path (secrets masked, no query), status, duration and IP. Never a token, a
 * password or a body.
 */
export function registerAccessLog(app: App): void {
  app.addHook('onResponse', async (request, reply) => {
    if (!request.auth || !request.url.startsWith('/api/')) return;
    try {
      await app.ctx.db.insert(accessLogs).values({
        userId: request.auth.userId,
        impersonatorId: request.auth.impersonatorId,
        schoolId: request.schoolId,
        method: request.method,
        path: loggablePath(request).slice(0, 500),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ip: request.ip,
        event: request.auditEvent,
      });
    } catch (error) {
      // The answer has gone out already; a lost log line must not turn into an error.
      request.log.error({ err: error }, 'access log not written');
    }
  });
}
