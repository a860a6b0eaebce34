import { join } from 'node:path';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { AppError, fieldError } from '../../shared/errors.ts';
import { errors, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { cleanFileName } from '../../shared/uploads/file-names.ts';
import { sniffFile } from '../../shared/uploads/file-types.ts';
import { readIncomingFiles, tooLarge } from '../../shared/uploads/incoming-files.ts';
import { assertStorageRoom, fileBody, FileBody, KIND_RULES, storeFile, takeUploadRate } from '../courses/index.ts';
import { homeworkUploads } from './tables.ts';

const TYPE_MESSAGE = 'Приложите документ (PDF, DOCX, XLSX, PPTX, TXT, ZIP) или аудио (MP3, OGG, WAV, M4A).';
/** What a homework file may be; each kind with its own size limit (KIND_RULES). */
const KINDS = ['audio', 'text'] as const;

/**
 * A file for a hand-in or an answer in its thread, uploaded before the message (pending-files.ts):
 * a document (up to 200 MB) or audio (up to 50 MB), its type sniffed from the content; the same
 * limits as text_files/ and audio_files/ (their per-person and per-school rate, the school's
 * storage). The file is the uploader's, of no course; the message names it in file_ids.
 */
export async function homeworkFileRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const tmpDir = join(ctx.config.dataDir, 'uploads', 'tmp');
  // Read here, not at load: courses imports this feature too.
  const maxBytes = Math.max(...KINDS.map((kind) => KIND_RULES[kind].maxBytes));

  app.post(
    '/:school/homework_files/',
    {
      config: { files: true },
      schema: {
        tags: ['homework'],
        summary: 'Загрузить файл для сдачи работы или ответа в переписке (multipart, поле file; документ до 200 МБ или аудио до 50 МБ); затем его id — в file_ids',
        description: 'Файл, не приложенный к работе или ответу, удаляется через сутки.',
        params: Type.Object({ school: SchoolName }),
        body: { content: { 'multipart/form-data': { schema: { description: 'file' } } } },
        response: { 201: FileBody, ...errors(400, 401, 403, 404, 413, 415, 429, 451, 507) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const userId = request.auth!.userId;
      await takeUploadRate(ctx, 'course-file', school.id, userId);
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Отправьте файл формой multipart/form-data.');
      const form = await readIncomingFiles(request, { dir: tmpDir, fields: [], fileFields: ['file'], maxFiles: 1, maxBytes, limitFor: () => maxBytes });
      try {
        const [file] = form.files;
        if (!file) throw fieldError('file', 'Обязательное поле.');
        if (file.bytes === 0) throw fieldError('file', 'Файл пуст.');
        let found: { kind: (typeof KINDS)[number]; ext: NonNullable<Awaited<ReturnType<typeof sniffFile>>> } | null = null;
        for (const kind of KINDS) {
          const ext = await sniffFile(KIND_RULES[kind].media, file.head, file.path, file.bytes);
          if (ext) {
            found = { kind, ext };
            break;
          }
        }
        if (!found) throw fieldError('file', TYPE_MESSAGE, 'INVALID_FILE_TYPE');
        if (file.bytes > KIND_RULES[found.kind].maxBytes) throw tooLarge('file', KIND_RULES[found.kind].maxBytes);
        await assertStorageRoom(ctx.db, school, file.bytes, ctx.now());
        const stored = await storeFile(
          ctx,
          { schoolId: school.id, courseId: null, lessonId: null, uploaderId: userId, kind: found.kind, ext: found.ext, name: cleanFileName(file.filename, found.ext, 'file'), bytes: file.bytes },
          file.path,
          // Pending until a hand-in or an answer takes it; retention deletes it a day later otherwise.
          async (tx, row) => {
            await tx.insert(homeworkUploads).values({ fileId: row.id, createdAt: row.createdAt });
          },
        );
        return reply.code(201).send(fileBody(ctx, stored));
      } finally {
        await form.cleanup();
      }
    },
  );
}
