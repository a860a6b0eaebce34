import { plural, pluralForm } from '#core/plural';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../context.ts';
import { users } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { Detail, errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole, type SchoolRole } from '../../shared/security/school-access.ts';
import { courseNotFound, findLesson, type Course, type Lesson } from './course-access.ts';
import { courses, lessonComments } from './tables.ts';

/**
 * Comments under lessons (issue 11, reference §1.8 and §4.10). Whoever may read a lesson (the
 * school's admins, the course's teachers, its students) comments on it; a new comment is not
 * public. Staff (admins, the course's teachers) see every comment; a student sees the public ones
 * and their own, never another student's unpublished comment. Staff moderate: they publish or
 * hide any comment of the lesson; a student may only hide their own (publishing would make the
 * moderation pointless). Admins reply once to a comment (replies are public). Everyone changes and
 * deletes only their own comments (admins delete any).
 *
 * Content is plain text: stored as typed (trimmed) and never as HTML, so the app shows it as text.
 * The list is paginated, newest first, through the (lesson, created_at, id) index, with the page's
 * replies (oldest first) nested under their comments: a constant number of queries per page.
 */

const MAX_CONTENT = 5000;

export const commentNotFound = () => notFound('Комментарий не найден.', 'COMMENT_NOT_FOUND');

const CommentFields = {
  id: Type.Integer(),
  lesson: Type.Integer(),
  course_id: Type.Integer(),
  author: Type.Union([Type.Integer(), Type.Null()]),
  author_first_name: Type.String(),
  author_last_name: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  content: Type.String({ description: 'Обычный текст (не HTML)' }),
  public: Type.Boolean(),
  reply_to: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
};
/** A reply: the same fields, with no replies of its own. */
const ReplyBody = Type.Object({ ...CommentFields, replies: Type.Array(Type.Object({}), { maxItems: 0 }) });
export const CommentBody = Type.Object({ ...CommentFields, replies: Type.Array(ReplyBody) });
export type CommentBody = Static<typeof CommentBody>;

const Content = Text({ minLength: 1, maxLength: MAX_CONTENT });

type CommentRow = typeof lessonComments.$inferSelect;
interface Author {
  firstName: string | null;
  lastName: string | null;
}

function commentBody(row: CommentRow, author: Author, replies: CommentBody[] = []): CommentBody {
  return {
    id: row.id,
    lesson: row.lessonId,
    course_id: row.courseId,
    author: row.authorId,
    author_first_name: author.firstName ?? '',
    author_last_name: author.lastName ?? '',
    // Avatars of commenters come with the profile pictures' public addresses.
    avatar: null,
    content: row.content,
    public: row.public,
    reply_to: row.replyTo,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    replies,
  };
}

/** Plain text, trimmed; nothing but spaces is no comment. */
function contentOf(value: string): string {
  const content = value.trim();
  if (!content) throw fieldError('content', 'Комментарий не может быть пустым.');
  return content;
}

