import { and, asc, eq, isNull } from 'drizzle-orm';
import { join } from 'node:path';
import { Type } from 'typebox';
import type { App, FastifyRequest } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { AppError, conflict, fieldError, forbidden } from '../../shared/errors.ts';
import { errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole, type School } from '../../shared/security/school-access.ts';
import { checkFileLink } from '../../shared/security/signed-links.ts';
import { contentDisposition, cleanFileName } from '../../shared/uploads/file-names.ts';
import { sniffFile } from '../../shared/uploads/file-types.ts';
import { readIncomingFiles, tooLarge, type IncomingFile } from '../../shared/uploads/incoming-files.ts';
import { findCourse, findLesson } from './course-access.ts';
import { assertStorageRoom, blockShowsFile, deleteFiles, fileBody, FileBody, fileNotFound, FILE_KINDS, KIND_RULES, storeFile, type CourseFile, type FileKind } from './files.ts';
import { courseFiles } from './tables.ts';
import type { ThreadFiles, ThreadTarget, ThreadViewer } from './thread-files.ts';
import { takeUploadRate } from './upload-rates.ts';

/**
 * Course files (issue 11, uploads; reference §4.4 Files): pictures, audio and text files sent as
 * multipart forms (videos come by tus, video-uploads.ts), the original's audio_files/ and
 * text_files/, and the signed links files are read through. Admins of the school upload and
 * delete. The type is sniffed from the content, never taken from the client's name or type.
 * audio_files/ and text_files/ also attach files to a message of a homework thread (by that
 * message's author, student or staff); such a file belongs to no course and no lesson, and
 * homework, above courses, links it to its message (`threads`, handed in where the server is
 * wired). Uploads are limited per person and per school (upload-rates.ts), counted before the
 * body is read.
 */

type UploadKind = Exclude<FileKind, 'video'>;
const UPLOAD_KINDS = FILE_KINDS.filter((kind): kind is UploadKind => kind !== 'video');
const MAX_UPLOAD_BYTES = Math.max(...Object.values(KIND_RULES).map((rule) => rule.maxBytes));
const INT = /^[1-9][0-9]{0,9}$/;

/** Media shown in the page (inline); everything else is offered as a download. */
const INLINE = /^(image|audio|video)\//;

const multipartOnly = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Отправьте файл формой multipart/form-data.');

function intField(fields: Map<string, string>, name: string): number | undefined {
  const value = fields.get(name);
  if (value === undefined || value === '') return undefined;
  if (!INT.test(value) || Number(value) > 2147483647) throw fieldError(name, 'Неверный тип значения.');
  return Number(value);
}

