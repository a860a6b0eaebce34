import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** The embedded database of a data directory is in use by another live server. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

/** Beside the directory, not in it: the embedded PostgreSQL owns everything inside. */
export const lockPath = (dir: string) => `${dir}.lock`;
/** A lock file still being written by its creator: left alone for this long before it counts as garbage. */
const FRESH_MS = 5_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Holder {
  pid: number;
  host: string;
}

function readHolder(path: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? { pid: parsed.pid, host: parsed.host } : null;
  } catch {
    return null;
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes the lock of a dead server. Only one process at a time may do it (a second exclusive
 * file guards the step), and only while the file is still the stale one it read: otherwise two
 * servers taking over at once could remove the lock the first of them had just taken.
 */
function removeStale(path: string, stale: Holder | null): void {
  const guard = `${path}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another server is taking over right now; a guard left by one that died mid-step is cleared.
    const since = statSync(guard, { throwIfNoEntry: false });
    if (since && Date.now() - since.mtimeMs > FRESH_MS) unlinkSync(guard);
    pause(50);
    return;
  }
  try {
    const now = readHolder(path);
    const same = now === null ? stale === null : stale !== null && now.pid === stale.pid && now.host === stale.host;
    if (same) unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    closeSync(fd);
    unlinkSync(guard);
  }
}

/**
 * Takes the data directory for this process: PGlite is a single-process database, and two servers
 * on one directory silently lose writes and corrupt indexes. The lock is a file created
 * exclusively ('wx') holding our pid; a second server refuses to start while that pid lives, and
 * takes over the lock of a dead one. The file is `<dir>.lock`. Returns the release function (it
 * removes the file only while it is still ours).
 */
export function lockDataDir(dir: string): () => void {
  const path = lockPath(dir);
  const me: Holder = { pid: process.pid, host: hostname() };
  for (let attempt = 0; attempt < 20; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      // Our own pid in the file is a previous life of this process (a restarted container is pid 1 again).
      // The pid is checked on this machine: the data directory is not for sharing between hosts.
      if (holder && holder.pid !== me.pid && alive(holder.pid)) {
        throw new DataDirLockedError(`Another CourseHub server (pid ${holder.pid} on ${holder.host}) is using the data directory ${dir}; stop it first, or use another DATA_DIR.`);
      }
      // An unreadable file may still be being written by a server starting right now.
      const written = statSync(path, { throwIfNoEntry: false });
      if (!holder && written && Date.now() - written.mtimeMs < FRESH_MS) {
        throw new DataDirLockedError(`Another CourseHub server is starting on the data directory ${dir}; stop it first, or use another DATA_DIR.`);
      }
      removeStale(path, holder);
      continue;
    }
    writeSync(fd, JSON.stringify({ ...me, startedAt: new Date().toISOString() }));
    closeSync(fd);
    return () => {
      const holder = readHolder(path);
      if (holder?.pid === me.pid && holder.host === me.host) unlinkSync(path);
    };
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}; another server keeps taking it.`);
}
