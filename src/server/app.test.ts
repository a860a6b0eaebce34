import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/server/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('buildApp', () => {
  it('answers the health check', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the app page for client routes and a JSON 404 under /api', async () => {
    t = await createTestApp();
    const page = await t.app.inject({ method: 'GET', url: '/school/Coursehub/courses' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<script type="module" src="/app/main.js"></script>');
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'NOT_FOUND', message: 'Адрес не найден.' });
  });

  it('serves built files from the static directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ch-static-'));
    mkdirSync(join(dir, 'app'));
    writeFileSync(join(dir, 'app', 'main.js'), 'console.log(1)');
    t = await createTestApp({ staticDir: dir });
    const res = await t.app.inject({ method: 'GET', url: '/app/main.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });

  it('publishes the OpenAPI document and the browsable reference at /api/docs', async () => {
    t = await createTestApp();
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys((doc.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/login/', '/api/token/refresh/', '/api/register-school-owner/']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers malformed JSON with 400, never 500', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/api/login/', headers: { 'content-type': 'application/json' }, payload: '{"login":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'Некорректный запрос.' });
  });
});
