import { FileStore } from '@tus/file-store';
import { ERRORS, Metadata, Server, type Upload } from '@tus/server';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Type } from 'typebox';
import type { App, FastifyReply, FastifyRequest } from '../../context.ts';
import { AppError, badRequest, fieldError, insufficientStorage, INTERNAL_ERROR_BODY, isOutOfSpace, notFound } from '../../shared/errors.ts';
import { SchoolName } from '../../shared/http/schemas.ts';
import { TEXT_PATTERN } from '../../shared/text-pattern.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { cleanFileName } from '../../shared/uploads/file-names.ts';
import { fileHead, videoType } from '../../shared/uploads/file-types.ts';
import { findLesson } from './course-access.ts';
import { fileBody, storeFile, VIDEO_TYPE_MESSAGE } from './files.ts';
import { takeUploadRate } from './upload-rates.ts';
import { dropExpiredReservations, liveReservation, releaseReservation, reserveUpload, UPLOAD_LIFETIME_MS } from './video-reservations.ts';

/**
 * Resumable video uploads (issue 11; spec §7: video uploads go to a /video/ base) with the tus
 * protocol (@tus/server): POST /video/{school}/uploads/ creates an upload (Upload-Length and the
 * metadata lesson_id, filename, filetype), PATCH sends its bytes from Upload-Offset, HEAD tells
 * where to resume, DELETE drops it. Every request is checked here before tus sees it: the bearer
 * token, an Admin of the school in the URL ("view as" sessions are read-only: only HEAD passes),
 * and, after creation, that the upload is this admin's in this school. The limits: uploads
 * started per admin and per school (upload-rates.ts), the video size (VIDEO_MAX_MB) and the
 * school's storage: an upload's declared size is reserved on creation beside the files and the
 * other uploads in progress (video-reservations.ts), and checked again on finish. On finish the
 * first bytes must be MP4/MOV or WebM/MKV; the video then moves into the storage and is listed in
 * course_files, and the answer (200, JSON) is the file with its signed link.
 *
 * Uploads in progress are kept on the local disk (DATA_DIR/uploads/tus) and expire after a day:
 * from then on their room is free, they are refused, and the hourly job deletes them.
 */

const UPLOAD_ID = '^[0-9a-f]{32}$';
const TEXT = new RegExp(TEXT_PATTERN);
const INT = /^[1-9][0-9]{0,9}$/;

const uploadNotFound = () => notFound('Загрузка не найдена.', 'UPLOAD_NOT_FOUND');

