import { and, asc, count, desc, eq } from 'drizzle-orm';
import { join } from 'node:path';
import { Type, type Static, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { isUniqueViolation } from '../../shared/db/errors.ts';
import { AppError, conflict, fieldError, notFound } from '../../shared/errors.ts';
import { pageEnvelope } from '../../shared/http/pagination.ts';
import { errors, Id, Page, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { cleanFileName } from '../../shared/uploads/file-names.ts';
import { sniffFile } from '../../shared/uploads/file-types.ts';
import { readIncomingFiles, tooLarge } from '../../shared/uploads/incoming-files.ts';
import { assertStorageRoom, courseFiles, fileBody, FileBody, releaseFile, storeFile, VIDEO_TYPE_MESSAGE } from '../courses/index.ts';
import { autowebinars, type ChatScriptLine } from './tables.ts';
import { webinarState } from './webinar-schedule.ts';

/**
 * The school's autowebinars for its admins (spec §7 Autowebinars: CRUD {school}/autowebinars/):
 * the list (an array for a webinar lesson's choice, or pages with `p`), one autowebinar, create,
 * edit, delete, its scripted chat replaced whole (PUT chat_script/), and its video uploaded as a
 * multipart form into the school's storage (a course file of kind video, no course).
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The most autowebinars the unpaged list answers (the choice in a webinar lesson's editor). */
export const AUTOWEBINAR_LIST_LIMIT = 200;
/** The most lines a scripted chat holds. */
export const CHAT_SCRIPT_MAX_LINES = 500;
/** The latest offset of a scripted line: a day. */
const MAX_OFFSET_SECONDS = 24 * 60 * 60;

export const SLUG_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$';
const SLUG = new RegExp(SLUG_PATTERN);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const SLUG_TAKEN = 'Этот адрес уже занят другим вебинаром.';

const webinarNotFound = () => notFound('Вебинар не найден.', 'WEBINAR_NOT_FOUND');

const ListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  starts_at: Type.String(),
  is_active: Type.Boolean(),
  repeat_minutes: Nullable(Type.Integer()),
  duration_minutes: Type.Integer(),
  status: Type.Union([Type.Literal('countdown'), Type.Literal('live'), Type.Literal('ended')]),
  next_start: Nullable(Type.String({ description: 'Начало ближайшего показа (идущего сейчас — его начало); null — показы окончены' })),
  has_video: Type.Boolean(),
});

const ScriptLine = Type.Object({
  offset_seconds: Type.Integer({ minimum: 0, maximum: MAX_OFFSET_SECONDS, description: 'Секунды от начала показа' }),
  username: Text({ minLength: 1, maxLength: 100 }),
  message: Text({ minLength: 1, maxLength: 2000 }),
  role: Type.Optional(Type.Union([Type.Literal('moderator'), Type.Literal('participant')], { default: 'participant' })),
});
const ScriptLineOut = Type.Object({ offset_seconds: Type.Integer(), username: Type.String(), message: Type.String(), role: Type.String() });

const fields = {
  title: Text({ minLength: 1, maxLength: 200 }),
  slug: Type.String({ minLength: 1, maxLength: 100, pattern: SLUG_PATTERN, description: 'Адрес страницы /webinar/{slug}: латинские буквы, цифры и дефисы' }),
  description: Text({ maxLength: 5000 }),
  video_type: Type.Union([Type.Literal('upload'), Type.Literal('youtube')]),
  video_file_id: Nullable(Id),
  youtube_video_id: Nullable(Type.String({ maxLength: 11, pattern: '^[A-Za-z0-9_-]{11}$' })),
  starts_at: Type.String({ format: 'date-time', maxLength: 40 }),
  repeat_minutes: Nullable(Type.Integer({ minimum: 1, maximum: 525_600 })),
  duration_minutes: Type.Integer({ minimum: 1, maximum: 1440 }),
  has_chat: Type.Boolean(),
  chat_enabled: Type.Boolean(),
  is_active: Type.Boolean(),
};
const Create = Type.Object(
  {
    title: fields.title,
    slug: fields.slug,
    description: Type.Optional(fields.description),
    video_type: Type.Optional(fields.video_type),
    video_file_id: Type.Optional(fields.video_file_id),
    youtube_video_id: Type.Optional(fields.youtube_video_id),
    starts_at: fields.starts_at,
    repeat_minutes: Type.Optional(fields.repeat_minutes),
    duration_minutes: fields.duration_minutes,
    has_chat: Type.Optional(fields.has_chat),
    chat_enabled: Type.Optional(fields.chat_enabled),
    is_active: Type.Optional(fields.is_active),
  },
  { additionalProperties: false },
);
const Update = Type.Partial(Type.Object(fields), { additionalProperties: false, minProperties: 1 });
type UpdateBody = Partial<Static<typeof Create>>;

