import type { FastifyCorsOptions, FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../context.ts';
import { limits } from './rate-limits.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public widget endpoint: answers any origin without credentials, and its GETs are
     * cacheable (shared/http/http-cache.ts). Everything else keeps the platform's CORS policy.
     */
    public?: boolean;
  }
}

/** Route config of a public read: any origin, cacheable, 120 requests a minute per IP. */
export const publicRead = (app: App) => ({ public: true, ...limits(app, 120) });
/** Route config of a public write (an appeal form): any origin, 10 a minute per IP. */
export const publicWrite = (app: App) => ({ public: true, ...limits(app, 10) });

const PUBLIC_CORS: FastifyCorsOptions = {
  origin: '*',
  // Widgets call with `credentials: 'omit'`; a wildcard origin must never come with credentials.
  credentials: false,
  methods: ['GET', 'HEAD', 'POST'],
  maxAge: 600,
};

interface PublicRoute {
  methods: string[];
  pattern: RegExp;
}

/** '/api/:school/course_landing/:id/' → a regex matching the paths the router sends there. */
function routePattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** Every method the private API uses: a cross-origin PATCH, PUT or DELETE must pass its preflight. */
export const PRIVATE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** An allowed origin of the private API: `origin: true` reflects the request's own Origin. */
const PRIVATE_CORS: FastifyCorsOptions = { origin: true, credentials: true, methods: PRIVATE_METHODS, maxAge: 600 };
const DENIED_CORS: FastifyCorsOptions = { origin: false };

/**
 * The CORS options per request for @fastify/cors' `delegator`: public routes (config
 * `public: true`) get `*` without credentials, the others, with credentials, only the origins
 * `allowOrigin` accepts (the platform's own, and schools' verified custom domains). A preflight
 * (OPTIONS) reaches the plugin's catch-all route, not the route it asks about, so it is matched by
 * path and requested method against the public routes recorded as they are added.
 */
export function corsDelegator(app: App, allowOrigin: (origin: string) => Promise<boolean>): FastifyCorsOptionsDelegateCallback {
  const publicRoutes: PublicRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.public !== true) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
    publicRoutes.push({ methods, pattern: routePattern(route.url ?? route.path) });
  });

  const isPublic = (request: FastifyRequest): boolean => {
    if (request.method !== 'OPTIONS') return request.routeOptions.config?.public === true;
    const method = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
    const path = request.url.split('?')[0] ?? '';
    return publicRoutes.some((route) => route.methods.includes(method) && route.pattern.test(path));
  };

  return (request, callback) => {
    if (isPublic(request)) return callback(null, PUBLIC_CORS);
    const origin = request.headers.origin;
    // No Origin: not a cross-origin browser call, nothing to allow.
    if (!origin) return callback(null, DENIED_CORS);
    allowOrigin(origin).then(
      (allowed) => callback(null, allowed ? PRIVATE_CORS : DENIED_CORS),
      (error: unknown) => callback(error as Error, DENIED_CORS),
    );
  };
}

/** Public answers may be read by pages of any site (helmet's default says same-origin only). */
export function registerPublicResponses(app: App): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.public === true) reply.header('cross-origin-resource-policy', 'cross-origin');
    return payload;
  });
}