/** Lesson comments (spec §7 Comments: lesson_comments/, admin_reply_to_comment/). */
export async function commentRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const READERS: SchoolRole[] = ['Admin', 'Teacher', 'Student'];
  /** Staff see every comment of a lesson they may read (a teacher reads only their courses' lessons). */
  const isStaff = (role: SchoolRole) => role === 'Admin' || role === 'Teacher';
  /** What a reader sees: staff everything, a student the public comments and their own. */
  const visibleTo = (role: SchoolRole, userId: number): SQL | undefined => (isStaff(role) ? undefined : or(eq(lessonComments.public, true), eq(lessonComments.authorId, userId)));

  /** A lesson the reader may read, of the course asked for when one is named. */
  async function readableLesson(db: Db, schoolId: number, lessonId: number, courseId: number | undefined, reader: { role: SchoolRole; userId: number }): Promise<{ lesson: Lesson; course: Course }> {
    const { lesson, course } = await findLesson(db, schoolId, lessonId, reader);
    if (courseId !== undefined && courseId !== course.id) throw courseNotFound();
    return { lesson, course };
  }

  /**
   * A comment of the school on a lesson the reader may read and that they may see; anything else
   * is "not found", so another student's unpublished comment is as unknown as another school's.
   */
  async function findComment(db: Db, schoolId: number, commentId: number, reader: { role: SchoolRole; userId: number }): Promise<CommentRow> {
    const [row] = await db
      .select({ comment: lessonComments })
      .from(lessonComments)
      .innerJoin(courses, eq(courses.id, lessonComments.courseId))
      .where(and(eq(lessonComments.id, commentId), eq(courses.schoolId, schoolId)));
    if (!row) throw commentNotFound();
    try {
      await findLesson(db, schoolId, row.comment.lessonId, reader);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw commentNotFound();
      throw error;
    }
    if (!isStaff(reader.role) && !row.comment.public && row.comment.authorId !== reader.userId) throw commentNotFound();
    return row.comment;
  }

  async function withAuthor(db: Db, row: CommentRow): Promise<CommentBody> {
    const [author] = row.authorId === null ? [] : await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.authorId));
    return commentBody(row, author ?? { firstName: null, lastName: null });
  }

  app.get(
    '/:school/lesson_comments/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Комментарии урока, новые первыми, с ответами (сотрудникам все, ученику опубликованные и свои)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ lesson_id: Id, course_id: Type.Optional(Id), ...PageQuery }),
        response: { 200: Page(CommentBody), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
      const reader = { role, userId: request.auth!.userId };
      const { lesson } = await readableLesson(ctx.db, school.id, request.query.lesson_id, request.query.course_id, reader);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const visible = visibleTo(role, reader.userId);
      const where = and(eq(lessonComments.lessonId, lesson.id), isNull(lessonComments.replyTo), visible);
      const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(lessonComments).where(where);
      const slice = pageSlice(page, size, total);
      if (!slice) return pageEnvelope(request, [], total, page, size);
      // Newest first by the (lesson, created_at, id) index; a late page is read from the other end.
      const newest = [desc(lessonComments.createdAt), desc(lessonComments.id)];
      const oldest = [asc(lessonComments.createdAt), asc(lessonComments.id)];
      const rows = await ctx.db
        .select({ comment: lessonComments, firstName: users.firstName, lastName: users.lastName })
        .from(lessonComments)
        .leftJoin(users, eq(users.id, lessonComments.authorId))
        .where(where)
        .orderBy(...(slice.fromEnd ? oldest : newest))
        .limit(slice.limit)
        .offset(slice.offset);
      if (slice.fromEnd) rows.reverse();
      // The page's replies in one more query, oldest first under each comment.
      const replyRows = await ctx.db
        .select({ comment: lessonComments, firstName: users.firstName, lastName: users.lastName })
        .from(lessonComments)
        .leftJoin(users, eq(users.id, lessonComments.authorId))
        .where(
          and(
            inArray(
              lessonComments.replyTo,
              rows.map((row) => row.comment.id),
            ),
            visible,
          ),
        )
        .orderBy(...oldest);
      const replies = new Map<number, CommentBody[]>();
      for (const row of replyRows) {
        const list = replies.get(row.comment.replyTo!) ?? [];
        list.push(commentBody(row.comment, row));
        replies.set(row.comment.replyTo!, list);
      }
      return pageEnvelope(
        request,
        rows.map((row) => commentBody(row.comment, row, replies.get(row.comment.id) ?? [])),
        total,
        page,
        size,
      );
    },
  );

  app.post(
    '/:school/lesson_comments/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Оставить комментарий к уроку (всем, кому доступен урок; комментарий не опубликован, пока его не опубликуют)',
        params: Type.Object({ school: SchoolName }),
        body: Type.Object({ lesson: Id, content: Content, course_id: Type.Optional(Id) }),
        response: { 201: CommentBody, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
      const userId = request.auth!.userId;
      const content = contentOf(request.body.content);
      const { lesson, course } = await readableLesson(ctx.db, school.id, request.body.lesson, request.body.course_id, { role, userId });
      const [row] = await ctx.db
        .insert(lessonComments)
        .values({ lessonId: lesson.id, courseId: course.id, authorId: userId, content, public: false, createdAt: ctx.now(), updatedAt: ctx.now() })
        .returning();
      return reply.code(201).send(await withAuthor(ctx.db, row!));
    },
  );

  app.patch(
    '/:school/lesson_comments/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Опубликовать или скрыть комментарии урока: {lesson_id, course_id, comments: {id: true|false}} (администратор и преподаватель курса — любые; ученик может только скрыть свои)',
        params: Type.Object({ school: SchoolName }),
        body: Type.Object({
          lesson_id: Id,
          course_id: Type.Optional(Id),
          comments: Type.Record(Type.String({ pattern: '^[1-9][0-9]{0,9}$' }), Type.Boolean(), { additionalProperties: false, minProperties: 1, maxProperties: 500 }),
        }),
        response: { 200: Detail, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
      const userId = request.auth!.userId;
      const { lesson } = await readableLesson(ctx.db, school.id, request.body.lesson_id, request.body.course_id, { role, userId });
      const wanted = new Map(Object.entries(request.body.comments).map(([id, value]) => [Number(id), value]));
      if (!isStaff(role) && [...wanted.values()].includes(true)) {
        throw forbidden('Публикуют комментарии администраторы и преподаватели курса.', 'COMMENT_PUBLISH_FORBIDDEN');
      }
      const ids = [...wanted.keys()].filter((id) => id <= 2147483647);
      const found = ids.length
        ? await ctx.db
            .select({ id: lessonComments.id })
            .from(lessonComments)
            .where(and(inArray(lessonComments.id, ids), eq(lessonComments.lessonId, lesson.id), isStaff(role) ? undefined : eq(lessonComments.authorId, userId)))
        : [];
      const foundIds = new Set(found.map((row) => row.id));
      const missing = [...wanted.keys()].filter((id) => !foundIds.has(id));
      if (missing.length > 0) throw badRequest(`Комментарии с ID [${missing.join(', ')}] не найдены.`, undefined, 'COMMENT_NOT_FOUND');
      const shown = ids.filter((id) => wanted.get(id) === true);
      const hidden = ids.filter((id) => wanted.get(id) === false);
      await ctx.db.transaction(async (tx) => {
        if (shown.length) await tx.update(lessonComments).set({ public: true }).where(inArray(lessonComments.id, shown));
        if (hidden.length) await tx.update(lessonComments).set({ public: false }).where(inArray(lessonComments.id, hidden));
      });
      return { detail: `${plural(ids.length, ['комментарий', 'комментария', 'комментариев'])} ${pluralForm(ids.length, ['обновлён', 'обновлены', 'обновлены'])}` };
    },
  );

  const Params = Type.Object({ school: SchoolName, id: Id });
  const editSchema = {
    tags: ['courses'],
    summary: 'Изменить текст своего комментария',
    params: Params,
    body: Type.Object({ content: Content }),
    response: { 200: CommentBody, ...errors(400, 401, 403, 404, 451) },
  };
  async function editComment(request: FastifyRequest, schoolName: string, commentId: number, text: string): Promise<CommentBody> {
    const { school, role } = await requireSchoolRole(app, request, { name: schoolName }, READERS);
    const userId = request.auth!.userId;
    const content = contentOf(text);
    const comment = await findComment(ctx.db, school.id, commentId, { role, userId });
    if (comment.authorId !== userId) throw forbidden('Изменять можно только свои комментарии.', 'NOT_COMMENT_AUTHOR');
    const [row] = await ctx.db.update(lessonComments).set({ content, updatedAt: ctx.now() }).where(eq(lessonComments.id, comment.id)).returning();
    if (!row) throw commentNotFound();
    return withAuthor(ctx.db, row);
  }
  app.put('/:school/lesson_comments/:id/', { schema: editSchema }, (request) => editComment(request, request.params.school, request.params.id, request.body.content));
  app.patch('/:school/lesson_comments/:id/', { schema: editSchema }, (request) => editComment(request, request.params.school, request.params.id, request.body.content));

  app.delete(
    '/:school/lesson_comments/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Удалить комментарий с ответами на него (свой; администратор — любой)',
        params: Params,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
      const userId = request.auth!.userId;
      const comment = await findComment(ctx.db, school.id, request.params.id, { role, userId });
      if (role !== 'Admin' && comment.authorId !== userId) throw forbidden('Удалять можно только свои комментарии.', 'NOT_COMMENT_AUTHOR');
      const [row] = await ctx.db.delete(lessonComments).where(eq(lessonComments.id, comment.id)).returning({ id: lessonComments.id });
      if (!row) throw commentNotFound();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:school/lesson_comments/admin_reply_to_comment/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Ответить на комментарий (администратор; один ответ на комментарий, ответ опубликован)',
        params: Type.Object({ school: SchoolName }),
        body: Type.Object({ comment_id: Id, content: Content }),
        response: { 201: Type.Object({ message: Type.String() }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const userId = request.auth!.userId;
      const content = contentOf(request.body.content);
      const comment = await findComment(ctx.db, school.id, request.body.comment_id, { role: 'Admin', userId });
      if (comment.replyTo !== null) throw fieldError('comment_id', 'Ответить можно только на комментарий, а не на ответ.');
      await ctx.db.transaction(async (tx) => {
        // The comment's row is locked: two admins answering at once give one reply, not two.
        const [locked] = await tx.select({ id: lessonComments.id }).from(lessonComments).where(eq(lessonComments.id, comment.id)).for('update');
        if (!locked) throw commentNotFound();
        const [answered] = await tx.select({ id: lessonComments.id }).from(lessonComments).where(eq(lessonComments.replyTo, comment.id)).limit(1);
        if (answered) throw badRequest('Вы уже отвечали на этот комментарий', undefined, 'ALREADY_REPLIED');
        await tx.insert(lessonComments).values({
          lessonId: comment.lessonId,
          courseId: comment.courseId,
          authorId: userId,
          replyTo: comment.id,
          content,
          public: true,
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
        });
      });
      return reply.code(201).send({ message: 'Ответ администратора успешно добавлен' });
    },
  );
}
