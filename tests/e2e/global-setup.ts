// Starts the built product once for the browser tests, as `npm start` runs it: the platform (API,
// app, widget files) on one port and the demo site on another (another origin), on a fresh
// embedded database with the demo school.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../helpers/free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    platform: string;
    demo: string;
  }
}


async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output()}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no answer from ${url} within 30 s: ${output()}`);
}

export default async function setup(project: TestProject) {
  const [port, demoPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'coursehub-e2e-'));
  const platform = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DEMO_PORT: String(demoPort), DATA_DIR: dataDir, PUBLIC_URL: platform, LOG_LEVEL: 'warn', RATE_LIMIT: '0' },
    stdio: 'pipe',
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(`${platform}/api/health/`, child, () => output);
  await waitFor(`http://127.0.0.1:${demoPort}/`, child, () => output);
  project.provide('platform', platform);
  project.provide('demo', `http://127.0.0.1:${demoPort}`);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
