import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertKey } from './keys.ts';
import type { FileStorage } from './storage.ts';

/** Whether an error is "no such file". */
const missing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

/**
 * Files on the local disk under DATA_DIR/uploads/files, by key. A file appears whole or not at
 * all: it is written beside its place and renamed into it.
 */
export function localStorage(dataDir: string): FileStorage {
  const root = join(dataDir, 'uploads', 'files');
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, key);
  };
  const temporary = (path: string) => `${path}.${randomBytes(6).toString('hex')}.part`;

  return {
    kind: 'local',
    async put(key, body, { bytes }) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const part = temporary(path);
      try {
        await pipeline(body, createWriteStream(part, { flags: 'wx' }));
        const written = (await stat(part)).size;
        if (written !== bytes) throw new Error(`Stored ${written} bytes of ${bytes}.`);
        await rename(part, path);
      } catch (error) {
        await unlink(part).catch(() => undefined);
        throw error;
      }
    },
    async moveIn(key, from) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      try {
        await rename(from, path);
      } catch (error) {
        // Another file system (DATA_DIR/uploads on its own volume): copied, then the original goes.
        if ((error as { code?: unknown }).code !== 'EXDEV') throw error;
        const part = temporary(path);
        await copyFile(from, part);
        await rename(part, path);
        await unlink(from);
      }
    },
    async read(key, range) {
      const path = pathOf(key);
      try {
        if (!(await stat(path)).isFile()) return null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { bytes: info.size } : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((error: unknown) => {
        if (!missing(error)) throw error;
      });
    },
  };
}
