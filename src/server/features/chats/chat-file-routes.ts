import { join } from 'node:path';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { AppError, fieldError } from '../../shared/errors.ts';
import { errors, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { cleanFileName } from '../../shared/uploads/file-names.ts';
import { sniffFile, type Media } from '../../shared/uploads/file-types.ts';
import { readIncomingFiles } from '../../shared/uploads/incoming-files.ts';
import { assertStorageRoom, fileUrl, storeFile } from '../courses/index.ts';
import { chatAccess } from './chat-data.ts';
import { takeUploadRate } from './chat-limits.ts';
import { chatUploads } from './tables.ts';

/** The largest file sent in a chat. */
export const CHAT_FILE_MAX_BYTES = 50 * 1024 * 1024;
const TYPE_MESSAGE = 'Приложите изображение (PNG, JPEG, WebP, GIF), аудио (MP3, OGG, WAV, M4A) или документ (PDF, DOCX, XLSX, PPTX, TXT, ZIP).';
const MEDIA: readonly Media[] = ['picture', 'audio', 'text'];

/**
 * A file for a chat message (issue 15): any member who may write in the chat uploads it here, then
 * sends its id in the message's file_ids. The type is sniffed from the content; the file is one of
 * the school's (its storage and quota), of no course. One no message takes is deleted a day later
 * (prune-chat-uploads.ts).
 */
export async function chatFileRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const tmpDir = join(ctx.config.dataDir, 'uploads', 'tmp');

  app.post(
    '/:school/chats/:id/files/',
    {
      config: { files: true },
      schema: {
        tags: ['chats'],
        summary: 'Загрузить файл для сообщения чата (multipart, поле file; до 50 МБ; участник, который может писать в чат); затем его id — в file_ids сообщения',
        params: Type.Object({ school: SchoolName, id: Type.String({ format: 'uuid' }) }),
        body: { content: { 'multipart/form-data': { schema: { description: 'file' } } } },
        response: {
          201: Type.Object({ id: Type.Integer(), name: Type.String(), size: Type.Integer(), url: Type.String() }),
          ...errors(400, 401, 403, 404, 413, 415, 429, 451),
        },
      },
    },
    async (request, reply) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const viewer = { userId: request.auth!.userId, schoolId: school.id, role };
      const userId = viewer.userId;
      await chatAccess(ctx.db, viewer, request.params.id, 'write');
      await takeUploadRate(ctx, viewer);
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Отправьте файл формой multipart/form-data.');
      const form = await readIncomingFiles(request, { dir: tmpDir, fields: [], fileFields: ['file'], maxFiles: 1, maxBytes: CHAT_FILE_MAX_BYTES, limitFor: () => CHAT_FILE_MAX_BYTES });
      try {
        const [file] = form.files;
        if (!file) throw fieldError('file', 'Обязательное поле.');
        if (file.bytes === 0) throw fieldError('file', 'Файл пуст.');
        let found: { media: Media; ext: NonNullable<Awaited<ReturnType<typeof sniffFile>>> } | null = null;
        for (const media of MEDIA) {
          const ext = await sniffFile(media, file.head, file.path, file.bytes);
          if (ext) {
            found = { media, ext };
            break;
          }
        }
        if (!found) throw fieldError('file', TYPE_MESSAGE, 'INVALID_FILE_TYPE');
        await assertStorageRoom(ctx.db, school, file.bytes);
        const stored = await storeFile(
          ctx,
          { schoolId: school.id, courseId: null, lessonId: null, uploaderId: userId, kind: found.media, ext: found.ext, name: cleanFileName(file.filename, found.ext, 'file'), bytes: file.bytes },
          file.path,
          // Marked as a chat upload, for retention to delete a day later unless a message took it.
          async (tx, row) => {
            await tx.insert(chatUploads).values({ fileId: row.id, createdAt: row.createdAt });
          },
        );
        return reply.code(201).send({ id: stored.id, name: stored.name, size: stored.bytes, url: fileUrl(ctx, stored) });
      } finally {
        await form.cleanup();
      }
    },
  );
}
