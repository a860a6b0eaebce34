import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockPath } from './data-dir-lock.ts';

const dirs: string[] = [];
/** A data directory inside a temporary one, which also holds its lock file (beside it). */
const dataDir = () => {
  const root = mkdtempSync(join(tmpdir(), 'ch-lock-'));
  dirs.push(root);
  return join(root, 'pglite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the data directory lock', () => {
  it('is taken with our pid and released', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(lockPath(dir))).toBe(false);
    // And can be taken again.
    lockDataDir(dir)();
  });

  it('is refused while a live process holds it', () => {
    const dir = dataDir();
    // Our parent lives as long as we do, and is not us.
    writeFileSync(lockPath(dir), JSON.stringify({ pid: process.ppid, host: 'somewhere' }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`Another CourseHub server (pid ${process.ppid} on somewhere) is using the data directory ${dir}; stop it first, or use another DATA_DIR.`);
  });

  it('is taken over from a process that died', () => {
    const dir = dataDir();
    writeFileSync(lockPath(dir), JSON.stringify({ pid: deadPid(), host: 'here' }));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it('is taken over from a previous life of this pid (a restarted container is pid 1 again)', () => {
    const dir = dataDir();
    writeFileSync(lockPath(dir), JSON.stringify({ pid: process.pid, host: 'here' }));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it('is refused to a second open in the same process until released', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(`The data directory ${dir} is already open in this process (pid ${process.pid}).`);
    release();
    // Releasing twice is harmless and does not remove a lock taken since.
    const again = lockDataDir(dir);
    release();
    expect(existsSync(lockPath(dir))).toBe(true);
    again();
  });

  it('does not remove a lock that is no longer ours', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    writeFileSync(lockPath(dir), JSON.stringify({ pid: process.ppid, host: 'other' }));
    release();
    expect(existsSync(lockPath(dir))).toBe(true);
  });

  it('leaves a fresh unreadable lock alone (a server is writing it), and takes over an old one', () => {
    const dir = dataDir();
    writeFileSync(lockPath(dir), '');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lockPath(dir), minuteAgo, minuteAgo);
    lockDataDir(dir)();
  });
});
