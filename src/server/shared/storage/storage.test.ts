// Both adapters behind one set of tests: the local disk, and S3 through a local stub of the REST
// calls (no real S3 here). What one stores, the other gives back the same way.
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Stub, type S3Stub } from '../../../../tests/helpers/s3-stub.ts';
import { localStorage } from './local-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { ServerConfig } from '../../config.ts';
import { assertKey, createStorage, storageKey, type FileStorage } from './storage.ts';

let dir: string;
let stub: S3Stub;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ch-storage-'));
  stub = await startS3Stub();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await stub.close();
});

const s3 = () =>
  s3Storage({ kind: 's3', bucket: stub.bucket, endpoint: stub.endpoint, region: 'us-east-1', accessKeyId: 'test-key', secretAccessKey: 'test-secret', forcePathStyle: true });

describe('storage keys', () => {
  it('are {school}/{course or school}/{uuid}.{ext}, made by the server', () => {
    expect(storageKey(3, 7, 'mp4')).toMatch(/^3\/7\/[0-9a-f-]{36}\.mp4$/);
    expect(storageKey(3, null, 'pdf')).toMatch(/^3\/school\/[0-9a-f-]{36}\.pdf$/);
    expect(storageKey(3, 7, 'mp4')).not.toBe(storageKey(3, 7, 'mp4'));
  });

  it('refuses anything else, so no name from outside reaches a path or a bucket', () => {
    for (const key of ['../secret', '3/7/../../x.mp4', '/etc/passwd', '3/7/a.mp4', `3/7/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.mp4/x`, '']) {
      expect(() => assertKey(key), key).toThrow('Not a storage key');
    }
    expect(() => storageKey(3, 7, 'm/p4')).toThrow('Not a storage key');
  });
});

describe('the configured storage', () => {
  it('is the bucket when S3 is set up (its client loaded then), the data directory otherwise', async () => {
    const key = storageKey(1, 2, 'txt');
    const settings = { kind: 's3', bucket: stub.bucket, endpoint: stub.endpoint, region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true } as const;
    const bucket = await createStorage({ storage: settings, dataDir: dir } as ServerConfig);
    await bucket.put(key, Readable.from([Buffer.from('в бакете')]), { bytes: Buffer.byteLength('в бакете'), contentType: 'text/plain' });
    expect(await text((await s3().read(key))!)).toBe('в бакете');
    const disk = await createStorage({ storage: { kind: 'local' }, dataDir: dir } as ServerConfig);
    expect(await disk.stat(key)).toBeNull();
  });
});

describe.each([
  ['local disk', () => localStorage(dir)],
  ['S3', s3],
])('%s', (_name, make: () => FileStorage) => {
  it('stores a stream, reads it whole or by range, states its size and deletes it', async () => {
    const storage = make();
    const key = storageKey(1, 2, 'txt');
    const body = 'Привет, файл! 0123456789';
    const bytes = Buffer.byteLength(body);
    await storage.put(key, Readable.from([Buffer.from(body)]), { bytes, contentType: 'text/plain' });
    expect(await storage.stat(key)).toEqual({ bytes });
    expect(await text((await storage.read(key))!)).toBe(body);
    const tail = Buffer.from(body).subarray(bytes - 10);
    expect(await text((await storage.read(key, { start: bytes - 10, end: bytes - 1 }))!)).toBe(tail.toString());
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();
    // Deleting what is gone is fine.
    await storage.delete(key);
  });

  it('moves a local file in', async () => {
    const storage = make();
    const from = join(dir, `incoming-${Math.random()}`);
    writeFileSync(from, Buffer.alloc(70_000, 7));
    const key = storageKey(1, null, 'mp4');
    await storage.moveIn(key, from, { contentType: 'video/mp4' });
    expect(existsSync(from)).toBe(false);
    expect(await storage.stat(key)).toEqual({ bytes: 70_000 });
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.read(key, { start: 69_990, end: 69_999 }))!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(Buffer.alloc(10, 7));
  });

  it('refuses a key it did not make', async () => {
    const storage = make();
    await expect(storage.stat('../../secret')).rejects.toThrow('Not a storage key');
    await expect(storage.read('1/2/x.txt')).rejects.toThrow('Not a storage key');
  });
});

describe('the S3 adapter', () => {
  it('signs its calls and sends the content type, a streamed body with its length, and the range', async () => {
    const storage = s3();
    const key = storageKey(4, 5, 'png');
    stub.requests.length = 0;
    await storage.put(key, Readable.from([Buffer.from('abc'), Buffer.from('def')]), { bytes: 6, contentType: 'image/png' });
    await storage.read(key, { start: 1, end: 2 });
    await storage.stat(key);
    await storage.delete(key);
    expect(stub.requests.map((r) => [r.method, r.key, r.range])).toEqual([
      ['PUT', key, undefined],
      ['GET', key, 'bytes=1-2'],
      ['HEAD', key, undefined],
      ['DELETE', key, undefined],
    ]);
    expect(stub.requests[0]!.headers).toMatchObject({ 'content-type': 'image/png', 'content-length': '6' });
    expect(stub.requests.every((r) => String(r.headers.authorization).includes('Credential=test-key/'))).toBe(true);
  });

  it('passes a failure of the service on', async () => {
    const storage = s3Storage({ kind: 's3', bucket: 'other-bucket', endpoint: stub.endpoint, region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true });
    await expect(storage.put(storageKey(1, 1, 'txt'), Readable.from([Buffer.from('x')]), { bytes: 1, contentType: 'text/plain' })).rejects.toThrow();
  });
});
