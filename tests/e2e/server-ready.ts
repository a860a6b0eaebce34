// Setup file of the browser tests: waits until the product started by global-setup.ts answers
// (at once after the first file).
import { readFileSync } from 'node:fs';
import { beforeAll, inject } from 'vitest';

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no answer from ${url} within 60 s; the server said: ${readFileSync(inject('serverLog'), 'utf8')}`);
}

beforeAll(async () => {
  await waitFor(`${inject('platform')}/api/health/`);
  await waitFor(`${inject('demo')}/`);
}, 70_000);
