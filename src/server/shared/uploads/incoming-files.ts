import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, fieldError, insufficientStorage, isOutOfSpace } from '../errors.ts';
import { SNIFF_BYTES } from './file-types.ts';

/** A file of a multipart form, kept in a temporary file until the route moves it into the storage. */
export interface IncomingFile {
  field: string;
  /** The name the client gave (not trusted: see file-names.ts). */
  filename: string;
  path: string;
  bytes: number;
  /** The first bytes, for sniffing the type. */
  head: Buffer;
}

export interface IncomingForm {
  fields: Map<string, string>;
  files: IncomingFile[];
  /** Removes the temporary files the route has not moved (always call it, in finally). */
  cleanup(): Promise<void>;
}

export interface IncomingOptions {
  /** Where temporary files go (DATA_DIR/uploads/tmp). */
  dir: string;
  /** Names of the text fields taken; others are refused. */
  fields: readonly string[];
  /** Names of the file fields taken. */
  fileFields: readonly string[];
  maxFiles: number;
  /** The largest file the route takes at all (the multipart reader stops there). */
  maxBytes: number;
  /** The limit for the fields read so far (a `kind` before the file narrows it), in bytes. */
  limitFor(fields: Map<string, string>): number;
}

export const tooLarge = (field: string, bytes: number) =>
  new AppError(413, 'FILE_TOO_LARGE', `Файл больше ${Math.round(bytes / 1024 / 1024)} МБ.`, { [field]: [`Файл больше ${Math.round(bytes / 1024 / 1024)} МБ.`] });

/**
 * Reads a multipart form whose files are streamed to temporary files (never buffered whole), with
 * their size counted against the limit as they arrive and their first bytes kept for sniffing.
 */
export async function readIncomingFiles(request: FastifyRequest, options: IncomingOptions): Promise<IncomingForm> {
  const fields = new Map<string, string>();
  const files: IncomingFile[] = [];
  const paths: string[] = [];
  const cleanup = async () => {
    await Promise.all(paths.map((path) => unlink(path).catch(() => undefined)));
  };
  await mkdir(options.dir, { recursive: true });
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: options.maxFiles, fields: 20, fieldSize: 10_000, fieldNameSize: 200, parts: options.maxFiles + 20 } })) {
      const name = part.fieldname.slice(0, 100);
      if (part.type === 'field') {
        if (!options.fields.includes(part.fieldname)) throw fieldError(name, 'Неизвестное поле.');
        if (typeof part.value !== 'string' || part.valueTruncated) throw fieldError(name, 'Неверное значение.');
        fields.set(part.fieldname, part.value);
        continue;
      }
      if (!options.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw fieldError(name, 'Неизвестное поле.');
      }
      const limit = Math.min(options.maxBytes, options.limitFor(fields));
      const path = join(options.dir, `${randomBytes(12).toString('hex')}.upload`);
      paths.push(path);
      let bytes = 0;
      const heads: Buffer[] = [];
      let headBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          if (bytes > limit) return callback(tooLarge(name, limit));
          if (headBytes < SNIFF_BYTES) {
            heads.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
            headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
          }
          callback(null, chunk);
        },
      });
      await pipeline(part.file, counter, createWriteStream(path, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge(name, limit);
      files.push({ field: part.fieldname, filename: part.filename ?? '', path, bytes, head: Buffer.concat(heads) });
    }
  } catch (error) {
    await cleanup();
    if (error instanceof AppError) throw error;
    // The disk filled up under the temporary file: the server's trouble, not a broken body.
    if (isOutOfSpace(error)) throw insufficientStorage();
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('file', options.maxBytes);
    if (code === 'FST_FILES_LIMIT') throw badRequest(`Не больше ${options.maxFiles} файлов за раз.`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Слишком много полей в форме.');
    // A broken multipart body is the client's mistake, not a server failure.
    throw badRequest('Не удалось прочитать загруженные данные.', undefined, 'BAD_REQUEST');
  }
  return { fields, files, cleanup };
}