function sizeText(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${Number.isInteger(gb) ? gb : gb.toFixed(1)} ГБ` : `${Math.round(bytes / 1024 ** 2)} МБ`;
}

/** The JSON error body every API error has, for answers tus writes. */
const errorJson = (error: AppError) => JSON.stringify({ code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) });

/** The Node request under tus's web Request (handOver puts it there). */
const nodeRequest = (request: Request) => (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/**
 * tus's file store, but a disk that fills up while bytes arrive is answered as such (507), where
 * the store's own write turns every failure into a bare 500. The same write otherwise: the bytes
 * go on from `offset`, and what was written before the failure stays (HEAD tells the client).
 */
class VideoFileStore extends FileStore {
  readonly #dir: string;
  constructor(dir: string) {
    super({ directory: dir, expirationPeriodInMilliseconds: UPLOAD_LIFETIME_MS });
    this.#dir = dir;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      // The id is one of ours (namingFunction), checked by the route's pattern.
      await pipeline(readable, counter, createWriteStream(join(this.#dir, id), { flags: 'r+', start: offset }));
    } catch (error) {
      if (isOutOfSpace(error)) throw insufficientStorage();
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + received;
  }
}

export async function videoUploadRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const dir = join(ctx.config.dataDir, 'uploads', 'tus');
  let server: Server | null = null;
  /** A creation request's id (its room reserved) and metadata as checked by create(), by its Node request. */
  const checkedCreations = new WeakMap<IncomingMessage, { id: string; metadata: Record<string, string> }>();
  // Made on first use: its store creates the directory at once.
  const tus = () => (server ??= createServer());

  function createServer(): Server {
    const datastore = new VideoFileStore(dir);
    return new Server({
      // Not used for addresses: generateUrl gives each school's own.
      path: '/video',
      datastore,
      maxSize: ctx.config.videoMaxBytes,
      // The platform's own pages upload; other origins get no CORS answer.
      allowedOrigins: [],
      generateUrl: (request, { id }) => `/video/${new URL(request.url).pathname.split('/')[2] ?? ''}/uploads/${id}`,
      // The id create() reserved the room under.
      namingFunction: (request) => checked(request).id,
      onUploadCreate: async (request) => ({ metadata: checked(request).metadata }),
      onUploadFinish: async (_request, upload) => finish(upload),
      onResponseError: (_request, error) => {
        if (error instanceof AppError) return { status_code: error.status, body: errorJson(error) };
        // tus's own refusals are objects with a status; a thrown Error is a failure here, told
        // without its internals (tus would answer its message, paths included).
        if (!(error instanceof Error)) return undefined;
        if (isOutOfSpace(error)) {
          app.log.error({ err: error }, 'video upload: no space left');
          return { status_code: 507, body: errorJson(insufficientStorage()) };
        }
        app.log.error({ err: error }, 'video upload failed');
        return { status_code: 500, body: JSON.stringify(INTERNAL_ERROR_BODY) };
      },
    });
  }

  /** What create() checked for this creation request; one that did not come through it is refused, never stored unchecked. */
  function checked(request: Request): { id: string; metadata: Record<string, string> } {
    const node = nodeRequest(request);
    const creation = node ? checkedCreations.get(node) : undefined;
    if (!creation) throw badRequest('Загрузка не проверена.');
    return creation;
  }

  /** Drops an upload's staged bytes and its record. */
  async function dropStaged(id: string): Promise<void> {
    await unlink(join(dir, id)).catch(() => undefined);
    await unlink(join(dir, `${id}.json`)).catch(() => undefined);
  }

  async function finish(upload: Upload): Promise<{ status_code: number; headers: Record<string, string>; body: string }> {
    const meta = upload.metadata ?? {};
    const path = join(dir, upload.id);
    try {
      const ext = videoType(await fileHead(path, 64));
      if (!ext) throw fieldError('file', VIDEO_TYPE_MESSAGE, 'INVALID_FILE_TYPE');
      const schoolId = Number(meta.school_id);
      const uploaderId = Number(meta.uploader_id);
      // The lesson (or its course) may have gone while the video came.
      const { course, lesson } = await findLesson(ctx.db, schoolId, Number(meta.lesson_id), { role: 'Admin', userId: uploaderId });
      const bytes = upload.size ?? upload.offset;
      const name = cleanFileName(meta.filename ?? '', ext, 'filename');
      // The upload's reservation gives way to the file in the same transaction.
      const file = await storeFile(ctx, { schoolId, courseId: course.id, lessonId: lesson.id, uploaderId, kind: 'video', ext, name, bytes, uploadId: upload.id }, path);
      await dropStaged(upload.id);
      return { status_code: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(fileBody(ctx, file)) };
    } catch (error) {
      // A refusal is final: the upload is dropped. Anything else (the storage unreachable) keeps
      // it, with its room, and an empty PATCH at its end finishes it again.
      if (error instanceof AppError) {
        await dropStaged(upload.id);
        await releaseReservation(ctx.db, upload.id);
      }
      throw error;
    }
  }

  /**
   * Hands the request over to tus: Fastify answers nothing more for it. tus gets a web Request
   * whose body is the Node request's stream (read by tus only), and its answer, a few bytes of
   * headers and text, is written here, after `settle` has brought the upload's reservation in
   * line with it (a client that has its answer finds the room as the answer says). A body tus
   * stopped reading (a full disk, bytes past the length) is read to its end and thrown away,
   * with the connection kept: a client still sending would otherwise never read the answer, and
   * a connection closed under unread bytes is reset, answer and all.
   */
  async function handOver(request: FastifyRequest, reply: FastifyReply, settle?: (status: number) => Promise<void>): Promise<void> {
    reply.hijack();
    let answer: { status: number; headers: Record<string, string>; body: Buffer | undefined };
    const { raw } = request;
    // The bytes go through a stream of ours, which can be let go of while the request goes on.
    const bytes = raw.method === 'POST' || raw.method === 'PATCH' ? new PassThrough() : null;
    if (bytes) {
      raw.pipe(bytes);
      raw.once('error', (error) => bytes.destroy(error));
    }
    try {
      const headers = new Headers();
      for (let i = 0; i + 1 < raw.rawHeaders.length; i += 2) headers.append(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
      const webRequest = new Request(new URL(raw.url ?? '/', 'http://localhost'), {
        method: raw.method ?? 'GET',
        headers,
        ...(bytes ? { body: Readable.toWeb(bytes) as ReadableStream, duplex: 'half' } : {}),
      });
      // tus aborts its work when the Node request fails (a dropped connection); it looks here.
      Object.assign(webRequest, { runtime: { node: { req: raw, res: reply.raw } } });
      const response = await tus().handleWeb(webRequest);
      answer = { status: response.status, headers: Object.fromEntries(response.headers), body: response.body ? Buffer.from(await response.arrayBuffer()) : undefined };
    } catch (error) {
      app.log.error({ err: error }, 'video upload failed');
      const failure = isOutOfSpace(error) ? errorJson(insufficientStorage()) : JSON.stringify(INTERNAL_ERROR_BODY);
      answer = { status: isOutOfSpace(error) ? 507 : 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(failure) };
    }
    try {
      await settle?.(answer.status);
    } catch (error) {
      // The answer stands; an upload whose room was not given back expires with it.
      app.log.error({ err: error }, 'video upload: reservation not settled');
    }
    if (bytes && !raw.complete && !raw.destroyed) {
      raw.unpipe(bytes);
      bytes.destroy();
      raw.resume();
      delete answer.headers.connection;
    }
    reply.raw.writeHead(answer.status, answer.headers);
    reply.raw.end(answer.body);
  }

  function header(request: FastifyRequest, name: string): string | undefined {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  }

  async function create(request: FastifyRequest<{ Params: { school: string } }>, reply: FastifyReply): Promise<void> {
    const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
    const userId = request.auth!.userId;
    await takeUploadRate(ctx, 'video-upload', school.id, userId);
    if (header(request, 'upload-concat') !== undefined) throw badRequest('Склейка загрузок не поддерживается.');
    const length = header(request, 'upload-length');
    if (length === undefined || !/^[0-9]{1,15}$/.test(length)) throw badRequest('Укажите размер видео в заголовке Upload-Length.', undefined, 'UPLOAD_LENGTH_REQUIRED');
    const bytes = Number(length);
    if (bytes === 0) throw fieldError('file', 'Файл пуст.');
    if (bytes > ctx.config.videoMaxBytes) {
      throw new AppError(413, 'FILE_TOO_LARGE', `Видео больше ${sizeText(ctx.config.videoMaxBytes)}.`, { file: [`Видео больше ${sizeText(ctx.config.videoMaxBytes)}.`] });
    }
    let meta: Record<string, string | null>;
    try {
      meta = Metadata.parse(header(request, 'upload-metadata') ?? '');
    } catch {
      throw badRequest('Укажите в Upload-Metadata урок (lesson_id), имя файла (filename) и его тип (filetype).', undefined, 'INVALID_METADATA');
    }
    const lessonText = meta.lesson_id ?? undefined;
    if (lessonText === undefined) throw fieldError('lesson_id', 'Обязательное поле.');
    if (!INT.test(lessonText) || Number(lessonText) > 2147483647) throw fieldError('lesson_id', 'Неверный тип значения.');
    const filename = meta.filename ?? '';
    const filetype = meta.filetype ?? '';
    for (const [name, value] of [['filename', filename], ['filetype', filetype]] as const) {
      if (!TEXT.test(value)) throw fieldError(name, 'Поле содержит недопустимые символы.');
      if (value.length > 1000) throw fieldError(name, 'Не длиннее 1000 символов.');
    }
    // The client's type only warns early; the content decides on finish.
    if (filetype && !filetype.startsWith('video/')) throw fieldError('filetype', VIDEO_TYPE_MESSAGE, 'INVALID_FILE_TYPE');
    const { course, lesson } = await findLesson(ctx.db, school.id, Number(lessonText), { role: 'Admin', userId });
    const id = randomBytes(16).toString('hex');
    await reserveUpload(ctx, { id, schoolId: school.id, uploaderId: userId, bytes });
    // The upload remembers what the server checked, not what the client said (onUploadCreate).
    checkedCreations.set(request.raw, {
      id,
      metadata: { school_id: String(school.id), course_id: String(course.id), lesson_id: String(lesson.id), uploader_id: String(userId), filename, filetype },
    });
    await handOver(request, reply, async (status) => {
      // Not created (a full disk, a refusal of tus): nothing may hold the room. 200 is an upload
      // finished by its creation request (creation-with-upload), which released it itself.
      if (status === 201 || status === 200) return;
      await dropStaged(id);
      await releaseReservation(ctx.db, id);
    });
  }

  async function resume(request: FastifyRequest<{ Params: { school: string; id: string } }>, reply: FastifyReply): Promise<void> {
    const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
    const { id } = request.params;
    const upload = await tus()
      .datastore.getUpload(id)
      .catch(() => null);
    // Another school's or another admin's upload is "not found", whatever its id.
    if (!upload || upload.metadata?.school_id !== String(school.id) || upload.metadata.uploader_id !== String(request.auth!.userId)) throw uploadNotFound();
    // Expired (by the app's clock, before the hourly job came) or never reserved: it goes now.
    if (!(await liveReservation(ctx, id))) {
      await dropStaged(id);
      await releaseReservation(ctx.db, id);
      throw uploadNotFound();
    }
    // Cancelled: its room is free again.
    const cancelled = request.raw.method === 'DELETE' ? async (status: number) => (status < 500 ? releaseReservation(ctx.db, id) : undefined) : undefined;
    await handOver(request, reply, cancelled);
  }

  // Hourly (the job runner's cron, UTC), in one process at a time: expired reservations with
  // their staged bytes, then whatever tus itself holds past its expiry.
  ctx.jobRunner.schedule('video-uploads-expired', '37 * * * *', async () => {
    for (const id of await dropExpiredReservations(ctx)) await dropStaged(id);
    if (server || existsSync(dir)) await tus().cleanUpExpiredUploads();
  });

  // tus bodies are streams of video bytes that tus reads itself: in this scope Fastify parses no
  // body at all. These routes are left out of the OpenAPI document (hide): tus is described by its
  // own protocol (headers, not bodies), which OpenAPI cannot state.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.post('/video/:school/uploads/', { schema: { hide: true, params: Type.Object({ school: SchoolName }) } }, create);
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: '/video/:school/uploads/:id',
      schema: { hide: true, params: Type.Object({ school: SchoolName, id: Type.String({ pattern: UPLOAD_ID }) }) },
      handler: resume,
    });
  });
}
