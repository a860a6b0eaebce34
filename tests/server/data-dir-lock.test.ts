// One process per data directory: two servers on one DATA_DIR lost acknowledged writes and
// corrupted indexes. A second server now refuses to start; the lock of a killed one is taken over.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { exited, SERVER_ENTRY, startServer, type RunningServer } from '../helpers/spawn-server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'coursehub-lock-'));
const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  rmSync(dataDir, { recursive: true, force: true });
});

const signIn = (base: string) =>
  fetch(`${base}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'admin@coursehub.ru', password: 'coursehub-demo' }) });

describe('two servers on one data directory', { timeout: 60_000 }, () => {
  it('the second refuses to start with a clear message; the first keeps serving', async () => {
    expect(existsSync(SERVER_ENTRY), 'run `npm run build` first (npm test does)').toBe(true);
    const first = await startServer({ DATA_DIR: dataDir });
    running.push(first);
    const second = spawn(process.execPath, [SERVER_ENTRY], { env: { ...process.env, PORT: String(await freePort()), DEMO_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    second.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exited(second)).toBe(1);
    expect(stderr.trim()).toBe(`Another CourseHub server (pid ${first.child.pid} on ${hostname()}) is using the data directory ${join(dataDir, 'pglite')}; stop it first, or use another DATA_DIR.`);
    expect((await fetch(`${first.base}/api/health/`)).status).toBe(200);
    expect((await signIn(first.base)).status).toBe(200);
  });

  it('a server started after the first was killed takes its lock over and has its data', async () => {
    const first = running.pop()!;
    await first.stop('SIGKILL');
    const next = await startServer({ DATA_DIR: dataDir });
    running.push(next);
    expect((await signIn(next.base)).status).toBe(200);
  });
});