const Params = Type.Object({ school: SchoolName, id: Id });

/** Made on use: the courses feature (FileBody) may still be loading when this module is (the features import each other). */
const detailSchema = () =>
  Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  video_type: Type.Union([Type.Literal('upload'), Type.Literal('youtube')]),
  youtube_video_id: Nullable(Type.String()),
  video_url: Nullable(Type.String({ description: 'Внешняя ссылка на видео (если видео не загружено)' })),
  video_file: Nullable(FileBody),
  starts_at: Type.String(),
  repeat_minutes: Nullable(Type.Integer()),
  duration_minutes: Type.Integer(),
  has_chat: Type.Boolean(),
  chat_enabled: Type.Boolean(),
  is_active: Type.Boolean(),
  status: Type.Union([Type.Literal('countdown'), Type.Literal('live'), Type.Literal('ended')]),
  next_start: Nullable(Type.String()),
  chat_script: Type.Array(ScriptLineOut),
  created_at: Type.String(),
});


type Webinar = typeof autowebinars.$inferSelect;

function schedule(webinar: Pick<Webinar, 'startsAt' | 'repeatMinutes' | 'durationMinutes'>, now: Date) {
  const state = webinarState(webinar, now);
  return { status: state.status, next_start: state.status === 'ended' ? null : state.showStart.toISOString() };
}

function listItem(webinar: Pick<Webinar, 'id' | 'title' | 'slug' | 'startsAt' | 'isActive' | 'repeatMinutes' | 'durationMinutes' | 'videoFileId' | 'videoUrl' | 'youtubeVideoId' | 'videoType'>, now: Date): Static<typeof ListItem> {
  return {
    id: webinar.id,
    title: webinar.title,
    slug: webinar.slug,
    starts_at: webinar.startsAt.toISOString(),
    is_active: webinar.isActive,
    repeat_minutes: webinar.repeatMinutes,
    duration_minutes: webinar.durationMinutes,
    ...schedule(webinar, now),
    has_video: webinar.videoType === 'youtube' ? webinar.youtubeVideoId !== null : webinar.videoFileId !== null || webinar.videoUrl !== null,
  };
}

const listColumns = {
  id: autowebinars.id,
  title: autowebinars.title,
  slug: autowebinars.slug,
  startsAt: autowebinars.startsAt,
  isActive: autowebinars.isActive,
  repeatMinutes: autowebinars.repeatMinutes,
  durationMinutes: autowebinars.durationMinutes,
  videoFileId: autowebinars.videoFileId,
  videoUrl: autowebinars.videoUrl,
  youtubeVideoId: autowebinars.youtubeVideoId,
  videoType: autowebinars.videoType,
};

/** The stored script as the admin edits it: seconds from the start, in order. */
export function scriptLines(script: readonly ChatScriptLine[]): Static<typeof ScriptLineOut>[] {
  return [...script]
    .sort((a, b) => a.timeshift_ms - b.timeshift_ms)
    .map((line) => ({ offset_seconds: Math.floor(line.timeshift_ms / 1000), username: line.username, message: line.message, role: line.role }));
}

