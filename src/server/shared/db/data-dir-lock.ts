import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

/** The embedded database of a data directory is in use by another live server. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

/** Beside the directory, not in it: the embedded PostgreSQL owns everything inside. */
export const lockPath = (dir: string) => `${dir}.lock`;

/** Locks this process holds, for a clearer message than the kernel's refusal. */
const held = new Set<string>();

interface FileLocks {
  tryLock(fd: number): boolean;
  unlock(fd: number): void;
}

let fileLocks: FileLocks | null = null;
/** fs-native-extensions ships prebuilt addons (glibc Linux, macOS, Windows); loaded on first use. */
function locks(): FileLocks {
  if (!fileLocks) {
    try {
      fileLocks = createRequire(import.meta.url)('fs-native-extensions') as FileLocks;
    } catch (error) {
      throw new DataDirLockedError(`The embedded database needs a file lock that this platform does not offer (${(error as Error).message}); set DATABASE_URL to use a PostgreSQL server instead.`);
    }
  }
  return fileLocks;
}

/** Who holds the lock, as its holder wrote it (for the message only). */
function holderOf(fd: number): string {
  try {
    const { pid, host } = JSON.parse(readFileSync(fd, 'utf8')) as { pid?: unknown; host?: unknown };
    if (typeof pid === 'number' && typeof host === 'string') return ` (pid ${pid} on ${host})`;
  } catch {
    // Being written right now, or an older server's file: the refusal stands without the name.
  }
  return '';
}

/**
 * Takes the data directory for this process: PGlite is a single-process database, and two servers
 * on one directory silently lose writes and corrupt indexes. The lock is the kernel's (an open file
 * description lock on `<dir>.lock`, beside the directory): it is released when the process ends,
 * however it ends, and it holds between processes that cannot see each other's pids (two
 * containers on one volume are both pid 1). The file also names the holder, for the message of the
 * server that is refused. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const where = resolve(dir);
  const path = lockPath(where);
  if (held.has(path)) throw new DataDirLockedError(`The data directory ${where} is already open in this process (pid ${process.pid}).`);
  const { tryLock, unlock } = locks();
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  let locked = false;
  try {
    locked = tryLock(fd);
    if (!locked) throw new DataDirLockedError(`Another CourseHub server${holderOf(fd)} is using the data directory ${where}; stop it first, or use another DATA_DIR.`);
    ftruncateSync(fd, 0);
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }), 0);
  } catch (error) {
    // Closing the descriptor drops the lock too: a failed start (a full disk) leaves nothing held.
    if (locked) unlock(fd);
    closeSync(fd);
    throw error;
  }
  held.add(path);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.delete(path);
    // The file stays: removing it would let a server that opened it a moment ago lock a file
    // nobody else can find any more, while a third one creates and locks a new one.
    unlock(fd);
    closeSync(fd);
  };
}