/** A single byte range of `size` bytes asked for by a Range header; null: send it all. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header || size === 0) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: the whole file, as a server may answer.
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Number(match[2]);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

// Not validated by a schema (the handler reads and checks the parts), only described.
const MultipartForm = (description: string) => ({ content: { 'multipart/form-data': { schema: { description } } } });

const FileParams = Type.Object({ school: SchoolName, id: Id });

export async function fileRoutes(app: App, threads: ThreadFiles): Promise<void> {
  const { ctx } = app;
  const tmpDir = join(ctx.config.dataDir, 'uploads', 'tmp');

  /** Where a file goes: a lesson (and so its course), a course, or the school itself; each checked against the school. */
  async function placeOf(school: School, userId: number, courseId: number | undefined, lessonId: number | undefined) {
    if (lessonId !== undefined) {
      const { course } = await findLesson(ctx.db, school.id, lessonId, { role: 'Admin', userId });
      if (courseId !== undefined && courseId !== course.id) throw fieldError('lesson_id', 'Урок не из этого курса.');
      return { courseId: course.id, lessonId };
    }
    if (courseId !== undefined) return { courseId: (await findCourse(ctx.db, school.id, courseId, { role: 'Admin', userId })).id, lessonId: null };
    return { courseId: null, lessonId: null };
  }

  /**
   * Sniffs, checks and stores the received files of one kind; all or none: a refused file, or
   * the quota, leaves none of them stored.
   */
  async function storeAll(
    school: School,
    userId: number,
    kind: UploadKind,
    place: { courseId: number | null; lessonId: number | null },
    files: IncomingFile[],
    attach?: (tx: Db, stored: CourseFile) => Promise<void>,
  ): Promise<CourseFile[]> {
    const rule = KIND_RULES[kind];
    const checked = [];
    for (const file of files) {
      if (file.bytes === 0) throw fieldError(file.field, 'Файл пуст.');
      if (file.bytes > rule.maxBytes) throw tooLarge(file.field, rule.maxBytes);
      const ext = await sniffFile(rule.media, file.head, file.path, file.bytes);
      if (!ext) throw fieldError(file.field, rule.message, 'INVALID_FILE_TYPE');
      checked.push({ file, ext, name: cleanFileName(file.filename, ext, file.field) });
    }
    await assertStorageRoom(ctx.db, school, checked.reduce((total, item) => total + item.file.bytes, 0), ctx.now());
    const stored: CourseFile[] = [];
    try {
      for (const { file, ext, name } of checked) {
        stored.push(await storeFile(ctx, { schoolId: school.id, ...place, uploaderId: userId, kind, ext, name, bytes: file.bytes }, file.path, attach));
      }
    } catch (error) {
      await deleteFiles(ctx, stored);
      throw error;
    }
    return stored;
  }

  app.post(
    '/:school/files/',
    {
      // Its multipart form carries the file, read by the handler itself.
      config: { files: true },
      schema: {
        tags: ['courses'],
        summary: 'Загрузить файл школы или курса: изображение, аудио или документ (multipart, администратор)',
        description:
          'Поля: kind (picture, cover — PNG, JPEG, WebP, GIF до 10 МБ; audio — MP3, OGG, WAV, M4A до 50 МБ; text — PDF, DOCX, XLSX, PPTX, TXT, ZIP до 200 МБ), file, ' +
          'course_id и/или lesson_id (необязательно). Тип определяется по содержимому. Видео загружается по протоколу tus: /video/{school}/uploads/.',
        params: Type.Object({ school: SchoolName }),
        body: MultipartForm('kind, file, course_id?, lesson_id?'),
        response: { 201: FileBody, ...errors(400, 401, 403, 404, 413, 415, 429, 507) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      await takeUploadRate(ctx, 'course-file', school.id, request.auth!.userId);
      if (!request.isMultipart()) throw multipartOnly();
      const form = await readIncomingFiles(request, {
        dir: tmpDir,
        fields: ['kind', 'course_id', 'lesson_id'],
        fileFields: ['file'],
        maxFiles: 1,
        maxBytes: MAX_UPLOAD_BYTES,
        limitFor: (fields) => KIND_RULES[fields.get('kind') as UploadKind]?.maxBytes ?? MAX_UPLOAD_BYTES,
      });
      try {
        const kind = form.fields.get('kind');
        if (kind === undefined) throw fieldError('kind', 'Обязательное поле.');
        if (!(UPLOAD_KINDS as readonly string[]).includes(kind)) throw fieldError('kind', 'Недопустимое значение.');
        const place = await placeOf(school, request.auth!.userId, intField(form.fields, 'course_id'), intField(form.fields, 'lesson_id'));
        if (form.files.length === 0) throw fieldError('file', 'Обязательное поле.');
        const [file] = await storeAll(school, request.auth!.userId, kind as UploadKind, place, form.files);
        return reply.code(201).send(fileBody(ctx, file!));
      } finally {
        await form.cleanup();
      }
    },
  );

  app.get(
    '/:school/files/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Файлы курса (course_id), урока (lesson_id) или школы (без них) (администратор)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ course_id: Type.Optional(Id), lesson_id: Type.Optional(Id), kind: Type.Optional(Type.Enum([...FILE_KINDS])) }),
        response: { 200: Type.Array(FileBody), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { course_id: courseId, lesson_id: lessonId, kind } = request.query;
      const place = await placeOf(school, request.auth!.userId, courseId, lessonId);
      const rows = await ctx.db
        .select()
        .from(courseFiles)
        .where(
          and(
            eq(courseFiles.schoolId, school.id),
            place.lessonId !== null
              ? eq(courseFiles.lessonId, place.lessonId)
              : place.courseId !== null
                ? eq(courseFiles.courseId, place.courseId)
                : // The school's own files, not those attached to homework threads (no course either).
                  and(isNull(courseFiles.courseId), threads.isNotThreadFile(courseFiles.id)),
            kind ? eq(courseFiles.kind, kind) : undefined,
          ),
        )
        .orderBy(asc(courseFiles.id))
        .limit(1000);
      return rows.map((row) => fileBody(ctx, row));
    },
  );

  /** Deletes a file of the school: an admin any file, anyone else only a homework thread's file they uploaded (`threadFiles`). */
  async function removeFile(request: FastifyRequest, schoolName: string, id: number, kind?: FileKind, threadFiles = false): Promise<void> {
    const { school, role } = await requireSchoolRole(app, request, { name: schoolName }, threadFiles ? ['Admin', 'Teacher', 'Student'] : ['Admin']);
    const [file] = await ctx.db
      .select()
      .from(courseFiles)
      .where(and(eq(courseFiles.id, id), eq(courseFiles.schoolId, school.id), kind ? eq(courseFiles.kind, kind) : undefined));
    if (!file) throw fileNotFound();
    if (role !== 'Admin') await threads.assertMayRemove(ctx.db, school.id, { role, userId: request.auth!.userId }, file);
    // A course's cover may be deleted: the course's photo_file_id is cleared (set null).
    if (await blockShowsFile(ctx.db, file.id)) throw conflict('Файл используется в блоке урока: сначала уберите его из блока.', 'FILE_IN_USE');
    await deleteFiles(ctx, [file]);
  }

  app.delete(
    '/:school/files/:id/',
    {
      schema: { tags: ['courses'], summary: 'Удалить файл (администратор)', params: FileParams, response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => {
      await removeFile(request, request.params.school, request.params.id);
      return reply.code(204).send(null);
    },
  );

  /** Where audio_files/ and text_files/ put files: a lesson (base_lesson), or a homework thread's message. */
  function lessonOrThread(fields: Map<string, string>): { lessonId: number } | ThreadTarget {
    const lessonId = intField(fields, 'base_lesson');
    const userHomework = intField(fields, 'user_homework');
    const check = intField(fields, 'user_homework_check');
    const given = [lessonId, userHomework, check].filter((value) => value !== undefined).length;
    if (given === 0) throw fieldError('base_lesson', 'Обязательное поле.');
    if (given > 1) throw fieldError('base_lesson', 'Укажите что-то одно: урок (base_lesson), работу (user_homework) или запись переписки (user_homework_check).');
    if (lessonId !== undefined) return { lessonId };
    return userHomework !== undefined ? { userHomework } : { check: check! };
  }

  // The original's lesson files: multipart files[] with base_lesson, and DELETE by id; or, with
  // user_homework (its first message) or user_homework_check, files of a homework thread's message.
  for (const [path, kind, title] of [
    ['audio_files', 'audio', 'Аудиофайлы урока или переписки по домашней работе (MP3, OGG, WAV, M4A до 50 МБ)'],
    ['text_files', 'text', 'Файлы урока или переписки по домашней работе (PDF, DOCX, XLSX, PPTX, TXT, ZIP до 200 МБ)'],
  ] as const) {
    app.post(
      `/:school/${path}/`,
      {
        config: { files: true },
        schema: {
          tags: ['courses'],
          summary: `${title}: загрузить (multipart files[] и base_lesson — администратор; user_homework или user_homework_check — автор записи)`,
          params: Type.Object({ school: SchoolName }),
          body: MultipartForm('files[] (до 10 файлов) и одно из: base_lesson, user_homework (первая запись работы), user_homework_check'),
          response: { 201: Type.Array(FileBody), ...errors(400, 401, 403, 404, 409, 413, 415, 429, 507) },
        },
      },
      async (request, reply) => {
        const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
        const userId = request.auth!.userId;
        await takeUploadRate(ctx, 'course-file', school.id, userId);
        if (!request.isMultipart()) throw multipartOnly();
        const rule = KIND_RULES[kind];
        const form = await readIncomingFiles(request, {
          dir: tmpDir,
          fields: ['base_lesson', 'user_homework', 'user_homework_check'],
          fileFields: ['files[]', 'files', 'file'],
          maxFiles: 10,
          maxBytes: rule.maxBytes,
          limitFor: () => rule.maxBytes,
        });
        try {
          const target = lessonOrThread(form.fields);
          let place: { courseId: number | null; lessonId: number | null };
          let attach: ((tx: Db, stored: CourseFile) => Promise<void>) | undefined;
          if ('lessonId' in target) {
            if (role !== 'Admin') throw forbidden();
            place = await placeOf(school, userId, undefined, target.lessonId);
          } else {
            // Checked now for a quick answer, and again under the hand-in's lock as each file is stored.
            const viewer: ThreadViewer = { role, userId };
            await threads.assertMayAttach(ctx.db, school.id, viewer, target);
            place = { courseId: null, lessonId: null };
            attach = (tx, stored) => threads.attach(tx, school.id, viewer, target, stored.id);
          }
          if (form.files.length === 0) throw fieldError('files', 'Обязательное поле.');
          const stored = await storeAll(school, userId, kind, place, form.files, attach);
          return reply.code(201).send(stored.map((file) => fileBody(ctx, file)));
        } finally {
          await form.cleanup();
        }
      },
    );

    app.delete(
      `/:school/${path}/:id/`,
      {
        schema: { tags: ['courses'], summary: `${title}: удалить (администратор; файл переписки — и тот, кто его загрузил)`, params: FileParams, response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 409) } },
      },
      async (request, reply) => {
        await removeFile(request, request.params.school, request.params.id, kind, true);
        return reply.code(204).send(null);
      },
    );
  }

  app.get(
    '/files/:id/:name',
    {
      // The link is the proof (a signed, expiring token): <video> and <img> send no bearer token.
      config: { bearer: 'ignored' },
      // Ranges of media must go out as stored; media would not shrink anyway.
      compress: false,
      schema: {
        tags: ['courses'],
        summary: 'Файл по подписанной ссылке (поддерживает Range)',
        params: Type.Object({ id: Id, name: Text({ maxLength: 1000 }) }),
        querystring: Type.Object({ t: Text({ maxLength: 200, description: 'Подпись ссылки' }) }),
        response: { 200: Type.Unknown({ description: 'Содержимое файла' }), 206: Type.Unknown({ description: 'Часть файла' }), ...errors(400, 403, 404, 416) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const link = checkFileLink(ctx.config.secret, id, request.query.t, ctx.now());
      if (link.status !== 'ok') {
        throw link.status === 'expired' ? forbidden('Срок действия ссылки на файл истёк. Обновите страницу.', 'LINK_EXPIRED') : forbidden('Ссылка на файл недействительна.', 'LINK_INVALID');
      }
      const [file] = await ctx.db.select().from(courseFiles).where(eq(courseFiles.id, id));
      if (!file) throw fileNotFound();
      const range = byteRange(request.headers.range, file.bytes);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${file.bytes}`);
        throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'Запрошенная часть файла за его пределами.');
      }
      const body = await ctx.storage.read(file.storageKey, range ?? undefined);
      if (!body) throw fileNotFound();
      const maxAge = Math.max(0, link.expires - Math.ceil(ctx.now().getTime() / 1000));
      reply
        .type(file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(INLINE.test(file.mime) ? 'inline' : 'attachment', file.name))
        // A stored file is never a page: nothing in it may run, even opened directly.
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('accept-ranges', 'bytes');
      // An autowebinar's video plays in the <ch-webinar> widget on schools' own sites: the signed link
      // is the proof, so other sites' pages may load videos (helmet's default allows this site only).
      if (file.mime.startsWith('video/')) reply.header('cross-origin-resource-policy', 'cross-origin');
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.bytes}`).header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', file.bytes);
      }
      return reply.send(body);
    },
  );
}
