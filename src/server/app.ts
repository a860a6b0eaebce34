import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from './config.ts';
import { indexHtml } from './index-html.ts';

export interface BuildAppOptions {
  config: ServerConfig;
  /** false in tests: structured logs go to stdout otherwise. */
  logger?: boolean;
}

/** Builds the HTTP application without listening, so tests can drive it with inject(). */
export async function buildApp({ config, logger = true }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    // Never trust a client-sent id: request ids are ours.
    genReqId: () => crypto.randomUUID(),
  });

  app.get('/api/health/', { schema: { response: { 200: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] } } } }, async () => ({
    status: 'ok',
  }));

  const appDir = join(config.staticDir, 'app');
  if (existsSync(appDir)) {
    await app.register(fastifyStatic, { root: appDir, prefix: '/app/', immutable: false, maxAge: 0 });
  }

  // Every other GET outside /api is a route of the single-page app.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.type('text/html; charset=utf-8').send(indexHtml());
    }
    return reply.code(404).send({ code: 'NOT_FOUND', message: 'Адрес не найден' });
  });

  return app;
}
