import Fastify, { type FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * The demo site: pages that look like a school owner's own site, served from another origin than
 * the platform, embedding the widgets from the platform like any outside site would. `{{PLATFORM}}`
 * in a page becomes the platform's origin.
 */
export async function buildDemoServer(options: { demoDir: string; platformOrigin: string; logger?: boolean }): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  app.get('/*', async (request, reply) => {
    const path = decodeURIComponent((request.params as { '*': string })['*'] || 'index.html');
    const file = normalize(join(options.demoDir, path));
    const type = TYPES[extname(file)];
    if (!file.startsWith(normalize(options.demoDir)) || !type) return reply.code(404).type('text/plain').send('Not found');
    let body: string;
    try {
      body = await readFile(file, 'utf8');
    } catch {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply.type(type).header('cache-control', 'no-cache').send(body.replaceAll('{{PLATFORM}}', options.platformOrigin));
  });
  return app;
}
