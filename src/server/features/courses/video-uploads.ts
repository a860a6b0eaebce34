import { FileStore } from '@tus/file-store';
import { Metadata, Server, type Upload } from '@tus/server';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Type } from 'typebox';
import type { App, FastifyReply, FastifyRequest } from '../../context.ts';
import { AppError, badRequest, fieldError, notFound } from '../../shared/errors.ts';
import { SchoolName } from '../../shared/http/schemas.ts';
import { TEXT_PATTERN } from '../../shared/text-pattern.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { cleanFileName } from '../../shared/uploads/file-names.ts';
import { fileHead, videoType } from '../../shared/uploads/file-types.ts';
import { findLesson } from './course-access.ts';
import { assertStorageRoom, fileBody, storeFile, VIDEO_TYPE_MESSAGE } from './files.ts';

/**
 * Resumable video uploads (issue 11; spec §7: video uploads go to a /video/ base) with the tus
 * protocol (@tus/server): POST /video/{school}/uploads/ creates an upload (Upload-Length and the
 * metadata lesson_id, filename, filetype), PATCH sends its bytes from Upload-Offset, HEAD tells
 * where to resume, DELETE drops it. Every request is checked here before tus sees it: the bearer
 * token, an Admin of the school in the URL ("view as" sessions are read-only: only HEAD passes),
 * and, after creation, that the upload is this admin's in this school. The limits: the video size
 * (VIDEO_MAX_MB) and the school's storage, checked on creation and again on finish. On finish the
 * first bytes must be MP4/MOV or WebM/MKV; the video then moves into the storage and is listed in
 * course_files, and the answer (200, JSON) is the file with its signed link.
 *
 * Uploads in progress are kept on the local disk (DATA_DIR/uploads/tus) and expire after a day.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
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

export async function videoUploadRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const dir = join(ctx.config.dataDir, 'uploads', 'tus');
  let server: Server | null = null;
  /** A creation request's metadata as checked by create(), by its Node request. */
  const checkedMetadata = new WeakMap<IncomingMessage, Record<string, string>>();
  // Made on first use: its store creates the directory at once.
  const tus = () => (server ??= createServer());

  function createServer(): Server {
    const datastore = new FileStore({ directory: dir, expirationPeriodInMilliseconds: DAY_MS });
    return new Server({
      // Not used for addresses: generateUrl gives each school's own.
      path: '/video',
      datastore,
      maxSize: ctx.config.videoMaxBytes,
      // The platform's own pages upload; other origins get no CORS answer.
      allowedOrigins: [],
      generateUrl: (request, { id }) => `/video/${new URL(request.url).pathname.split('/')[2] ?? ''}/uploads/${id}`,
      onUploadCreate: async (request) => {
        const node = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
        const metadata = node ? checkedMetadata.get(node) : undefined;
        // Every creation comes through create(); one that did not is refused, never stored unchecked.
        if (!metadata) throw badRequest('Загрузка не проверена.');
        return { metadata };
      },
      onUploadFinish: async (_request, upload) => finish(upload),
      onResponseError: (_request, error) => {
        if (error instanceof AppError) return { status_code: error.status, body: errorJson(error) };
        if (error instanceof Error) app.log.error({ err: error }, 'video upload failed');
        return undefined;
      },
    });
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
      const file = await storeFile(ctx, { schoolId, courseId: course.id, lessonId: lesson.id, uploaderId, kind: 'video', ext, name: cleanFileName(meta.filename ?? '', ext, 'filename'), bytes }, path);
      await dropStaged(upload.id);
      return { status_code: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(fileBody(ctx, file)) };
    } catch (error) {
      // A refusal is final: the upload is dropped. Anything else (the storage unreachable) keeps
      // it, and an empty PATCH at its end finishes it again.
      if (error instanceof AppError) await dropStaged(upload.id);
      throw error;
    }
  }

  /**
   * Hands the request over to tus: Fastify answers nothing more for it. tus gets a web Request
   * whose body is the Node request's stream (read by tus only), and its answer, a few bytes of
   * headers and text, is written here.
   */
  async function handOver(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    reply.hijack();
    try {
      const { raw } = request;
      const headers = new Headers();
      for (let i = 0; i + 1 < raw.rawHeaders.length; i += 2) headers.append(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
      const hasBody = raw.method === 'POST' || raw.method === 'PATCH';
      const webRequest = new Request(new URL(raw.url ?? '/', 'http://localhost'), {
        method: raw.method ?? 'GET',
        headers,
        ...(hasBody ? { body: Readable.toWeb(raw) as ReadableStream, duplex: 'half' } : {}),
      });
      // tus aborts its work when the Node request fails (a dropped connection); it looks here.
      Object.assign(webRequest, { runtime: { node: { req: raw, res: reply.raw } } });
      const response = await tus().handleWeb(webRequest);
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
      reply.raw.writeHead(response.status, Object.fromEntries(response.headers));
      reply.raw.end(body);
    } catch (error) {
      app.log.error({ err: error }, 'video upload failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера.' }));
      else reply.raw.destroy();
    }
  }

  function header(request: FastifyRequest, name: string): string | undefined {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  }

  async function create(request: FastifyRequest<{ Params: { school: string } }>, reply: FastifyReply): Promise<void> {
    const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
    const userId = request.auth!.userId;
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
    await assertStorageRoom(ctx.db, school, bytes);
    // The upload remembers what the server checked, not what the client said (onUploadCreate).
    checkedMetadata.set(request.raw, {
      school_id: String(school.id),
      course_id: String(course.id),
      lesson_id: String(lesson.id),
      uploader_id: String(userId),
      filename,
      filetype,
    });
    await handOver(request, reply);
  }

  async function resume(request: FastifyRequest<{ Params: { school: string; id: string } }>, reply: FastifyReply): Promise<void> {
    const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
    const upload = await tus()
      .datastore.getUpload(request.params.id)
      .catch(() => null);
    // Another school's or another admin's upload is "not found", whatever its id.
    if (!upload || upload.metadata?.school_id !== String(school.id) || upload.metadata.uploader_id !== String(request.auth!.userId)) throw uploadNotFound();
    await handOver(request, reply);
  }

  // Hourly (the job runner's cron, UTC), in one process at a time.
  ctx.jobRunner.schedule('video-uploads-expired', '37 * * * *', async () => {
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
