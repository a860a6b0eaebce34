// Starts the built product once for the browser tests, as `npm start` runs it: the platform (API,
// app, widget files) on one port and the demo site on another (another origin), on a fresh
// embedded database with the demo school. It does not wait for the server: every global setup
// runs before any test, so the seconds the server takes to migrate and seed would hold up the
// whole run; the browser files run last and wait for it themselves (server-ready.ts).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../helpers/free-port.ts';
import { launchBrowserServer } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    platform: string;
    demo: string;
    /** The server's stdout and stderr, for the error when it does not come up. */
    serverLog: string;
    /** The UDP port of the DNS server the product asks (DNS_SERVERS): a test starts its stub there. */
    dnsPort: number;
    /** Where the browser files connect to the run's one Chromium (browser.ts). */
    browserEndpoint: string;
  }
}

/** Written into the server's log when its process ends (server-ready.ts stops waiting then). */
export const SERVER_EXITED = 'the e2e server process exited';

export default async function setup(project: TestProject) {
  const [port, demoPort, dnsPort] = [await freePort(), await freePort(), await freePort()];
  const root = mkdtempSync(join(tmpdir(), 'coursehub-e2e-'));
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  const log = join(root, 'server.log');
  const output = openSync(log, 'w');
  const platform = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DEMO_PORT: String(demoPort), DATA_DIR: dataDir, PUBLIC_URL: platform, LOG_LEVEL: 'warn', RATE_LIMIT: '0', DNS_SERVERS: `127.0.0.1:${dnsPort}` },
    stdio: ['ignore', output, output],
  });
  project.provide('platform', platform);
  project.provide('demo', `http://127.0.0.1:${demoPort}`);
  project.provide('serverLog', log);
  // A server that stops early says so in its log, which server-ready.ts reads to fail at once
  // instead of waiting out its limit.
  child.once('exit', (code, signal) => appendFileSync(log, `\n${SERVER_EXITED} (${signal ?? code})\n`));
  project.provide('dnsPort', dnsPort);
  // Without a browser no file can run: stop the server just started rather than leave it behind.
  const browser = await launchBrowserServer().catch((error: unknown) => {
    child.kill('SIGTERM');
    throw error;
  });
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  };
}
