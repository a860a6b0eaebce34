import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../../config.ts';
import { assertKey } from './keys.ts';
import type { FileStorage } from './storage.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** Whether the SDK's error is a 404 (NoSuchKey for GET, a bare NotFound for HEAD). */
const notFound = (error: unknown) => {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Where the SDK's own warnings go (left to itself it writes them to the console). */
export interface StorageLog {
  warn(message: string): void;
}
const quiet: StorageLog = { warn: () => undefined };

/** The S3 client for the configuration: the bucket's region, endpoint, keys and addressing. */
export function s3Client(config: S3Config, log: StorageLog = quiet): S3Client {
  return new S3Client({
    logger: { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: (...content: unknown[]) => log.warn(content.map(String).join(' ')), error: (...content: unknown[]) => log.warn(content.map(String).join(' ')) },
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    // Checksums only where S3 requires them: a streamed body then goes as it is (Content-Length,
    // unsigned payload), which every S3-compatible service takes, rather than aws-chunked with trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files in an S3-compatible bucket, by key: PutObject streamed with its length (videos are at most
 * a few GB, within a single PutObject's 5 GB), GetObject with a Range, HeadObject, DeleteObject.
 */
export function s3Storage(config: S3Config, log: StorageLog = quiet, client: S3Client = s3Client(config, log)): FileStorage {
  const Bucket = config.bucket;
  const checked = (key: string) => {
    assertKey(key);
    return key;
  };

  async function put(key: string, body: Readable, { bytes, contentType }: { bytes: number; contentType: string }) {
    await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentLength: bytes, ContentType: contentType }));
  }

  return {
    kind: 's3',
    put,
    async moveIn(key, path, { contentType }) {
      const { size } = await stat(path);
      await put(key, createReadStream(path), { bytes: size, contentType });
      await unlink(path);
    },
    async read(key, range) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: checked(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        return (result.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const result = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return { bytes: result.ContentLength ?? 0 };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
  };
}
