import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from '../context.ts';
import { serveBuiltFiles } from './static-files.ts';

/** Files of the demo data (the demo webinar's video), kept in the repository under assets/demo. */
export const DEMO_ASSETS_DIR = fileURLToPath(new URL('../../../assets/demo/', import.meta.url));

const crossOrigin = (res: { setHeader(name: string, value: string): unknown }) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
};

/**
 * Serves the built widgets at /widgets/ to any site: CORS for module scripts, and a cross-origin
 * resource policy so the classic loader script may be embedded elsewhere. Loader and entry files
 * keep their names (site owners paste them), so they are revalidated; the hashed chunks are
 * immutable (static-files.ts). Both go precompressed.
 */
export async function registerWidgetFiles(app: App, staticDir: string): Promise<void> {
  // The service worker must be served from the root to control the whole platform.
  const serviceWorker = join(staticDir, 'app', 'sw.js');
  if (existsSync(serviceWorker)) {
    app.get('/sw.js', { schema: { hide: true } }, (_request, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('service-worker-allowed', '/').send(readFileSync(serviceWorker)),
    );
  }
  // The demo data's media, embedded by widgets on other sites (the demo webinar's video).
  await app.register(fastifyStatic, { root: DEMO_ASSETS_DIR, prefix: '/demo/', decorateReply: false, setHeaders: crossOrigin });
  const root = join(staticDir, 'widgets');
  if (!existsSync(root)) return;
  await serveBuiltFiles(app, { root, prefix: '/widgets/', revalidated: 'public, max-age=300, must-revalidate', setHeaders: crossOrigin });
}
