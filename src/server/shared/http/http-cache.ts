import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../context.ts';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60';

/**
 * A weak ETag of a response body: the same answer goes out as br, gzip or plain bytes, and a
 * strong ETag would have to differ between them. Weak ones are what If-None-Match compares.
 */
export function bodyEtag(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag ('*', a list, weak forms compare equal for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * Successful GETs of public routes are cacheable for a minute (unless the route says otherwise)
 * and carry an ETag of their body;
 * a matching If-None-Match gets 304 without the body. An answer to a signed-in caller may differ
 * from the anonymous one (an admin previews a draft), so it is never stored by shared caches.
 */
export function registerHttpCache(app: App): void {
  registerPublicReuse(app);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.public !== true) return payload;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = bodyEtag(payload);
    reply.header('etag', etag);
    // A route may ask for less (a live webinar's offset changes every second).
    if (request.headers.authorization) reply.header('cache-control', 'private, no-cache');
    else if (!reply.hasHeader('cache-control')) reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}

interface Kept {
  at: number;
  payload: string;
  type: string;
}

/** Distinct addresses kept at most (search texts make many): the oldest goes first. */
const KEPT_MAX = 500;

/** An anonymous GET of a public route: the same answer for every visitor of that address. */
const reusable = (request: FastifyRequest) =>
  request.routeOptions.config?.public === true && request.method === 'GET' && !request.headers.authorization;

/**
 * Reuses an anonymous public answer for `publicCacheMs` (1 s by default) instead of querying again:
 * the catalogue's count and page cost milliseconds of database time per visitor, the copy none.
 * Browsers may keep these answers for a minute anyway (Cache-Control above). The reuse runs as a
 * preHandler, after the route's rate limit; the answer then goes through onSend as usual (ETag,
 * 304, compression).
 */
function registerPublicReuse(app: App): void {
  const ttl = app.ctx.config.publicCacheMs;
  if (ttl === 0) return;
  const kept = new Map<string, Kept>();
  const served = new WeakSet<FastifyRequest>();
  app.addHook('preHandler', async (request, reply) => {
    if (!reusable(request)) return;
    const hit = kept.get(request.url);
    if (!hit || performance.now() - hit.at > ttl) return;
    served.add(request);
    return reply.type(hit.type).send(hit.payload);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reusable(request) || served.has(request) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    // A route that set its own Cache-Control wants less (a live webinar's state changes every second).
    if (reply.hasHeader('cache-control')) return payload;
    if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
    kept.delete(request.url);
    kept.set(request.url, { at: performance.now(), payload, type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') });
    return payload;
  });
}
