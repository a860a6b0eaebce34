import type { FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../../context.ts';

/**
 * Helmet's headers, worked out once. @fastify/helmet builds the whole helmet middleware (and
 * serialises the CSP) on every request; the headers never vary per request here (no CSP nonces),
 * so they are computed at start and copied onto each reply.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export function registerSecurityHeaders(app: App, options: HelmetOptions): void {
  const headers = Object.entries(securityHeaders(options));
  // On the raw response, as helmet does: a route's own headers (the widget files' cross-origin
  // resource policy, set on the raw response too) still override them.
  app.addHook('onRequest', (_request, reply: FastifyReply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
