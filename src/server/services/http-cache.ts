import { createHash } from 'node:crypto';
import type { App } from '../context.ts';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60';

/** A strong ETag of a response body. */
export function bodyEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag ('*', a list, weak forms compare equal for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Successful GETs of public routes are cacheable for a minute (unless the route says otherwise)
 * and carry an ETag of their body;
 * a matching If-None-Match gets 304 without the body. An answer to a signed-in caller may differ
 * from the anonymous one (an admin previews a draft), so it is never stored by shared caches.
 */
export function registerHttpCache(app: App): void {
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
