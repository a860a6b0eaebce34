import type { Readable } from 'node:stream';
import type { ServerConfig } from '../../config.ts';
import { localStorage } from './local-storage.ts';
import type { StorageLog } from './s3-storage.ts';

export { assertKey, storageKey } from './keys.ts';

/** Bytes `start` to `end` of an object, both included (as HTTP ranges count). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where course files and videos are kept (ARCHITECTURE.md, outside services): the local disk
 * under DATA_DIR/uploads/files by default, an S3-compatible bucket when configured. Keys are made
 * by the server (storageKey), never taken from a request; both adapters refuse any other key.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores `bytes` bytes read from `body` under `key`. */
  put(key: string, body: Readable, options: { bytes: number; contentType: string }): Promise<void>;
  /** Moves a file of the local disk into the storage (a rename on the local disk); the file at `path` is gone afterwards. */
  moveIn(key: string, path: string, options: { contentType: string }): Promise<void>;
  /** The object's bytes (the range only, when given), or null when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The object's size, or null when there is no such object. */
  stat(key: string): Promise<{ bytes: number } | null>;
  /** Deletes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** The S3 client (a third of a second of the server's start) is loaded only when S3 is set up. */
export async function createStorage(config: ServerConfig, log?: StorageLog): Promise<FileStorage> {
  return config.storage.kind === 's3' ? (await import('./s3-storage.ts')).s3Storage(config.storage, log) : localStorage(config.dataDir);
}
