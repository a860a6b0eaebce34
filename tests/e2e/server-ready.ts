// Setup file of the browser tests: waits until the product started by global-setup.ts answers
// (at once after the first file). There is no start-up deadline a busy machine could miss: it waits
// until the server answers or its process ends (global-setup.ts writes that into the log); the
// limit only ends a server that hangs.
import { readFileSync } from 'node:fs';
import { beforeAll, inject } from 'vitest';
import { SERVER_EXITED } from './global-setup.ts';

const HANG_LIMIT_MS = 10 * 60_000;

async function waitFor(url: string): Promise<void> {
  const log = () => readFileSync(inject('serverLog'), 'utf8');
  const deadline = Date.now() + HANG_LIMIT_MS;
  while (Date.now() < deadline) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    if (log().includes(SERVER_EXITED)) throw new Error(`the server stopped before answering ${url}; it said: ${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no answer from ${url} in ${HANG_LIMIT_MS / 60_000} minutes; the server said: ${log()}`);
}

beforeAll(async () => {
  await waitFor(`${inject('platform')}/api/health/`);
  await waitFor(`${inject('demo')}/`);
}, 2 * HANG_LIMIT_MS + 10_000);
