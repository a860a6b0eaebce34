import type { FastifyRequest } from 'fastify';

// Route parameters that carry secrets; they never reach a log.
const SECRET_PARAMS = new Set(['token', 'code', 'certLink', 'cert_link']);

/** The request path without its query, with secret path parameters masked. */
export function loggablePath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  const params = (request.params ?? {}) as Record<string, string>;
  if (pattern && Object.keys(params).some((name) => SECRET_PARAMS.has(name))) {
    return pattern.replace(/:([A-Za-z_]+)/g, (match, name: string) => (SECRET_PARAMS.has(name) ? match : encodeURIComponent(params[name] ?? '')));
  }
  return request.url.split('?')[0] ?? request.url;
}
