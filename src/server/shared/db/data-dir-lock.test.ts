import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockPath } from './data-dir-lock.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
/** A data directory inside a temporary one, which also holds its lock file (beside it). */
const dataDir = () => {
  const root = mkdtempSync(join(tmpdir(), 'ch-lock-'));
  dirs.push(root);
  return join(root, 'pglite');
};
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Another process that takes the kernel lock on the file and holds it until it is killed. */
async function holder(path: string): Promise<ChildProcess> {
  const script = `
    const fs = require('node:fs');
    const fd = fs.openSync(${JSON.stringify(path)}, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
    process.stdout.write(require('fs-native-extensions').tryLock(fd) ? 'locked' : 'refused');
    setInterval(() => {}, 1 << 30);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toBe('locked');
  return child;
}

describe('the data directory lock', () => {
  it('is taken with our pid and host written in, and taken again once released', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    lockDataDir(dir)();
  });

  it('is refused while another process holds the kernel lock, whatever the file says, and free once that process is killed', async () => {
    const dir = dataDir();
    // What a server in another pid namespace would write: a pid that means nothing here.
    writeFileSync(lockPath(dir), JSON.stringify({ pid: 1, host: 'container-a' }));
    const other = await holder(lockPath(dir));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`Another CourseHub server (pid 1 on container-a) is using the data directory ${dir}; stop it first, or use another DATA_DIR.`);
    other.kill('SIGKILL');
    await once(other, 'exit');
    // The kernel dropped the lock with the process: no stale file to judge, no takeover step.
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it('is taken whatever an old file says when nobody holds it (our own pid from a previous life, garbage)', () => {
    for (const text of [JSON.stringify({ pid: process.pid, host: hostname() }), '', '{not json']) {
      const dir = dataDir();
      writeFileSync(lockPath(dir), text);
      lockDataDir(dir)();
    }
  });

  it('is refused to a second open in the same process until released; releasing twice is harmless', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(`The data directory ${dir} is already open in this process (pid ${process.pid}).`);
    release();
    const again = lockDataDir(dir);
    release();
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    again();
  });
});
