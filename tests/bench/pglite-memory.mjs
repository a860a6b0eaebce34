// The embedded database's resident memory, as `npm start` runs it: the built server on a fresh
// data directory (first boot: initdb, migrations, demo data), then restarted on the same directory.
// Prints the server process's RSS after a few requests. Linux only (reads /proc). Part of `npm run bench`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

// Waits out a slow start (the bench loads the machine); fails at once when the server exits, and
// only a server that hangs reaches the limit.
const START_LIMIT_MS = 5 * 60_000;
async function waitFor(url, child, log) {
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before answering ${url}: ${log()}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in ${START_LIMIT_MS / 60_000} minutes: ${log()}`);
}

/** Starts the server on `dataDir`, makes a few typical requests, and reads its RSS. */
async function measure(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DEMO_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/schools_tariff/`, child, () => stderr);
    const login = await fetch(`${base}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'admin@coursehub.ru', password: 'coursehub-demo' }) });
    const { access } = await login.json();
    for (let i = 0; i < 20; i += 1) {
      await fetch(`${base}/api/course_catalog/?p=1&query=${i}`);
      await fetch(`${base}/api/Coursehub/all_users/`, { headers: { authorization: `Bearer ${access}` } });
    }
    return rssMb(child.pid);
  } finally {
    // A server that already exited has no 'exit' still to come.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

export async function pgliteMemory() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ch-memory-'));
  try {
    const first = await measure(dataDir);
    const again = await measure(dataDir);
    return { first, again };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { first, again } = await pgliteMemory();
  console.log(`Server RSS with the embedded database: first boot ${first} MB, restart ${again} MB`);
}
