import { and, eq, inArray, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, FastifyRequest } from '../../context.ts';
import { schoolMembers } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { announce } from '../../shared/db/live-events.ts';
import { badRequest, fieldError, forbidden } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courseFiles } from '../courses/index.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { takeMessageRate } from './chat-limits.ts';
import { chatAccess, ChatSchema, chatTotals, chatView, chatViews, ensureGroupChats, messagePage, MessageSchema, messagesByIds, type Viewer } from './chat-data.ts';
import { chatMembers, chatMessageFiles, chatMessages, chats } from './tables.ts';
import { noticeChatMessage } from './telegram-notices.ts';

/** The longest message text (the contract's limit). */
export const MESSAGE_MAX = 4000;
const MAX_FILES = 10;
const MAX_MEMBERS = 500;

const ChatId = Type.String({ format: 'uuid' });
const SchoolParams = Type.Object({ school: SchoolName });
const ChatParams = Type.Object({ school: SchoolName, id: ChatId });

const ChatList = Type.Object({
  count: Type.Integer(),
  next: Type.Union([Type.String(), Type.Null()]),
  previous: Type.Union([Type.String(), Type.Null()]),
  total_unread: Type.Integer(),
  results: Type.Array(ChatSchema),
});

const ALL = ['Admin', 'Teacher', 'Student'] as const;
const STAFF = ['Admin', 'Teacher'] as const;

/** The caller as a member of the URL's school (any role unless `roles`), checked in the database. */
async function viewerOf(app: App, request: FastifyRequest, school: string, roles: readonly ('Admin' | 'Teacher' | 'Student')[] = ALL): Promise<Viewer> {
  const { school: row, role } = await requireSchoolRole(app, request, { name: school }, roles);
  return { userId: request.auth!.userId, schoolId: row.id, role };
}

/** The ids of `ids` that are members of the school with one of `roles`. */
async function schoolMembersAmong(db: Db, schoolId: number, ids: number[], roles: readonly string[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: schoolMembers.userId })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), inArray(schoolMembers.userId, ids), inArray(schoolMembers.role, [...roles])));
  return new Set(rows.map((row) => row.id));
}

