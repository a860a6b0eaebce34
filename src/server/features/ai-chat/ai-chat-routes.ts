import { PassThrough } from 'node:stream';
import { aiChatMessages } from '#core/messages/ai-chat';
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, FastifyReply, FastifyRequest } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { AppError, fieldError, forbidden, notFound } from '../../shared/errors.ts';
import { limits } from '../../shared/http/rate-limits.ts';
import { errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole, type School } from '../../shared/security/school-access.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { aiClient, streamAnswer, type AnswerPart, type ChatTurn } from './ai-client.ts';
import { addTokens, aiMessageQuota, personalShare, releaseQuestion, reserveQuestion, usageMonth } from './ai-quota.ts';
import { aiChats, aiMessages, aiWelcomeMessages, aiWelcomeSeen } from './tables.ts';

/** Chats shown in the sidebar (orders 1..10), as the original. */
export const SIDEBAR_CHATS = 10;
/** Earlier turns sent with a question: the last 4 exchanges, as the original. */
export const CONTEXT_MESSAGES = 8;
export const MESSAGE_MAX = 4000;
const TITLE_MAX = 60;

const SchoolParams = Type.Object({ school: SchoolName });
const OrderData = Type.Optional(
  Type.Array(Type.Object({ id: Id, order: Type.Integer({ minimum: 0, maximum: SIDEBAR_CHATS }) }), {
    maxItems: 100,
    description: 'Порядок чатов, как его показывает клиент (принимается для совместимости: сервер нумерует чаты сам, 1..n)',
  }),
);
const LatestChats = Type.Record(Type.String({ pattern: '^[0-9]+$' }), Type.Object({ order: Type.Integer(), chat_name: Type.String() }), {
  description: 'Чаты боковой панели по id: место (1 — сверху) и название',
});
const Welcome = Type.Object({
  show_welcome_message: Type.Boolean({ description: 'Показать приветствие: пользователь его ещё не закрыл' }),
  welcome_message: Type.String({ description: 'Текст приветствия школы (или текст по умолчанию)' }),
});
const MessageSchema = Type.Object({
  id: Type.Integer(),
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
  content: Type.String(),
  created_at: Type.String(),
});

const chatNotFound = () => notFound(aiChatMessages.chatNotFound, 'AI_CHAT_NOT_FOUND');
const MEMBERS = ['Admin', 'Teacher', 'Student'] as const;

/** A one-line title from the first question. */
function titleOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

/**
 * Renumbers the caller's chats of a school: the sidebar's ones keep their relative places (ties:
 * `first` wins, then the newest), the rest follow newest first; the first 10 get 1..10, the others
 * 0. One statement.
 */
