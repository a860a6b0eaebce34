import { closeSync, fstatSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

/** The embedded database of a data directory is in use by another live server. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

/** Beside the directory, not in it: the embedded PostgreSQL owns everything inside. */
export const lockPath = (dir: string) => `${dir}.lock`;
/** A lock file still being written by its creator: left alone for this long before it counts as garbage. */
const FRESH_MS = 5_000;

/** Locks this process holds: a second open of the same directory in one process is refused too. */
const held = new Set<string>();

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

function parseHolder(text: string): Holder | null {
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? { pid: parsed.pid, host: parsed.host } : null;
  } catch {
    return null;
  }
}

function readHolder(path: string): Holder | null {
  try {
    return parseHolder(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

type Look = { state: 'free' } | { state: 'held'; holder: Holder } | { state: 'starting' } | { state: 'stale' };

/**
 * What the lock file says now. Content and age are read through one descriptor, so they belong to
 * the same file even if it is replaced meanwhile.
 */
function look(path: string): Look {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { state: 'free' };
    throw error;
  }
  try {
    const holder = parseHolder(readFileSync(fd, 'utf8'));
    // Our own pid in the file, not held by us, is a previous life of this process (a restarted
    // container is pid 1 again). The pid is checked on this machine: the data directory is not for
    // sharing between hosts.
    if (holder) return holder.pid !== process.pid && alive(holder.pid) ? { state: 'held', holder } : { state: 'stale' };
    // An unreadable file may still be being written by a server starting right now.
    return Date.now() - fstatSync(fd).mtimeMs < FRESH_MS ? { state: 'starting' } : { state: 'stale' };
  } finally {
    closeSync(fd);
  }
}

const unlinkIfThere = (path: string) => {
  try {
    unlinkSync(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
};

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes the lock of a dead server. Two servers taking over at once must not both win: the one
 * that removes the stale file could otherwise have its fresh lock removed by the other. So the
 * step runs under a second exclusive file, and the lock is judged again under it: a file created
 * meanwhile names a live pid or is fresh, and stays.
 */
function removeStale(path: string): void {
  const guard = `${path}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx', 0o600);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    // Another server is taking over right now; a guard left by one that died mid-step is cleared.
    const since = statSync(guard, { throwIfNoEntry: false });
    if (since && Date.now() - since.mtimeMs > FRESH_MS) unlinkIfThere(guard);
    pause(50);
    return;
  }
  try {
    if (look(path).state === 'stale') unlinkIfThere(path);
  } finally {
    closeSync(fd);
    unlinkIfThere(guard);
  }
}

/**
 * Takes the data directory for this process: PGlite is a single-process database, and two servers
 * on one directory silently lose writes and corrupt indexes. The lock is the file `<dir>.lock`
 * (beside the directory), created exclusively ('wx') and holding our pid, host and start time; a
 * second server refuses to start while that pid lives, and takes over the lock of a dead one (or a
 * garbage file older than a few seconds). Returns the release function: it removes the file only
 * while it is still ours.
 */
export function lockDataDir(dir: string): () => void {
  const where = resolve(dir);
  const path = lockPath(where);
  if (held.has(path)) throw new DataDirLockedError(`The data directory ${where} is already open in this process (pid ${process.pid}).`);
  const me: Holder = { pid: process.pid, host: hostname() };
  for (let attempt = 0; attempt < 20; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
      const now = look(path);
      if (now.state === 'held') {
        throw new DataDirLockedError(`Another CourseHub server (pid ${now.holder.pid} on ${now.holder.host}) is using the data directory ${where}; stop it first, or use another DATA_DIR.`);
      }
      if (now.state === 'starting') {
        throw new DataDirLockedError(`Another CourseHub server is starting on the data directory ${where}; stop it first, or use another DATA_DIR.`);
      }
      if (now.state === 'stale') removeStale(path);
      continue;
    }
    try {
      writeSync(fd, JSON.stringify({ ...me, startedAt: new Date().toISOString() }));
    } catch (error) {
      // A lock we could not write (a full disk) is not left behind to block the next start.
      closeSync(fd);
      unlinkIfThere(path);
      throw error;
    }
    closeSync(fd);
    held.add(path);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      held.delete(path);
      const now = readHolder(path);
      if (now?.pid === me.pid && now.host === me.host) unlinkIfThere(path);
    };
  }
  throw new DataDirLockedError(`Could not lock the data directory ${where}; other servers keep taking it. Stop them first, or use another DATA_DIR.`);
}