/** The students among `ids` in groups of the school that `teacherId` teaches. */
async function studentsOfTeacher(db: Db, schoolId: number, teacherId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: studentsGroupMembers.userId })
    .from(studentsGroupMembers)
    .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
    .where(and(eq(studentsGroups.schoolId, schoolId), eq(studentsGroups.teacherId, teacherId), inArray(studentsGroupMembers.userId, ids)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The school's chats (issue 15; /work/notes/chat-contract.md; reference §4.15 with its defects
 * fixed: every route checks the school, the caller's role and their place in the chat in the
 * database; messages are paged by id; a file-only message has an empty text). New messages and
 * read markers are announced (NOTIFY) in the transaction that writes them, for the websockets of
 * every process (chat-socket.ts).
 */
export async function chatRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/chats/',
    {
      schema: {
        tags: ['chats'],
        summary: 'Чаты пользователя в школе, сначала с последней активностью; непрочитанные по каждому и всего',
        description:
          'Живые события — websocket GET /api/{school}/chats/ws: первый кадр {"type": "auth", "token": "<access>"}, ответ {"type": "ready"} ' +
          'или закрытие 4401 (токен неверен, истёк или сессия завершена) / 4403 (не участник школы); без auth за 5 с — 4401. ' +
          'Кадры сервера: message {message}, typing {chat_id, user}, read {chat_id, user_id, last_read_id}, unread {total_unread}; клиента: typing {chat_id}. ' +
          'После переподключения — messages/?after=<последний id>.',
        params: SchoolParams,
        querystring: Type.Object(PageQuery),
        response: { 200: ChatList, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app, request, request.params.school);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      await ensureGroupChats(ctx.db, viewer, ctx.now());
      const { count, totalUnread } = await chatTotals(ctx.db, viewer);
      // Newest first only: a page is read from the start (a chat list is short).
      const slice = pageSlice(page, size, count);
      const results = slice ? await chatViews(ctx, viewer, { offset: (page - 1) * size, limit: size }) : [];
      return { ...pageEnvelope(request, results, count, page, size), total_unread: totalUnread };
    },
  );

  app.get(
    '/:school/chats/unread/',
    {
      schema: {
        tags: ['chats'],
        summary: 'Всего непрочитанных сообщений пользователя в чатах школы',
        params: SchoolParams,
        response: { 200: Type.Object({ total_unread: Type.Integer() }), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app, request, request.params.school);
      return { total_unread: (await chatTotals(ctx.db, viewer)).totalUnread };
    },
  );

  app.post(
    '/:school/chats/',
    {
      schema: {
        tags: ['chats'],
        summary: 'Создать чат с названием и участниками (администратор, преподаватель: сотрудники и ученики своих групп)',
        params: SchoolParams,
        body: Type.Object({
          name: Text({ minLength: 1, maxLength: 255 }),
          member_ids: Type.Array(Id, { minItems: 1, maxItems: MAX_MEMBERS }),
        }),
        response: { 201: ChatSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app, request, request.params.school, STAFF);
      const name = request.body.name.trim();
      if (!name) throw fieldError('name', 'Поле не может быть пустым.');
      const ids = [...new Set(request.body.member_ids)].filter((id) => id !== viewer.userId);
      const staff = await schoolMembersAmong(ctx.db, viewer.schoolId, ids, viewer.role === 'Admin' ? ALL : STAFF);
      const allowed = viewer.role === 'Admin' ? staff : new Set([...staff, ...(await studentsOfTeacher(ctx.db, viewer.schoolId, viewer.userId, ids))]);
      if (ids.some((id) => !allowed.has(id))) {
        throw fieldError('member_ids', viewer.role === 'Admin' ? 'Не все участники состоят в вашей школе.' : 'Добавить можно сотрудников школы и учеников ваших групп.', 'MEMBERS_NOT_IN_SCHOOL');
      }
      const id = await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const [chat] = await tx.insert(chats).values({ schoolId: viewer.schoolId, type: 'custom', name, createdBy: viewer.userId, createdAt: now, updatedAt: now }).returning({ id: chats.id });
        await tx.insert(chatMembers).values([
          { chatId: chat!.id, userId: viewer.userId, role: 'owner', createdAt: now },
          ...ids.map((userId) => ({ chatId: chat!.id, userId, createdAt: now })),
        ]);
        return chat!.id;
      });
      return reply.code(201).send(await chatView(ctx, viewer, id));
    },
  );

  app.post(
    '/:school/chats/create_personal_chat/',
    {
      schema: {
        tags: ['chats'],
        summary: 'Личный чат преподавателя или администратора с учеником (student_id) или ученика с преподавателем своей группы (teacher_id); существующий — 200',
        params: SchoolParams,
        body: Type.Object({ student_id: Type.Optional(Id), teacher_id: Type.Optional(Id) }),
        response: { 200: ChatSchema, 201: ChatSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app, request, request.params.school);
      const { student_id: studentId, teacher_id: teacherId } = request.body;
      let other: number;
      if (viewer.role === 'Student') {
        if (teacherId === undefined) throw fieldError('teacher_id', 'Обязательное поле.');
        if (studentId !== undefined) throw fieldError('student_id', 'Ученик может написать только преподавателю.');
        const teaches = await studentsOfTeacher(ctx.db, viewer.schoolId, teacherId, [viewer.userId]);
        if (!teaches.has(viewer.userId)) throw fieldError('teacher_id', 'Это не преподаватель вашей группы.', 'NOT_YOUR_TEACHER');
        other = teacherId;
      } else {
        if (studentId === undefined) throw fieldError('student_id', 'Обязательное поле.');
        if (teacherId !== undefined) throw fieldError('teacher_id', 'Укажите ученика (student_id).');
        const ok =
          viewer.role === 'Admin'
            ? (await schoolMembersAmong(ctx.db, viewer.schoolId, [studentId], ['Student'])).has(studentId)
            : (await studentsOfTeacher(ctx.db, viewer.schoolId, viewer.userId, [studentId])).has(studentId);
        if (!ok) throw fieldError('student_id', viewer.role === 'Admin' ? 'Ученик не найден в вашей школе.' : 'Это не ученик ваших групп.', 'NOT_YOUR_STUDENT');
        other = studentId;
      }
      const key = `${Math.min(viewer.userId, other)}:${Math.max(viewer.userId, other)}`;
      const { id, created } = await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const [made] = await tx
          .insert(chats)
          .values({ schoolId: viewer.schoolId, type: 'personal', personalKey: key, createdBy: viewer.userId, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: [chats.schoolId, chats.personalKey] })
          .returning({ id: chats.id });
        if (made) {
          await tx.insert(chatMembers).values([
            { chatId: made.id, userId: viewer.userId, role: 'owner', createdAt: now },
            { chatId: made.id, userId: other, createdAt: now },
          ]);
          return { id: made.id, created: true };
        }
        const [existing] = await tx
          .select({ id: chats.id })
          .from(chats)
          .where(and(eq(chats.schoolId, viewer.schoolId), eq(chats.personalKey, key)));
        return { id: existing!.id, created: false };
      });
      return reply.code(created ? 201 : 200).send(await chatView(ctx, viewer, id));
    },
  );

  app.get(
    '/:school/chats/:id/',
    {
      schema: {
        tags: ['chats'],
        summary: 'Чат (участник; чат группы — её ученики, преподаватель и администраторы школы)',
        params: ChatParams,
        response: { 200: ChatSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app, request, request.params.school);
      return chatView(ctx, viewer, request.params.id);
    },
  );

  app.patch(
    '/:school/chats/:id/',
    {
      schema: {
        tags: ['chats'],
        summary: 'Переименовать чат (name: администратор или преподаватель — участник чата) или отметить прочитанное (last_read_id: участник)',
        params: ChatParams,
        body: Type.Object({
          name: Type.Optional(Text({ minLength: 1, maxLength: 255 })),
          last_read_id: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
        }),
        response: { 200: ChatSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app, request, request.params.school);
      const { name, last_read_id: lastReadId } = request.body;
      if (name === undefined && lastReadId === undefined) throw badRequest('Укажите name или last_read_id.', { name: ['Обязательное поле.'] });
      const access = await chatAccess(ctx.db, viewer, request.params.id, 'read');
      const trimmed = name?.trim();
      if (name !== undefined) {
        if (!trimmed) throw fieldError('name', 'Поле не может быть пустым.');
        if (access.type !== 'custom') throw fieldError('name', 'Название личного чата и чата группы не меняется.', 'CHAT_NAME_FIXED');
        if (viewer.role === 'Student' || !access.member) throw forbidden();
      }
      await ctx.db.transaction(async (tx) => {
        if (trimmed) await tx.update(chats).set({ name: trimmed }).where(eq(chats.id, access.id));
        if (lastReadId !== undefined) {
          // Never past the last message, never backwards.
          const marker = Math.min(lastReadId, access.lastMessageId);
          await tx
            .insert(chatMembers)
            .values({ chatId: access.id, userId: viewer.userId, lastReadId: marker, createdAt: ctx.now() })
            .onConflictDoUpdate({ target: [chatMembers.chatId, chatMembers.userId], set: { lastReadId: sql`greatest(${chatMembers.lastReadId}, ${marker})` } });
          await announce(tx, { chat_id: access.id, kind: 'read', id: viewer.userId });
        }
      });
      return chatView(ctx, viewer, access.id);
    },
  );

  app.get(
    '/:school/chats/:id/messages/',
    {
      schema: {
        tags: ['chats'],
        summary: 'Сообщения чата по возрастанию id: последние limit, до before или после after (догрузка после переподключения)',
        params: ChatParams,
        querystring: Type.Object({
          before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
          after: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
        }),
        response: { 200: Type.Object({ results: Type.Array(MessageSchema), has_more: Type.Boolean() }), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app, request, request.params.school);
      const access = await chatAccess(ctx.db, viewer, request.params.id, 'read');
      const { before, after, limit = 50 } = request.query;
      return messagePage(ctx, access.id, { before, after, limit });
    },
  );

  app.post(
    '/:school/chats/:id/messages/',
    {
      schema: {
        tags: ['chats'],
        summary: 'Отправить сообщение: текст до 4000 символов и/или файлы, загруженные заранее (file_ids); участник чата',
        params: ChatParams,
        body: Type.Object({
          text: Text({ maxLength: MESSAGE_MAX }),
          file_ids: Type.Optional(Type.Array(Id, { maxItems: MAX_FILES })),
        }),
        response: { 201: MessageSchema, ...errors(400, 401, 403, 404, 429, 451) },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app, request, request.params.school);
      const access = await chatAccess(ctx.db, viewer, request.params.id, 'write');
      const text = request.body.text.trim();
      const fileIds = [...new Set(request.body.file_ids ?? [])];
      if (!text && fileIds.length === 0) throw fieldError('text', 'Напишите сообщение или приложите файл.');
      await takeMessageRate(ctx, viewer);
      const now = ctx.now();
      const id = await ctx.db.transaction(async (tx) => {
        if (fileIds.length > 0) {
          // The caller's own files of the school, not of a course, not sent with another message.
          const usable = await tx
            .select({ id: courseFiles.id })
            .from(courseFiles)
            .where(
              and(
                inArray(courseFiles.id, fileIds),
                eq(courseFiles.schoolId, viewer.schoolId),
                eq(courseFiles.uploaderId, viewer.userId),
                sql`${courseFiles.courseId} is null and ${courseFiles.lessonId} is null`,
                sql`not exists (select 1 from chat_message_files f where f.file_id = ${courseFiles.id})`,
              ),
            )
            .for('update');
          if (usable.length !== fileIds.length) throw fieldError('file_ids', 'Приложить можно только свои загруженные файлы, ещё не отправленные.', 'FILES_NOT_USABLE');
        }
        const [message] = await tx.insert(chatMessages).values({ chatId: access.id, authorId: viewer.userId, text, createdAt: now }).returning({ id: chatMessages.id });
        const messageId = message!.id;
        if (fileIds.length > 0) await tx.insert(chatMessageFiles).values(fileIds.map((fileId) => ({ messageId, fileId })));
        await tx.update(chats).set({ lastMessageId: messageId, updatedAt: now }).where(eq(chats.id, access.id));
        // The author has read their own message.
        await tx
          .insert(chatMembers)
          .values({ chatId: access.id, userId: viewer.userId, lastReadId: messageId, createdAt: now })
          .onConflictDoUpdate({ target: [chatMembers.chatId, chatMembers.userId], set: { lastReadId: messageId } });
        await announce(tx, { chat_id: access.id, kind: 'message', id: messageId });
        return messageId;
      });
      noticeChatMessage(ctx, { id, chatId: access.id, authorId: viewer.userId, text, files: fileIds.length, createdAt: now });
      const [message] = await messagesByIds(ctx, [id]);
      return reply.code(201).send(message!);
    },
  );
}