async function renumber(db: Db, schoolId: number, userId: number, first: number[] = []): Promise<void> {
  const preferred = first.length > 0 ? sql`c.id in (${sql.join(first.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
  await db.execute(sql`
    update ai_chats t set "order" = case when r.n <= ${SIDEBAR_CHATS} then r.n else 0 end
    from (
      select c.id, row_number() over (order by (c."order" = 0), c."order", ${preferred} desc, c.updated_at desc, c.id desc) as n
      from ai_chats c where c.user_id = ${userId} and c.school_id = ${schoolId}
    ) r
    where t.id = r.id and t."order" <> case when r.n <= ${SIDEBAR_CHATS} then r.n else 0 end`);
}

async function latestChats(db: Db, schoolId: number, userId: number) {
  const rows = await db
    .select({ id: aiChats.id, order: aiChats.order, title: aiChats.title })
    .from(aiChats)
    .where(and(eq(aiChats.userId, userId), eq(aiChats.schoolId, schoolId), gt(aiChats.order, 0)))
    .orderBy(asc(aiChats.order))
    .limit(SIDEBAR_CHATS);
  return Object.fromEntries(rows.map((row) => [String(row.id), { order: row.order, chat_name: row.title }]));
}

/** The caller's own chat in this school, or 404 (another user's chat is not found either). */
async function ownChat(db: Db, schoolId: number, userId: number, chatId: number) {
  const [chat] = await db
    .select()
    .from(aiChats)
    .where(and(eq(aiChats.id, chatId), eq(aiChats.userId, userId), eq(aiChats.schoolId, schoolId)));
  if (!chat) throw chatNotFound();
  return chat;
}

/** A student of a group with «Запретить ИИ-помощника» (overai_lock) may not ask (reference §5.2 #19: enforced here). */
async function assertNotLocked(db: Db, schoolId: number, userId: number, role: string): Promise<void> {
  if (role !== 'Student') return;
  const [locked] = await db
    .select({ id: studentsGroups.id })
    .from(studentsGroupMembers)
    .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
    .where(and(eq(studentsGroupMembers.userId, userId), eq(studentsGroups.schoolId, schoolId), eq(studentsGroups.overaiLock, true)))
    .limit(1);
  if (locked) throw forbidden(aiChatMessages.locked, 'AI_LOCKED');
}

const messageView = (row: typeof aiMessages.$inferSelect) => ({
  id: row.id,
  role: row.role as 'user' | 'assistant',
  content: row.content,
  created_at: row.createdAt.toISOString(),
});

function systemPrompt(school: School, language: string | undefined): string {
  const english = language === 'ENG';
  return [
    `You are OVER AI, the assistant of the online school "${school.title}" on the CourseHub platform.`,
    'Help students understand lessons, explain terms and code; help teachers and administrators write tasks, course descriptions and newsletters.',
    'Be concise and accurate; say so when you are not sure.',
    english ? 'Answer in English.' : 'Answer in Russian.',
  ].join(' ');
}

/** SSE frame. */
const event = (name: string | null, data: unknown) => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/**
 * The AI assistant OVER AI (spec §7 chatgpt/…, reference §4.16, help-overai), per school: the
 * original's routes under `/api/{school}/chatgpt/`, for the school's members (its Admin, Teacher and
 * Student; students of a group with overai_lock may read their chats but not ask). Every chat is its
 * owner's only (the original had no ownership checks). The answer streams as server-sent events
 * while the model writes it and is stored whole at the end; questions count against the school's
 * monthly quota and each member's share of it (ai-quota.ts). Without AI_BASE_URL every route
 * answers 503 AI_NOT_CONFIGURED.
 * Prompts and answers are never logged.
 */
export async function aiChatRoutes(app: App): Promise<void> {
  const { ctx } = app;

  /** The member, the school and the configured client: 401, 404, 403, then 503. */
  async function enter(request: FastifyRequest, schoolName: string) {
    const access = await requireSchoolRole(app, request, { name: schoolName }, MEMBERS);
    aiClient(ctx.config.ai);
    return { ...access, userId: request.auth!.userId };
  }

  app.get(
    '/:school/chatgpt/user_welcome_message/',
    {
      schema: {
        tags: ['ai-chat'],
        summary: 'Приветствие ИИ-ассистента школы и показывать ли его пользователю',
        params: SchoolParams,
        response: { 200: Welcome, ...errors(400, 401, 403, 404, 451, 503) },
      },
    },
    async (request) => {
      const { school, userId } = await enter(request, request.params.school);
      return welcome(ctx.db, school.id, userId);
    },
  );

  app.post(
    '/:school/chatgpt/update_welcome_message/',
    {
      schema: {
        tags: ['ai-chat'],
        summary: 'Закрыть или снова показать приветствие (show_welcome_message, любой участник); текст приветствия школы (welcome_message, администратор; "" — текст по умолчанию)',
        params: SchoolParams,
        body: Type.Object({
          show_welcome_message: Type.Optional(Type.Boolean()),
          welcome_message: Type.Optional(Text({ maxLength: 2000 })),
        }),
        response: { 200: Welcome, ...errors(400, 401, 403, 404, 451, 503) },
      },
    },
    async (request) => {
      const { school, role, userId } = await enter(request, request.params.school);
      const { welcome_message: text, show_welcome_message: show } = request.body;
      if (text !== undefined) {
        if (role !== 'Admin') throw forbidden();
        const now = ctx.now();
        await ctx.db
          .insert(aiWelcomeMessages)
          .values({ schoolId: school.id, message: text.trim(), updatedBy: userId, updatedAt: now })
          .onConflictDoUpdate({ target: aiWelcomeMessages.schoolId, set: { message: text.trim(), updatedBy: userId, updatedAt: now } });
      }
      if (show === false) await ctx.db.insert(aiWelcomeSeen).values({ schoolId: school.id, userId }).onConflictDoNothing();
      if (show === true) await ctx.db.delete(aiWelcomeSeen).where(and(eq(aiWelcomeSeen.schoolId, school.id), eq(aiWelcomeSeen.userId, userId)));
      return welcome(ctx.db, school.id, userId);
    },
  );

  app.post(
    '/:school/chatgpt/create_chat/',
    {
      schema: {
        tags: ['ai-chat'],
        summary: 'Новый чат: он встаёт первым в боковой панели, чаты дальше десятого уходят из неё',
        params: SchoolParams,
        body: Type.Object({ orderData: OrderData }),
        response: { 201: Type.Object({ overai_chat_id: Type.Integer(), chat_name: Type.String(), order: Type.Integer() }), ...errors(400, 401, 403, 404, 451, 503) },
      },
    },
    async (request, reply) => {
      const { school, role, userId } = await enter(request, request.params.school);
      await assertNotLocked(ctx.db, school.id, userId, role);
      const now = ctx.now();
      const id = await ctx.db.transaction(async (tx) => {
        const [chat] = await tx
          .insert(aiChats)
          .values({ schoolId: school.id, userId, title: aiChatMessages.newChatTitle, order: 1, createdAt: now, updatedAt: now })
          .returning({ id: aiChats.id });
        await renumber(tx, school.id, userId, [chat!.id]);
        return chat!.id;
      });
      return reply.code(201).send({ overai_chat_id: id, chat_name: aiChatMessages.newChatTitle, order: 1 });
    },
  );

  app.get(
    '/:school/chatgpt/latest_chats/',
    {
      schema: {
        tags: ['ai-chat'],
        summary: 'Чаты пользователя в боковой панели (до 10)',
        params: SchoolParams,
        response: { 200: LatestChats, ...errors(400, 401, 403, 404, 451, 503) },
      },
    },
    async (request) => {
      const { school, userId } = await enter(request, request.params.school);
      return latestChats(ctx.db, school.id, userId);
    },
  );

  app.get(
    '/:school/chatgpt/latest_messages/:chat/',
    {
      schema: {
        tags: ['ai-chat'],
        summary: 'Сообщения чата по возрастанию id: последние limit или до before',
        params: Type.Object({ school: SchoolName, chat: Id }),
        querystring: Type.Object({
          before: Type.Optional(Id),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
        }),
        response: { 200: Type.Object({ results: Type.Array(MessageSchema), has_more: Type.Boolean() }), ...errors(400, 401, 403, 404, 451, 503) },
      },
    },
    async (request) => {
      const { school, userId } = await enter(request, request.params.school);
      const chat = await ownChat(ctx.db, school.id, userId, request.params.chat);
      const limit = request.query.limit ?? 50;
      const { before } = request.query;
      const rows = await ctx.db
        .select()
        .from(aiMessages)
        .where(and(eq(aiMessages.chatId, chat.id), before === undefined ? undefined : lt(aiMessages.id, before)))
        .orderBy(desc(aiMessages.id))
        .limit(limit + 1);
      return { results: rows.slice(0, limit).reverse().map(messageView), has_more: rows.length > limit };
    },
  );

  app.post(
    '/:school/chatgpt/send_message/',
    {
      // Each question costs the school (and the platform) a model call.
      config: limits(app, 30),
      schema: {
        tags: ['ai-chat'],
        summary:
          'Вопрос ассистенту; ответ идёт потоком text/event-stream: события data {"delta"} по мере ответа модели, затем event: done {"question","answer"} (сохранённые сообщения) или event: error {"code","message"}',
        params: SchoolParams,
        body: Type.Object({
          message: Text({ minLength: 1, maxLength: MESSAGE_MAX }),
          overai_chat_id: Id,
          language: Type.Optional(Type.Union([Type.Literal('RU'), Type.Literal('ENG')], { description: 'ENG — по-английски, иначе по-русски' })),
        }),
        response: {
          200: { description: 'Поток событий (text/event-stream)', content: { 'text/event-stream': { schema: Type.String() } } },
          ...errors(400, 401, 403, 404, 429, 451, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const { school, role, userId } = await enter(request, request.params.school);
      await assertNotLocked(ctx.db, school.id, userId, role);
      const text = request.body.message.trim();
      if (!text) throw fieldError('message', aiChatMessages.emptyMessage);
      const chat = await ownChat(ctx.db, school.id, userId, request.body.overai_chat_id);
      const month = usageMonth(ctx.now());
      const limit = aiMessageQuota(school.tariffId);
      await reserveQuestion(ctx.db, { schoolId: school.id, userId, month, limit, share: personalShare(limit, role) });

      // The last exchanges, then the question, stored before the model is asked.
      const earlier = await ctx.db.select().from(aiMessages).where(eq(aiMessages.chatId, chat.id)).orderBy(desc(aiMessages.id)).limit(CONTEXT_MESSAGES);
      const now = ctx.now();
      const question = await ctx.db.transaction(async (tx) => {
        const [row] = await tx.insert(aiMessages).values({ chatId: chat.id, role: 'user', content: text, createdAt: now }).returning();
        await tx
          .update(aiChats)
          .set({ updatedAt: now, ...(earlier.length === 0 ? { title: titleOf(text) } : {}) })
          .where(eq(aiChats.id, chat.id));
        return row!;
      });
      const turns: ChatTurn[] = [
        { role: 'system', content: systemPrompt(school, request.body.language) },
        ...earlier.reverse().map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content })),
        { role: 'user', content: text },
      ];

      // The user leaving (the connection closing before the answer ends) stops the model.
      const upstream = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) upstream.abort();
      });
      let parts: AsyncIterable<AnswerPart>;
      try {
        parts = await streamAnswer(ctx.config.ai, turns, upstream.signal);
      } catch (error) {
        await releaseQuestion(ctx.db, school.id, userId, month);
        // The status only: the endpoint's message may quote the prompt.
        request.log.warn({ status: (error as { status?: number }).status ?? null, aborted: upstream.signal.aborted }, 'ai endpoint refused');
        throw new AppError(502, 'AI_UPSTREAM_ERROR', aiChatMessages.upstreamError);
      }

      const out = new PassThrough();
      // A closed connection destroys the stream under us: later writes are dropped, not thrown.
      out.on('error', () => undefined);
      const write = (chunk: string) => {
        if (!out.destroyed && !out.writableEnded) out.write(chunk);
      };
      const end = (chunk: string) => {
        if (!out.destroyed && !out.writableEnded) out.end(chunk);
      };
      reply
        .code(200)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      // The schema's type is the stream's text; the body is the stream itself.
      void (reply as FastifyReply).send(out);

      let answer = '';
      let usage = { prompt: 0, completion: 0, total: 0 };
      let failed = false;
      try {
        for await (const part of parts) {
          if ('delta' in part) {
            answer += part.delta;
            write(event(null, { delta: part.delta }));
          } else usage = part.usage;
        }
      } catch (error) {
        failed = true;
        if (!upstream.signal.aborted) request.log.warn({ status: (error as { status?: number }).status ?? null }, 'ai stream failed');
      }
      // What the user saw is kept, whole or as far as it came.
      if (answer) {
        const [stored] = await ctx.db
          .insert(aiMessages)
          .values({ chatId: chat.id, role: 'assistant', content: answer, tokens: usage.completion || null, createdAt: ctx.now() })
          .returning();
        if (usage.prompt) await ctx.db.update(aiMessages).set({ tokens: usage.prompt }).where(eq(aiMessages.id, question.id));
        await addTokens(ctx.db, school.id, month, usage.total);
        if (!failed) end(event('done', { question: messageView(question), answer: messageView(stored!) }));
      } else if (!failed) {
        failed = true;
      }
      if (failed) {
        if (!answer) await releaseQuestion(ctx.db, school.id, userId, month);
        end(event('error', { code: 'AI_UPSTREAM_ERROR', message: aiChatMessages.upstreamError }));
      }
      return reply;
    },
  );

  app.post(
    '/:school/chatgpt/delete_chat/',
    {
      schema: {
        tags: ['ai-chat'],
        summary: 'Удалить свой чат с его сообщениями; остальные чаты нумеруются заново',
        params: SchoolParams,
        body: Type.Object({ chat_id: Id, orderData: OrderData }),
        response: { 200: Type.Object({ message: Type.String() }), ...errors(400, 401, 403, 404, 451, 503) },
      },
    },
    async (request) => {
      const { school, userId } = await enter(request, request.params.school);
      await ctx.db.transaction(async (tx) => {
        const deleted = await tx
          .delete(aiChats)
          .where(and(eq(aiChats.id, request.body.chat_id), eq(aiChats.userId, userId), eq(aiChats.schoolId, school.id)))
          .returning({ id: aiChats.id });
        if (deleted.length === 0) throw chatNotFound();
        await renumber(tx, school.id, userId);
      });
      return { message: aiChatMessages.chatDeleted };
    },
  );

  app.post(
    '/:school/chatgpt/assign_chat_order/',
    {
      schema: {
        tags: ['ai-chat'],
        summary: 'Переставить чаты: {"<chat_id>": {"order": 1..10 (0 — убрать из панели)}}; чаты нумеруются заново 1..n',
        params: SchoolParams,
        body: Type.Record(Type.String({ pattern: '^[0-9]{1,9}$' }), Type.Object({ order: Type.Integer({ minimum: 0, maximum: SIDEBAR_CHATS }) }), {
          maxProperties: 100,
        }),
        response: { 200: LatestChats, ...errors(400, 401, 403, 404, 451, 503) },
      },
    },
    async (request) => {
      const { school, userId } = await enter(request, request.params.school);
      const entries = Object.entries(request.body).map(([id, { order }]) => ({ id: Number(id), order }));
      if (entries.length > 0) {
        await ctx.db.transaction(async (tx) => {
          const ids = entries.map((entry) => entry.id);
          const own = await tx
            .select({ id: aiChats.id })
            .from(aiChats)
            .where(and(inArray(aiChats.id, ids), eq(aiChats.userId, userId), eq(aiChats.schoolId, school.id)))
            .for('update');
          if (own.length !== new Set(ids).size) throw chatNotFound();
          const cases = sql.join(
            entries.map((entry) => sql`when ${entry.id}::int then ${entry.order}::int`),
            sql` `,
          );
          await tx.execute(sql`update ai_chats set "order" = case id ${cases} end where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
          await renumber(tx, school.id, userId, entries.filter((entry) => entry.order > 0).map((entry) => entry.id));
        });
      }
      return latestChats(ctx.db, school.id, userId);
    },
  );
}

async function welcome(db: Db, schoolId: number, userId: number) {
  const [[text], [seen]] = await Promise.all([
    db.select({ message: aiWelcomeMessages.message }).from(aiWelcomeMessages).where(eq(aiWelcomeMessages.schoolId, schoolId)),
    db
      .select({ userId: aiWelcomeSeen.userId })
      .from(aiWelcomeSeen)
      .where(and(eq(aiWelcomeSeen.schoolId, schoolId), eq(aiWelcomeSeen.userId, userId))),
  ]);
  return { show_welcome_message: !seen, welcome_message: text?.message || aiChatMessages.defaultWelcome };
}
