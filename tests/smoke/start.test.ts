// The product as `npm start` runs it: the compiled server (built by `npm test` before this suite)
// starts on its port and serves the API health check and the app shell with its bundle.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, startServer, startTimeout, type RunningServer } from '../helpers/spawn-server.ts';

const entry = SERVER_ENTRY;
let server: RunningServer | undefined;
let base = '';
const dataDir = mkdtempSync(join(tmpdir(), 'coursehub-start-'));

beforeAll(async () => {
  expect(existsSync(entry), 'run `npm run build` first (npm test does)').toBe(true);
  server = await startServer({ DATA_DIR: dataDir });
  base = server.base;
}, startTimeout());

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('answers the health check on its port', async () => {
    const res = await fetch(`${base}/api/health/`);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('starts with the demo school: the demo admin signs in through the API', async () => {
    const res = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin@coursehub.ru', password: 'coursehub-demo' }),
    });
    expect(res.status).toBe(200);
    const { access } = (await res.json()) as { access: string };
    const schools = await fetch(`${base}/api/user-schools/`, { headers: { authorization: `Bearer ${access}` } });
    expect(await schools.json()).toEqual([expect.objectContaining({ name: 'Coursehub', role: 'Admin' })]);
  });

  it('serves the app shell and its bundle', async () => {
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('src="/app/main.js"');
    const bundle = await fetch(`${base}/app/main.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(1000);
  });

  it('stops with a clear message on a bad setting', async () => {
    const bad = spawn(process.execPath, [entry], { env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir }, stdio: 'pipe' });
    let stderr = '';
    bad.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => bad.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Configuration error: PORT must be a whole number from 1 to 65535, got "abc".');
  });
});
