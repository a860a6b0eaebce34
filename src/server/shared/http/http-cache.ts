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
 * Requests for an address whose answer is being worked out wait for it rather than each querying:
 * otherwise every expiry sent all the visitors of that second to the database at once. Browsers
 * may keep these answers for a minute anyway (Cache-Control above). The reuse runs as a
 * preHandler, after the route's rate limit; the answer then goes through onSend as usual (ETag,
 * 304, compression).
 */
function registerPublicReuse(app: App): void {
  const ttl = app.ctx.config.publicCacheMs;
  if (ttl === 0) return;
  const kept = new Map<string, Kept>();
  /** The answer being worked out for an address: null when it is not one to reuse (an error, a live webinar). */
  const working = new Map<string, Promise<Kept | null>>();
  /** Hands the leading request's answer to those waiting on it, once. */
  const finish = new WeakMap<FastifyRequest, (answer: Kept | null) => void>();
  const served = new WeakSet<FastifyRequest>();
  const settle = (request: FastifyRequest, answer: Kept | null) => {
    finish.get(request)?.(answer);
    finish.delete(request);
  };
  app.addHook('preHandler', async (request, reply) => {
    if (!reusable(request)) return;
    const key = request.url;
    const copy = kept.get(key);
    const pending = working.get(key);
    const hit = copy && performance.now() - copy.at <= ttl ? copy : pending && (await pending);
    if (hit) {
      served.add(request);
      return reply.type(hit.type).send(hit.payload);
    }
    // The answer waited for is not one to keep: each waiting request asks for itself.
    if (pending) return;
    // This request works the answer out (nothing awaited since the look), the next ones wait for it.
    let resolve!: (answer: Kept | null) => void;
    working.set(key, new Promise((done) => (resolve = done)));
    finish.set(request, (answer) => {
      working.delete(key);
      resolve(answer);
    });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reusable(request) || served.has(request)) return payload;
    // A route that set its own Cache-Control wants less (a live webinar's state changes every second).
    if (reply.statusCode !== 200 || typeof payload !== 'string' || reply.hasHeader('cache-control')) {
      settle(request, null);
      return payload;
    }
    if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
    kept.delete(request.url);
    const answer = { at: performance.now(), payload, type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') };
    kept.set(request.url, answer);
    settle(request, answer);
    return payload;
  });
  // A request that ended without an answer to keep (aborted) lets the waiting ones query for themselves.
  app.addHook('onResponse', async (request) => settle(request, null));
  app.addHook('onRequestAbort', async (request) => settle(request, null));
}
