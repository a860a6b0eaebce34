import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function config(staticDir: string) {
  return { host: '127.0.0.1', port: 0, staticDir, logLevel: 'silent' as const };
}

describe('buildApp', () => {
  it('answers the health check', async () => {
    app = await buildApp({ config: config('/nonexistent'), logger: false });
    const res = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the app page for client routes and a JSON 404 under /api', async () => {
    app = await buildApp({ config: config('/nonexistent'), logger: false });
    const page = await app.inject({ method: 'GET', url: '/school/Coursehub/courses' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<script type="module" src="/app/main.js"></script>');
    const api = await app.inject({ method: 'GET', url: '/api/nothing/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'NOT_FOUND', message: 'Адрес не найден' });
  });

  it('serves built files from the static directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ch-static-'));
    mkdirSync(join(dir, 'app'));
    writeFileSync(join(dir, 'app', 'main.js'), 'console.log(1)');
    app = await buildApp({ config: config(dir), logger: false });
    const res = await app.inject({ method: 'GET', url: '/app/main.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });
});
