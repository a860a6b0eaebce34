import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { Type, type Static, type TSchema } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { AppError, badRequest, fieldError, notFound } from '../../shared/errors.ts';
import { Detail, errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { publicRead } from '../../shared/http/public-routes.ts';
import { requireSchoolRole, type SchoolRole } from '../../shared/security/school-access.ts';
import { codeHighlightCss, codeLanguage, highlightCode, MAX_CODE_LENGTH } from './code-highlight.ts';
import { findLesson } from './course-access.ts';
import { fileUrl, releaseFile } from './files.ts';
import { MAX_FORMULA_LENGTH, renderFormula } from './formula.ts';
import { childIds, lockParents, nextOrder, placeAt, renumber, withPositions } from './ordering.ts';
import { sanitizeRichText } from './rich-text.ts';
import { courseFiles, courses, lessonBlocks, lessons, sections } from './tables.ts';

/**
 * A lesson's content blocks (issue 11, reference §1.4 and §4.4): text, video, picture, code,
 * formula, buttons and files, each block one kind of content, kept in the order 1..n per lesson.
 * Admins of the school write; whoever may read the lesson reads its blocks. Content is checked
 * and rendered here, on write: rich text sanitised, code highlighted, TeX turned into MathML.
 */

export const BLOCK_TYPES = ['description', 'video', 'picture', 'code', 'formula', 'buttons', 'files'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];
/** The original's content fields, and uploaded files for videos and pictures; exactly one may come with a request. */
const CONTENT_FIELDS = ['description', 'code', 'formula', 'url', 'picture', 'buttons', 'video_file', 'picture_file'] as const;
type ContentField = (typeof CONTENT_FIELDS)[number];
/**
 * The content fields of each type (files are attached to the lesson by the files routes). A video
 * or picture is a link (`url`, `picture`) or an uploaded file of the course (`video_file`,
 * `picture_file`: a course_files id), one or the other.
 */
const FIELDS_OF: Record<BlockType, readonly ContentField[]> = {
  description: ['description'],
  video: ['url', 'video_file'],
  picture: ['picture', 'picture_file'],
  code: ['code'],
  formula: ['formula'],
  buttons: ['buttons'],
  files: [],
};
/** The kinds of course_files each file field takes. */
const FILE_KINDS_OF = { video_file: ['video'], picture_file: ['picture', 'cover'] } as const;
type FileField = keyof typeof FILE_KINDS_OF;
/** A signed link to an uploaded file (files.ts fileUrl). */
export type FileLinks = (file: { id: number; name: string }) => string;

export const MAX_BUTTONS = 4;
export const DEFAULT_BUTTON_COLOR = '#BA75FF';
const MAX_DESCRIPTION_LENGTH = 100_000;
const VIDEO_HOSTS = ['youtube.com', 'youtu.be', 'youtube-nocookie.com', 'vimeo.com'];
const VIDEO_FILE = /\.(mp4|webm|ogg|ogv|mov|m4v|m3u8)$/i;

export const blockNotFound = () => notFound('Блок не найден.', 'BLOCK_NOT_FOUND');

const Nullable = <T extends TSchema>(schema: T, options: { description?: string } = {}) => Type.Union([schema, Type.Null()], options);

const Button = Type.Object({ name: Type.String(), link: Type.String(), color: Type.String() });

export const BlockBody = Type.Object({
  id: Type.Integer(),
  base_lesson: Type.Integer(),
  type: Type.String({ description: BLOCK_TYPES.join(', ') }),
  order: Type.Integer(),
  description: Nullable(Type.String({ description: 'HTML, очищенный сервером' })),
  code: Nullable(Type.String()),
  language: Nullable(Type.String()),
  code_html: Nullable(Type.String({ description: 'Подсвеченный код (HTML с классами hl-*)' })),
  formula: Nullable(Type.String({ description: 'TeX' })),
  formula_html: Nullable(Type.String({ description: 'MathML' })),
  url: Nullable(Type.String()),
  picture: Nullable(Type.String()),
  video_file: Nullable(Type.Integer({ description: 'Загруженное видео (id файла курса)' })),
  video_url: Nullable(Type.String({ description: 'Подписанная ссылка на загруженное видео (действует не меньше 4 часов)' })),
  picture_file: Nullable(Type.Integer({ description: 'Загруженное изображение (id файла курса)' })),
  picture_url: Nullable(Type.String({ description: 'Подписанная ссылка на загруженное изображение' })),
  buttons: Nullable(Type.Array(Button)),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type BlockBody = Static<typeof BlockBody>;

const ButtonInput = Type.Object({
  name: Text({ minLength: 1, maxLength: 200 }),
  link: Text({ minLength: 1, maxLength: 2000 }),
  color: Type.Optional(Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: '#RRGGBB, по умолчанию #BA75FF' })),
});

const ContentInput = {
  description: Type.Optional(Text({ maxLength: MAX_DESCRIPTION_LENGTH, description: 'HTML текста (type description)' })),
  code: Type.Optional(Text({ maxLength: MAX_CODE_LENGTH, description: 'Код (type code)' })),
  language: Type.Optional(Text({ maxLength: 200, description: 'Язык кода; незнакомый показывается как текст' })),
  formula: Type.Optional(Text({ maxLength: MAX_FORMULA_LENGTH, description: 'Формула TeX (type formula)' })),
  url: Type.Optional(Text({ maxLength: 2000, description: 'Ссылка на видео YouTube, Vimeo или файл видео (type video)' })),
  picture: Type.Optional(Text({ maxLength: 2000, description: 'Ссылка на изображение http(s) (type picture)' })),
  buttons: Type.Optional(Type.Array(ButtonInput, { description: `От 1 до ${MAX_BUTTONS} кнопок (type buttons)` })),
  video_file: Type.Optional(Nullable(Id, { description: 'Загруженное видео курса вместо ссылки url (type video); null убирает' })),
  picture_file: Type.Optional(Nullable(Id, { description: 'Загруженное изображение курса вместо ссылки picture (type picture); null убирает' })),
};

const Position = Type.Integer({ minimum: 1, maximum: 10_000 });
const TypeInput = Type.Enum([...BLOCK_TYPES, 'text'], { description: 'text — то же, что description' });

const CreateBlock = Type.Object({ base_lesson: Id, type: TypeInput, order: Type.Optional(Position), ...ContentInput });
const PatchBlock = Type.Object({
  /** Accepted when unchanged (clients send the block back whole); a block keeps its type and lesson. */
  base_lesson: Type.Optional(Id),
  type: Type.Optional(TypeInput),
  order: Type.Optional(Position),
  ...ContentInput,
});
type ContentValues = Pick<Static<typeof CreateBlock>, ContentField | 'language'>;

/** The uploaded file a block's content names, or null. */
const fileIdOf = (content: unknown) => fileOf((content ?? {}) as Content)?.id ?? null;

const BlockParams = Type.Object({ school: SchoolName, id: Id });
const BlockOrder = Type.Array(Type.Object({ block_id: Id, order: Position }), { minItems: 1, maxItems: 500 });

type BlockRow = typeof lessonBlocks.$inferSelect;
interface StoredButton {
  name: string;
  link: string;
  color: string;
}
/** What `content` holds, by type: only the fields of its type. */
interface Content {
  description?: string;
  code?: string;
  language?: string;
  code_html?: string;
  formula?: string;
  formula_html?: string;
  url?: string | null;
  picture?: string | null;
  buttons?: StoredButton[];
  /** An uploaded video or picture instead of url / picture, and its name (for its link). */
  file_id?: number | null;
  file_name?: string;
}

const asType = (type: string): BlockType => (type === 'text' ? 'description' : (type as BlockType));
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The block's uploaded file, if it has one. */
const fileOf = (content: Content) => (typeof content.file_id === 'number' ? { id: content.file_id, name: content.file_name ?? 'file' } : null);

/** The API's body of a block: its own type's fields, null for the others; uploaded files with signed links (when `links` is given). */
export function blockBody(row: BlockRow, links?: FileLinks): BlockBody {
  const content = (row.content ?? {}) as Content;
  const type = row.type as BlockType;
  const own = <T>(field: ContentField, value: T, fallback: T) => (FIELDS_OF[type].includes(field) ? (value ?? fallback) : null);
  const file = fileOf(content);
  const link = file && links ? links(file) : null;
  return {
    id: row.id,
    base_lesson: row.lessonId,
    type: row.type,
    order: row.order,
    description: own('description', str(content.description), ''),
    code: own('code', str(content.code), ''),
    language: own('code', str(content.language), 'plaintext'),
    code_html: own('code', str(content.code_html), ''),
    formula: own('formula', str(content.formula), ''),
    formula_html: own('formula', str(content.formula_html), ''),
    url: own('url', str(content.url), null),
    picture: own('picture', str(content.picture), null),
    video_file: own('video_file', file?.id ?? null, null),
    video_url: own('video_file', link, null),
    picture_file: own('picture_file', file?.id ?? null, null),
    picture_url: own('picture_file', link, null),
    buttons: own('buttons', Array.isArray(content.buttons) ? content.buttons.map((b) => ({ name: b.name, link: b.link, color: b.color })) : null, []),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The blocks of some lessons in their order: ONE query for any number of lessons (the lesson
 * detail embeds them). Every asked lesson is in the map, with [] when it has no blocks.
 */
export async function lessonBlockBodies(db: Db, lessonIds: number[], links?: FileLinks): Promise<Map<number, BlockBody[]>> {
  const ids = [...new Set(lessonIds)];
  const byLesson = new Map<number, BlockBody[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byLesson;
  const rows = await db.select().from(lessonBlocks).where(inArray(lessonBlocks.lessonId, ids)).orderBy(asc(lessonBlocks.lessonId), asc(lessonBlocks.order));
  for (const row of rows) byLesson.get(row.lessonId)!.push(blockBody(row, links));
  return byLesson;
}

/** An absolute URL with one of `protocols` (and a host, for the web ones), as the browser reads it; a field error otherwise. */
function checkUrl(field: string, value: string, protocols: readonly string[], message: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw fieldError(field, message);
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (!protocols.includes(url.protocol) || (web ? !url.hostname : !url.pathname)) throw fieldError(field, message);
  return url;
}

const hostIs = (url: URL, hosts: readonly string[]) => {
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
};

/** A video: a YouTube or Vimeo page, or a video file on the web. '' clears it. */
function videoUrl(value: string): string | null {
  if (!value.trim()) return null;
  const message = 'Укажите ссылку на видео YouTube или Vimeo либо на файл видео (mp4, webm, ogg, mov) по адресу http(s).';
  const url = checkUrl('url', value, ['http:', 'https:'], message);
  if (!hostIs(url, VIDEO_HOSTS) && !VIDEO_FILE.test(url.pathname)) throw fieldError('url', message);
  return url.href;
}

/** A picture on the web (uploads come with the files step). '' clears it. */
function pictureUrl(value: string): string | null {
  if (!value.trim()) return null;
  return checkUrl('picture', value, ['http:', 'https:'], 'Укажите ссылку на изображение, начинающуюся с http:// или https://.').href;
}

function buttonsOf(input: NonNullable<ContentValues['buttons']>): StoredButton[] {
  if (input.length === 0) throw fieldError('buttons', 'Добавьте хотя бы одну кнопку.');
  if (input.length > MAX_BUTTONS) throw fieldError('buttons', 'Больше добавлять нельзя, в блоке уже 4 кнопки есть');
  return input.map((button, index) => {
    const name = button.name.trim();
    if (!name) throw fieldError(`buttons.${index}.name`, 'Поле не может быть пустым.');
    const link = checkUrl(`buttons.${index}.link`, button.link, ['http:', 'https:', 'mailto:', 'tel:'], 'Ссылка должна начинаться с http://, https://, mailto: или tel:').href;
    return { name, link, color: (button.color ?? DEFAULT_BUTTON_COLOR).toUpperCase() };
  });
}

/** The content fields the request carries (at most one), checked against the block's type. */
function contentField(type: BlockType, body: ContentValues): ContentField | null {
  const given = CONTENT_FIELDS.filter((field) => body[field] !== undefined);
  if (given.length > 1) {
    const message = 'Можно указать только одно поле';
    throw new AppError(400, 'VALIDATION_ERROR', message, Object.fromEntries(given.map((field) => [field, [message]])));
  }
  const field = given[0] ?? null;
  if (field !== null && !FIELDS_OF[type].includes(field)) throw fieldError(field, 'Это поле не подходит для блока этого типа.');
  if (body.language !== undefined && type !== 'code') throw fieldError('language', 'Язык указывается только для блока кода.');
  return field;
}

/** Finds an uploaded file a block may show (of the school and, when it has one, of the lesson's course), by field. */
type FileFinder = (field: FileField, id: number) => Promise<{ id: number; name: string }>;

/** A video or picture block's file: the one asked for, a link instead (no file), or as it was. */
async function fileContent(field: FileField, linkField: 'url' | 'picture', link: string | null | undefined, body: ContentValues, previous: Content, findFile?: FileFinder): Promise<Content> {
  const asked = body[field];
  if (asked === null) return { [linkField]: null };
  if (asked !== undefined) {
    if (!findFile) throw fieldError(field, 'Файл здесь указать нельзя.');
    const file = await findFile(field, asked);
    return { [linkField]: null, file_id: file.id, file_name: file.name };
  }
  if (link !== undefined) return { [linkField]: link };
  const kept = fileOf(previous);
  return kept ? { [linkField]: null, file_id: kept.id, file_name: kept.name } : { [linkField]: previous[linkField] ?? null };
}

/**
 * The block's new content: `previous` (a new block's is empty) with what the request changes,
 * rendered and checked. Code is highlighted again when its code or its language changes.
 */
async function newContent(type: BlockType, body: ContentValues, previous: Content, findFile?: FileFinder): Promise<Content> {
  contentField(type, body);
  switch (type) {
    case 'description':
      return { description: body.description !== undefined ? sanitizeRichText(body.description) : (previous.description ?? '') };
    case 'code': {
      const code = body.code ?? previous.code ?? '';
      const language = codeLanguage(body.language ?? previous.language);
      const unchanged = previous.code_html !== undefined && code === previous.code && language === previous.language;
      return { code, language, code_html: unchanged ? previous.code_html : await highlightCode(code, language) };
    }
    case 'formula': {
      if (body.formula === undefined) return { formula: previous.formula ?? '', formula_html: previous.formula_html ?? '' };
      const formula = body.formula.trim();
      return { formula, formula_html: formula ? renderFormula(formula) : '' };
    }
    case 'video':
      return fileContent('video_file', 'url', body.url !== undefined ? videoUrl(body.url) : undefined, body, previous, findFile);
    case 'picture':
      return fileContent('picture_file', 'picture', body.picture !== undefined ? pictureUrl(body.picture) : undefined, body, previous, findFile);
    case 'buttons':
      return { buttons: body.buttons !== undefined ? buttonsOf(body.buttons) : (previous.buttons ?? []) };
    case 'files':
      return {};
  }
}

/** Signed links to blocks' uploaded files (lesson details pass it to lessonBlockBodies). */
export const fileLinks = (ctx: Pick<AppContext, 'config' | 'now'>): FileLinks => (file) => fileUrl(ctx, file);

/** What a new block of `type` stores for `body`, checked and rendered as the API does (the demo seed uses it). */
export const blockContent = (type: BlockType, body: ContentValues): Promise<Content> => newContent(type, body, {});

/**
 * A student's gates to a lesson (their group's order, access period, lesson access: 404 or 403 with
 * the reason), read only. Learning (above courses) answers it: feature-routes.ts hands it in.
 */
export type OpenStudentLesson = (ctx: AppContext, schoolId: number, lessonId: number, userId: number, type: string) => Promise<unknown>;

/** Lesson content blocks (spec §7 Lessons: blocks/, block_order/); a student reads a block past `openStudentLesson`. */
export async function blockRoutes(app: App, openStudentLesson: OpenStudentLesson): Promise<void> {
  const { ctx } = app;
  const READERS: SchoolRole[] = ['Admin', 'Teacher', 'Student'];
  const links = fileLinks(ctx);

  /**
   * The uploaded files a block of the lesson may show: a file of the school, of the lesson's
   * course or of no course, and of the field's kind; another school's file is "not found".
   */
  function fileFinder(schoolId: number, lessonId: number, userId: number): FileFinder {
    return async (field, id) => {
      const { course } = await findLesson(ctx.db, schoolId, lessonId, { role: 'Admin', userId });
      const [file] = await ctx.db
        .select({ id: courseFiles.id, name: courseFiles.name, kind: courseFiles.kind, courseId: courseFiles.courseId })
        .from(courseFiles)
        .where(and(eq(courseFiles.id, id), eq(courseFiles.schoolId, schoolId)));
      if (!file || (file.courseId !== null && file.courseId !== course.id)) throw notFound('Файл не найден.', 'FILE_NOT_FOUND');
      if (!(FILE_KINDS_OF[field] as readonly string[]).includes(file.kind)) throw fieldError(field, field === 'video_file' ? 'Этот файл не видео.' : 'Этот файл не изображение.');
      return file;
    };
  }

  /**
   * A block of a lesson of the school that the caller may read (findLesson decides, with their
   * role; a student through the lesson's own gates, as its page: group order, closures, access
   * period); another school's block, or one of a lesson they may not see, is "not found".
   */
  async function findBlock(db: Db, schoolId: number, blockId: number, role: SchoolRole, userId: number): Promise<BlockRow> {
    const [row] = await db.select().from(lessonBlocks).where(eq(lessonBlocks.id, blockId));
    if (!row) throw blockNotFound();
    try {
      const { lesson } = await findLesson(db, schoolId, row.lessonId, { role, userId });
      if (role === 'Student') await openStudentLesson(ctx, schoolId, lesson.id, userId, lesson.type);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw blockNotFound();
      throw error;
    }
    return row;
  }

  async function blockById(db: Db, id: number): Promise<BlockRow> {
    const [row] = await db.select().from(lessonBlocks).where(eq(lessonBlocks.id, id));
    if (!row) throw blockNotFound();
    return row;
  }

  app.post(
    '/:school/blocks/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Добавить блок в урок (в конец или на место order; блоки урока нумеруются заново) (администратор)',
        description: 'Одно поле содержимого, подходящее к типу: description, code (+language), formula, url (video), picture, buttons.',
        params: Type.Object({ school: SchoolName }),
        body: CreateBlock,
        response: { 201: BlockBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { base_lesson: lessonId, order } = request.body;
      const type = asType(request.body.type);
      // Checked and rendered before the lesson is locked: highlighting may take a moment.
      const content = await newContent(type, request.body, {}, fileFinder(school.id, lessonId, request.auth!.userId));
      const block = await ctx.db.transaction(async (tx) => {
        // The lesson's row is locked first, so inserts into one lesson are numbered one after another.
        await lockParents(tx, 'blocks', [lessonId]);
        await findLesson(tx, school.id, lessonId, { role: 'Admin', userId: request.auth!.userId });
        const [row] = await tx.insert(lessonBlocks).values({ lessonId, type, order: await nextOrder(tx, 'blocks', lessonId), content, createdAt: ctx.now(), updatedAt: ctx.now() }).returning();
        if (order !== undefined) await renumber(tx, 'blocks', lessonId, placeAt(await childIds(tx, 'blocks', lessonId), row!.id, order));
        return blockById(tx, row!.id);
      });
      return reply.code(201).send(blockBody(block, links));
    },
  );

  // The colours of highlighted code blocks as classes (a strict CSP takes no inline styles): one
  // stylesheet, the same for every school, that pages showing code link to.
  const stylesheet = codeHighlightCss();
  app.get(
    '/code-highlight.css',
    {
      config: publicRead(app),
      schema: { tags: ['courses'], summary: 'Стили подсветки кода в блоках уроков', response: { 200: Type.String(), ...errors(429) } },
    },
    async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(stylesheet),
  );

  app.get(
    '/:school/blocks/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Блок урока (тем, кому доступен урок)',
        params: BlockParams,
        response: { 200: BlockBody, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
      return blockBody(await findBlock(ctx.db, school.id, request.params.id, role, request.auth!.userId), links);
    },
  );

  app.patch(
    '/:school/blocks/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Изменить содержимое блока или переставить его на место order (администратор)',
        params: BlockParams,
        body: PatchBlock,
        response: { 200: BlockBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const block = await findBlock(ctx.db, school.id, request.params.id, 'Admin', request.auth!.userId);
      const type = block.type as BlockType;
      if (request.body.type !== undefined && asType(request.body.type) !== type) throw fieldError('type', 'Тип блока изменить нельзя.');
      if (request.body.base_lesson !== undefined && request.body.base_lesson !== block.lessonId) throw fieldError('base_lesson', 'Блок нельзя перенести в другой урок.');
      const changes = CONTENT_FIELDS.some((field) => request.body[field] !== undefined) || request.body.language !== undefined;
      const content = changes ? await newContent(type, request.body, (block.content ?? {}) as Content, fileFinder(school.id, block.lessonId, request.auth!.userId)) : null;
      const { order } = request.body;
      if (content === null && order === undefined) return blockBody(block, links);
      const updated = await ctx.db.transaction(async (tx) => {
        if (order !== undefined) await lockParents(tx, 'blocks', [block.lessonId]);
        if (content !== null) {
          const [row] = await tx.update(lessonBlocks).set({ content, updatedAt: ctx.now() }).where(eq(lessonBlocks.id, block.id)).returning({ id: lessonBlocks.id });
          if (!row) throw blockNotFound();
        }
        if (order !== undefined) {
          const ids = await childIds(tx, 'blocks', block.lessonId);
          if (!ids.includes(block.id)) throw blockNotFound();
          await renumber(tx, 'blocks', block.lessonId, placeAt(ids, block.id, order));
        }
        return blockById(tx, block.id);
      });
      // A file the block no longer shows goes, unless another block shows it.
      if (content !== null && fileIdOf(block.content) !== fileIdOf(content)) await releaseFile(ctx, fileIdOf(block.content));
      return blockBody(updated, links);
    },
  );

  app.delete(
    '/:school/blocks/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Удалить блок; остальные блоки урока нумеруются заново (администратор)',
        params: BlockParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const block = await findBlock(ctx.db, school.id, request.params.id, 'Admin', request.auth!.userId);
      await ctx.db.transaction(async (tx) => {
        await lockParents(tx, 'blocks', [block.lessonId]);
        const [row] = await tx.delete(lessonBlocks).where(eq(lessonBlocks.id, block.id)).returning({ id: lessonBlocks.id });
        if (!row) throw blockNotFound();
        await renumber(tx, 'blocks', block.lessonId, await childIds(tx, 'blocks', block.lessonId));
      });
      await releaseFile(ctx, fileIdOf(block.content));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:school/block_order/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Переставить блоки: [{block_id, order}]; блоки каждого урока нумеруются заново (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: BlockOrder,
        response: { 200: Detail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const wanted = new Map(request.body.map((item) => [item.block_id, item.order]));
      const found = await ctx.db
        .select({ id: lessonBlocks.id, lessonId: lessonBlocks.lessonId })
        .from(lessonBlocks)
        .innerJoin(lessons, eq(lessons.id, lessonBlocks.lessonId))
        .innerJoin(sections, eq(sections.id, lessons.sectionId))
        .innerJoin(courses, eq(courses.id, sections.courseId))
        .where(and(inArray(lessonBlocks.id, [...wanted.keys()]), eq(courses.schoolId, school.id), isNull(courses.removedAt)));
      const foundIds = new Set(found.map((row) => row.id));
      const missing = [...wanted.keys()].filter((id) => !foundIds.has(id));
      if (missing.length > 0) throw badRequest(`Блоки с ID [${missing.join(', ')}] не найдены.`, undefined, 'BLOCK_NOT_FOUND');
      const lessonIds = [...new Set(found.map((row) => row.lessonId))];
      await ctx.db.transaction(async (tx) => {
        await lockParents(tx, 'blocks', lessonIds);
        for (const lessonId of lessonIds) await renumber(tx, 'blocks', lessonId, withPositions(await childIds(tx, 'blocks', lessonId), wanted));
      });
      return { detail: 'Блоки успешно обновлены' };
    },
  );
}
