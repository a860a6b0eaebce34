// One process per data directory: two servers on one DATA_DIR lost acknowledged writes and
// corrupted indexes. A second server refuses to start, also from another pid namespace (another
// container on the same volume); a killed one's directory is taken by exactly one of the servers
// that start after it. Runs the built server (npm test builds it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/shared/db/data-dir-lock.ts';
import { exited, runUntilExit, SERVER_ENTRY, startServer, startTimeout, type RunningServer } from '../helpers/spawn-server.ts';

const root = mkdtempSync(join(tmpdir(), 'coursehub-lock-'));
const dataDir = join(root, 'data');
const lockFile = join(dataDir, 'pglite.lock');
const running: RunningServer[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  // exited() waits for an 'exit' still to come: only for the children still running.
  const live = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const gone = Promise.all(live.map((child) => exited(child)));
  for (const child of live) child.kill('SIGKILL');
  await gone;
  rmSync(root, { recursive: true, force: true });
});

const json = { 'content-type': 'application/json' };
async function signIn(base: string): Promise<{ status: number; access: string; id: number }> {
  const res = await fetch(`${base}/api/login/`, { method: 'POST', headers: json, body: JSON.stringify({ login: 'admin@coursehub.ru', password: 'coursehub-demo' }) });
  const body = (await res.json()) as { access?: string; user?: { id: number } };
  return { status: res.status, access: body.access ?? '', id: body.user?.id ?? 0 };
}

// Written through the first server, read through the one that takes its lock over.
const city = `Город ${randomBytes(4).toString('hex')}`;

// Each test starts real servers, up to two one after another, and waits out a slow start (spawn-server.ts).
describe('two servers on one data directory', { timeout: startTimeout(2) }, () => {
  it('the second refuses to start with a clear message; the first keeps serving', async () => {
    expect(existsSync(SERVER_ENTRY), 'run `npm run build` first (npm test does)').toBe(true);
    const first = await startServer({ DATA_DIR: dataDir });
    running.push(first);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: first.child.pid, host: hostname() });

    const second = await runUntilExit({ DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(`Another CourseHub server (pid ${first.child.pid} on ${hostname()}) is using the data directory ${join(dataDir, 'pglite')}; stop it first, or use another DATA_DIR.`);

    expect((await fetch(`${first.base}/api/health/`)).status).toBe(200);
    const admin = await signIn(first.base);
    expect(admin.status).toBe(200);
    const saved = await fetch(`${first.base}/api/profile/${admin.id}/`, { method: 'PATCH', headers: { ...json, authorization: `Bearer ${admin.access}` }, body: JSON.stringify({ city }) });
    expect(saved.status).toBe(200);
  });

  it('a server started after the first was killed takes the directory over and has its data', async () => {
    const first = running.pop()!;
    await first.stop('SIGKILL');
    // Killed: the file is left behind naming a dead pid, but the kernel dropped its lock.
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: first.child.pid });
    const next = await startServer({ DATA_DIR: dataDir });
    running.push(next);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: next.child.pid });
    const admin = await signIn(next.base);
    expect(admin.status).toBe(200);
    const profile = await fetch(`${next.base}/api/profile/`, { headers: { authorization: `Bearer ${admin.access}` } });
    expect(await profile.json()).toMatchObject({ city });
    await running.pop()!.stop();
    // A clean stop releases the lock (the file stays, naming its last holder).
    lockDataDir(join(dataDir, 'pglite'))();
  });

  // Two containers on one volume: each server is pid 1 of its own pid namespace, so a lock that
  // compares pids let both start. Needs root for the namespaces (CI runs as root).
  const namespaces = process.getuid?.() === 0 && spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;
  it.runIf(namespaces)('in two pid namespaces (both pid 1) the second is refused; once the first dies a server outside takes over', async () => {
    // The directory of the tests above (free again): already seeded, so no first start's seconds.
    const dir = dataDir;
    const inNamespace = ['unshare', '--pid', '--mount-proc', '--kill-child'];
    const first = await startServer({ DATA_DIR: dir }, inNamespace);
    running.push(first);
    expect(JSON.parse(readFileSync(join(dir, 'pglite.lock'), 'utf8'))).toMatchObject({ pid: 1 });

    const second = await runUntilExit({ DATA_DIR: dir }, inNamespace);
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(`Another CourseHub server (pid 1 on ${hostname()}) is using the data directory ${join(dir, 'pglite')}; stop it first, or use another DATA_DIR.`);
    expect((await fetch(`${first.base}/api/health/`)).status).toBe(200);

    // The reverse case: the lock of a dead pid 1 does not keep a server of the host out.
    await running.pop()!.stop('SIGKILL');
    // unshare has exited; its child (pid 1 there) is killed after it, and its lock goes with it.
    const free = () => {
      try {
        lockDataDir(join(dir, 'pglite'))();
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(free, { timeout: 30_000 }).toBe(true);
    const host = await startServer({ DATA_DIR: dir });
    running.push(host);
    expect((await signIn(host.base)).status).toBe(200);
    await running.pop()!.stop();
  });

  // The kernel decides between servers that start at the same moment: exactly one wins.
  it('of several processes locking the directory of a dead server at once, exactly one wins', async () => {
    const dir = join(root, 'race', 'pglite');
    mkdirSync(dir, { recursive: true });
    const deadPid = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid, host: hostname() }));
    const go = join(root, 'race', 'go');
    // Each contender says it is ready, waits for the go file, then locks and holds (or reports why not).
    const script = `
      const { existsSync } = await import('node:fs');
      const { lockDataDir } = await import(${JSON.stringify(pathToFileURL(resolve('dist/server/shared/db/data-dir-lock.js')).href)});
      process.stdout.write('ready\\n');
      while (!existsSync(${JSON.stringify(go)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      try { lockDataDir(${JSON.stringify(dir)}); process.stdout.write('locked\\n'); setInterval(() => {}, 60_000); }
      catch (error) { process.stdout.write(error.name + '\\n'); process.exit(3); }`;
    const outputs = Array.from({ length: 8 }, () => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      const out = { child, text: '' };
      child.stdout?.on('data', (chunk: Buffer) => (out.text += chunk.toString()));
      return out;
    });
    await expect.poll(() => outputs.every((out) => out.text.includes('ready')), { timeout: 20_000 }).toBe(true);
    writeFileSync(go, '');
    const won = (out: (typeof outputs)[number]) => /^locked$/m.test(out.text);
    const decided = (out: (typeof outputs)[number]) => won(out) || out.child.exitCode !== null;
    await expect.poll(() => outputs.every(decided), { timeout: 20_000 }).toBe(true);

    const winners = outputs.filter(won);
    expect(winners).toHaveLength(1);
    for (const out of outputs.filter((o) => o !== winners[0])) {
      expect(out.child.exitCode).toBe(3);
      expect(out.text).toContain('DataDirLockedError');
    }
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: winners[0]!.child.pid });
    for (const out of outputs) out.child.kill('SIGKILL');
  });
});