export async function autowebinarAdminRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const tmpDir = join(ctx.config.dataDir, 'uploads', 'tmp');
  const Detail = detailSchema();

  async function findWebinar(db: Db, schoolId: number, id: number, lock = false): Promise<Webinar> {
    const query = db
      .select()
      .from(autowebinars)
      .where(and(eq(autowebinars.id, id), eq(autowebinars.schoolId, schoolId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw webinarNotFound();
    return row;
  }

  async function detail(webinar: Webinar): Promise<Static<ReturnType<typeof detailSchema>>> {
    const [file] = webinar.videoFileId === null ? [] : await ctx.db.select().from(courseFiles).where(eq(courseFiles.id, webinar.videoFileId));
    return {
      id: webinar.id,
      title: webinar.title,
      slug: webinar.slug,
      description: webinar.description,
      video_type: webinar.videoType as 'upload' | 'youtube',
      youtube_video_id: webinar.youtubeVideoId,
      video_url: webinar.videoUrl,
      video_file: file ? fileBody(ctx, file) : null,
      starts_at: webinar.startsAt.toISOString(),
      repeat_minutes: webinar.repeatMinutes,
      duration_minutes: webinar.durationMinutes,
      has_chat: webinar.hasChat,
      chat_enabled: webinar.chatEnabled,
      is_active: webinar.isActive,
      ...schedule(webinar, ctx.now()),
      chat_script: scriptLines(webinar.chatScript),
      created_at: webinar.createdAt.toISOString(),
    };
  }

  /** A video file of the school (uploaded through video/ below), or a field error. */
  async function assertVideoFile(db: Db, schoolId: number, fileId: number): Promise<void> {
    const [file] = await db
      .select({ id: courseFiles.id })
      .from(courseFiles)
      .where(and(eq(courseFiles.id, fileId), eq(courseFiles.schoolId, schoolId), eq(courseFiles.kind, 'video')));
    if (!file) throw fieldError('video_file_id', 'Видео не найдено в этой школе.', 'FILE_NOT_FOUND');
  }

  /** The columns a body sets (checked against the school), the stored row's other values kept. */
  async function columnsOf(db: Db, schoolId: number, body: UpdateBody, current: Webinar | null): Promise<Partial<typeof autowebinars.$inferInsert>> {
    const values: Partial<typeof autowebinars.$inferInsert> = {};
    if (body.title !== undefined) {
      if (body.title.trim() === '') throw fieldError('title', 'Введите название вебинара.');
      values.title = body.title.trim();
    }
    if (body.slug !== undefined) {
      if (!SLUG.test(body.slug)) throw fieldError('slug', 'Адрес: латинские буквы, цифры и дефисы.');
      values.slug = body.slug;
    }
    if (body.description !== undefined) values.description = body.description.trim();
    if (body.video_type !== undefined) values.videoType = body.video_type;
    if (body.video_file_id !== undefined) {
      if (body.video_file_id !== null) await assertVideoFile(db, schoolId, body.video_file_id);
      values.videoFileId = body.video_file_id;
      // An uploaded video replaces an outside link.
      if (body.video_file_id !== null) values.videoUrl = null;
    }
    if (body.youtube_video_id !== undefined) {
      if (body.youtube_video_id !== null && !YOUTUBE_ID.test(body.youtube_video_id)) throw fieldError('youtube_video_id', 'Неверный идентификатор видео YouTube.');
      values.youtubeVideoId = body.youtube_video_id;
    }
    if (body.starts_at !== undefined) {
      const startsAt = new Date(body.starts_at);
      if (Number.isNaN(startsAt.getTime())) throw fieldError('starts_at', 'Неверная дата и время.');
      values.startsAt = startsAt;
    }
    if (body.repeat_minutes !== undefined) values.repeatMinutes = body.repeat_minutes;
    if (body.duration_minutes !== undefined) values.durationMinutes = body.duration_minutes;
    if (body.has_chat !== undefined) values.hasChat = body.has_chat;
    if (body.chat_enabled !== undefined) values.chatEnabled = body.chat_enabled;
    if (body.is_active !== undefined) values.isActive = body.is_active;
    // The video the webinar would play must be there.
    const type = values.videoType ?? current?.videoType ?? 'upload';
    if (type === 'youtube') {
      if ((values.youtubeVideoId !== undefined ? values.youtubeVideoId : current?.youtubeVideoId ?? null) === null) throw fieldError('youtube_video_id', 'Укажите видео YouTube.');
    } else {
      const file = values.videoFileId !== undefined ? values.videoFileId : current?.videoFileId ?? null;
      const url = values.videoUrl !== undefined ? values.videoUrl : current?.videoUrl ?? null;
      if (file === null && url === null) throw fieldError('video_file_id', 'Загрузите видео вебинара.');
    }
    return values;
  }

  const slugConflict = (error: unknown) => (isUniqueViolation(error, 'autowebinars_slug_unique') ? conflict(SLUG_TAKEN, 'SLUG_TAKEN', { slug: [SLUG_TAKEN] }) : error);

  app.get(
    '/:school/autowebinars/',
    {
      schema: {
        tags: ['webinars'],
        summary: `Автовебинары школы (администратор): без p — массив по порядку создания, не больше ${AUTOWEBINAR_LIST_LIMIT}; с p — страница, новые первыми`,
        params: Type.Object({ school: SchoolName }),
        // No defaults: without p the list is the unpaged array.
        querystring: Type.Object({ p: Type.Optional(Type.Integer({ minimum: 1 })), s: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
        response: { 200: Type.Union([Type.Array(ListItem), Page(ListItem)]), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const now = ctx.now();
      const { p, s } = request.query;
      if (p === undefined) {
        const rows = await ctx.db.select(listColumns).from(autowebinars).where(eq(autowebinars.schoolId, school.id)).orderBy(asc(autowebinars.id)).limit(AUTOWEBINAR_LIST_LIMIT);
        return rows.map((row) => listItem(row, now));
      }
      const size = s ?? 20;
      const [total] = await ctx.db.select({ n: count() }).from(autowebinars).where(eq(autowebinars.schoolId, school.id));
      const n = total?.n ?? 0;
      const rows =
        (p - 1) * size >= n
          ? []
          : await ctx.db
              .select(listColumns)
              .from(autowebinars)
              .where(eq(autowebinars.schoolId, school.id))
              .orderBy(desc(autowebinars.id))
              .limit(size)
              .offset((p - 1) * size);
      return pageEnvelope(
        request,
        rows.map((row) => listItem(row, now)),
        n,
        p,
        size,
      );
    },
  );

  app.post(
    '/:school/autowebinars/',
    {
      schema: {
        tags: ['webinars'],
        summary: 'Создать автовебинар (администратор): название, адрес, описание, видео, расписание, чат',
        params: Type.Object({ school: SchoolName }),
        body: Create,
        response: { 201: Detail, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const body = request.body;
      const values = await columnsOf(ctx.db, school.id, body, null);
      try {
        const [row] = await ctx.db
          .insert(autowebinars)
          .values({
            ...values,
            schoolId: school.id,
            title: values.title!,
            slug: values.slug!,
            startsAt: values.startsAt!,
            durationMinutes: values.durationMinutes!,
            videoType: values.videoType ?? 'upload',
            hasChat: values.hasChat ?? true,
            chatEnabled: values.chatEnabled ?? true,
            createdAt: ctx.now(),
          })
          .returning();
        return reply.code(201).send(await detail(row!));
      } catch (error) {
        throw slugConflict(error);
      }
    },
  );

  app.get(
    '/:school/autowebinars/:id/',
    {
      schema: { tags: ['webinars'], summary: 'Автовебинар со сценарием чата (администратор)', params: Params, response: { 200: Detail, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return detail(await findWebinar(ctx.db, school.id, request.params.id));
    },
  );

  app.patch(
    '/:school/autowebinars/:id/',
    {
      schema: { tags: ['webinars'], summary: 'Изменить автовебинар (администратор)', params: Params, body: Update, response: { 200: Detail, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      let previousFile: number | null = null;
      let updated: Webinar;
      try {
        updated = await ctx.db.transaction(async (tx) => {
          const current = await findWebinar(tx, school.id, request.params.id, true);
          const values = await columnsOf(tx, school.id, request.body as UpdateBody, current);
          if (values.videoFileId !== undefined && values.videoFileId !== current.videoFileId) previousFile = current.videoFileId;
          const [row] = await tx.update(autowebinars).set(values).where(eq(autowebinars.id, current.id)).returning();
          return row!;
        });
      } catch (error) {
        throw slugConflict(error);
      }
      // The replaced video goes with its object, unless something else shows it.
      await releaseFile(ctx, previousFile);
      return detail(updated);
    },
  );

  app.delete(
    '/:school/autowebinars/:id/',
    {
      schema: { tags: ['webinars'], summary: 'Удалить автовебинар и его загруженное видео (администратор)', params: Params, response: { 204: Type.Null(), ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const [row] = await ctx.db
        .delete(autowebinars)
        .where(and(eq(autowebinars.id, request.params.id), eq(autowebinars.schoolId, school.id)))
        .returning({ videoFileId: autowebinars.videoFileId });
      if (!row) throw webinarNotFound();
      await releaseFile(ctx, row.videoFileId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/:school/autowebinars/:id/chat_script/',
    {
      schema: {
        tags: ['webinars'],
        summary: `Заменить сценарий чата целиком: сообщения со сдвигом от начала показа, до ${CHAT_SCRIPT_MAX_LINES} (администратор)`,
        params: Params,
        body: Type.Array(ScriptLine, { maxItems: CHAT_SCRIPT_MAX_LINES }),
        response: { 200: Type.Array(ScriptLineOut), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const script: ChatScriptLine[] = request.body.map((line, index) => {
        const username = line.username.trim();
        const message = line.message.trim();
        if (!username) throw fieldError(`${index}.username`, 'Введите имя автора.');
        if (!message) throw fieldError(`${index}.message`, 'Введите текст сообщения.');
        return { username, message, role: line.role ?? 'participant', timeshift_ms: line.offset_seconds * 1000 };
      });
      // Stable: lines at the same second keep the order they were given in.
      script.sort((a, b) => a.timeshift_ms - b.timeshift_ms);
      const [row] = await ctx.db
        .update(autowebinars)
        .set({ chatScript: script })
        .where(and(eq(autowebinars.id, request.params.id), eq(autowebinars.schoolId, school.id)))
        .returning({ chatScript: autowebinars.chatScript });
      if (!row) throw webinarNotFound();
      return scriptLines(row.chatScript);
    },
  );

  app.post(
    '/:school/autowebinars/video/',
    {
      // Its multipart form carries the file, read by the handler itself.
      config: { files: true },
      bodyLimit: ctx.config.videoMaxBytes + 1024 * 1024,
      schema: {
        tags: ['webinars'],
        summary: 'Загрузить видео автовебинара (multipart, поле file: MP4, MOV, WebM или MKV; администратор)',
        params: Type.Object({ school: SchoolName }),
        body: { content: { 'multipart/form-data': { schema: { description: 'file' } } } },
        response: { 201: FileBody, ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Отправьте файл формой multipart/form-data.');
      const maxBytes = ctx.config.videoMaxBytes;
      const form = await readIncomingFiles(request, { dir: tmpDir, fields: [], fileFields: ['file'], maxFiles: 1, maxBytes, limitFor: () => maxBytes });
      try {
        const [file] = form.files;
        if (!file) throw fieldError('file', 'Обязательное поле.');
        if (file.bytes === 0) throw fieldError('file', 'Файл пуст.');
        if (file.bytes > maxBytes) throw tooLarge('file', maxBytes);
        const ext = await sniffFile('video', file.head, file.path, file.bytes);
        if (!ext) throw fieldError('file', VIDEO_TYPE_MESSAGE, 'INVALID_FILE_TYPE');
        await assertStorageRoom(ctx.db, school, file.bytes);
        const stored = await storeFile(
          ctx,
          { schoolId: school.id, courseId: null, lessonId: null, uploaderId: request.auth!.userId, kind: 'video', ext, name: cleanFileName(file.filename, ext, 'file'), bytes: file.bytes },
          file.path,
        );
        return reply.code(201).send(fileBody(ctx, stored));
      } finally {
        await form.cleanup();
      }
    },
  );
}
