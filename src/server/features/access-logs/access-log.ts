import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from '../../context.ts';
import { accessLogs } from './tables.ts';
import { loggablePath } from '../../shared/request-path.ts';

/** Rows gathered this long are written by one insert: one commit per batch instead of per request. */
export const ACCESS_LOG_BATCH_MS = 20;

/**
 * Records every authenticated API request: who (and who really, while impersonating), which
 * school, method, path (secrets masked, no query), status, duration and IP. Never a token, a
 * password or a body. Rows are written after the answer, in batches, as a background job (so
 * shutdown waits for them); an audit event (impersonation) is written at once, since a later
 * request reads it.
 */
export function registerAccessLog(app: App): void {
  let queue: (typeof accessLogs.$inferInsert)[] = [];
  let scheduled = false;

  const write = async (rows: (typeof accessLogs.$inferInsert)[]) => {
    try {
      // Chunks keep each insert well under PostgreSQL's 65,535 parameters (9 a row).
      for (let i = 0; i < rows.length; i += 1_000) await app.ctx.db.insert(accessLogs).values(rows.slice(i, i + 1_000));
    } catch (error) {
      // The answers have gone out already; lost log lines must not turn into errors.
      app.log.error({ err: error, rows: rows.length }, 'access log not written');
    }
  };

  app.addHook('onResponse', async (request, reply) => {
    if (!request.auth || !request.url.startsWith('/api/')) return;
    const row = {
      userId: request.auth.userId,
      impersonatorId: request.auth.impersonatorId,
      schoolId: request.schoolId,
      method: request.method,
      path: loggablePath(request).slice(0, 500),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      ip: request.ip,
      event: request.auditEvent,
    };
    if (row.event) return write([row]);
    queue.push(row);
    if (scheduled) return;
    scheduled = true;
    app.ctx.jobs.run('access-log', async () => {
      await sleep(ACCESS_LOG_BATCH_MS);
      scheduled = false;
      const rows = queue;
      queue = [];
      await write(rows);
    });
  });
}
