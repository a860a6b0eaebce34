import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { telegramMessages as t } from '#core/messages/telegram';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError, fieldError, forbidden } from '../../shared/errors.ts';
import { anonymous } from '../../shared/http/rate-limits.ts';
import { errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireUser } from '../../shared/security/auth.ts';
import { takeRate } from '../../shared/security/rate-counter.ts';
import { directLocalOnly } from '../../shared/http/direct-local-only.ts';
import { escapeHtml } from '../../shared/mail/outbox-page.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { TELEGRAM_KINDS } from './notify.ts';
import { telegramLinkCodes, telegramLinks, telegramOutbox, telegramReminderSettings, telegramSettings } from './tables.ts';
import { codeHash, telegramBot } from './telegram-bot.ts';
import { noticeHomework } from './homework-notices.ts';
import { noticeMeetingReminders } from './meeting-notices.ts';

/** How long a link code may be used. */
export const LINK_CODE_TTL_MS = 10 * 60 * 1000;
/**
 * Link codes per user and hour (in the database: across instances). Someone links Telegram once and
 * may ask again a few times (a code expired, another device); each asks the Bot API and writes a row.
 */
export const LINK_CODE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;
export const LINK_CODES_TOO_OFTEN = 'Слишком много кодов подряд. Подождите немного и попробуйте снова.';
const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const LinkState = Type.Object({
  linked: Type.Boolean(),
  username: Type.String({ description: 'Имя пользователя Telegram без @, или ""' }),
  linked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  bot_configured: Type.Boolean({ description: 'false: бота нет, уведомления копятся в журнале сервера' }),
});
const Kinds = Type.Object({ homework: Type.Boolean(), checks: Type.Boolean(), meetings: Type.Boolean(), chat: Type.Boolean() });
const Reminders = Type.Object({
  daily: Type.Boolean({ description: 'За сутки до встречи' }),
  in_three_hours: Type.Boolean({ description: 'За три часа' }),
  ten_minute: Type.Boolean({ description: 'За десять минут' }),
});

/** The header equals the secret, compared in constant time (both hashed: equal lengths). */
export function secretMatches(expected: string | null, given: string | string[] | undefined): boolean {
  if (expected === null || typeof given !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * Telegram notifications (issue 15; reference §4.17, with its weakness 10 fixed): a chat is linked
 * by `/start <code>` with a one-time code the signed-in user asked for, never by a typed email;
 * the webhook takes updates only with the secret token set on it. Each user chooses the kinds of
 * notice; a school's admin writes to the linked students of its groups and sets meeting reminders.
 */
export async function telegramRoutes(app: App): Promise<void> {
  const { ctx } = app;
  noticeMeetingReminders(ctx);
  noticeHomework(ctx);

  app.post(
    '/telegram/link-code/',
    {
      // Clients send `{}` or nothing at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['telegram'],
        summary: 'Новый одноразовый код привязки Telegram (10 минут) и ссылка на бота с ним',
        body: Type.Object({}, { description: 'Пустое тело' }),
        response: {
          201: Type.Object({
            code: Type.String(),
            bot_link: Type.Union([Type.String(), Type.Null()], { description: 'https://t.me/<бот>?start=<код>; null без бота' }),
            expires_at: Type.String({ format: 'date-time' }),
          }),
          ...errors(401, 403, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(app, request);
      await takeRate(ctx, [{ key: `telegram-link-code:user:${user.id}`, ...LINK_CODE_LIMIT }], LINK_CODES_TOO_OFTEN);
      const bot = telegramBot(ctx);
      let username: string | null = null;
      try {
        username = await bot.username();
      } catch (error) {
        request.log.warn({ err: error }, 'telegram getMe failed');
        throw new AppError(503, 'TELEGRAM_UNAVAILABLE', 'Telegram сейчас недоступен. Попробуйте позже.');
      }
      const code = randomBytes(18).toString('base64url');
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + LINK_CODE_TTL_MS);
      await ctx.db.transaction(async (tx) => {
        // A fresh code replaces the user's earlier ones.
        await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, user.id));
        await tx.insert(telegramLinkCodes).values({ codeHash: codeHash(code), userId: user.id, expiresAt, createdAt: now });
      });
      return reply.code(201).send({ code, bot_link: username ? `https://t.me/${username}?start=${code}` : null, expires_at: expiresAt.toISOString() });
    },
  );

  app.get(
    '/telegram/link/',
    { schema: { tags: ['telegram'], summary: 'Подключён ли Telegram', response: { 200: LinkState, ...errors(401) } } },
    async (request) => {
      const user = await requireUser(app, request);
      const [link] = await ctx.db.select().from(telegramLinks).where(eq(telegramLinks.userId, user.id));
      return { linked: !!link, username: link?.username ?? '', linked_at: link?.linkedAt.toISOString() ?? null, bot_configured: telegramBot(ctx).configured };
    },
  );

  app.delete(
    '/telegram/link/',
    { schema: { tags: ['telegram'], summary: 'Отключить Telegram', response: { 200: LinkState, ...errors(401, 403) } } },
    async (request) => {
      const user = await requireUser(app, request);
      await ctx.db.delete(telegramLinks).where(eq(telegramLinks.userId, user.id));
      return { linked: false, username: '', linked_at: null, bot_configured: telegramBot(ctx).configured };
    },
  );

  app.post(
    '/telegram/webhook/',
    {
      config: anonymous(app, 600),
      schema: {
        tags: ['telegram'],
        summary: 'Обновления бота от Telegram (заголовок X-Telegram-Bot-Api-Secret-Token)',
        body: Type.Object({ update_id: Type.Integer({ minimum: 0 }) }),
        response: { 200: Type.Object({ ok: Type.Boolean() }), ...errors(400, 403) },
      },
    },
    async (request) => {
      const bot = telegramBot(ctx);
      if (!bot.configured || !secretMatches(ctx.config.telegram.webhookSecret, request.headers[SECRET_HEADER])) throw forbidden();
      const update = request.body as unknown as Update;
      // Taken at once: Telegram waits for this answer before it sends the next update, and sends
      // this one again when it is slow. The work and its reply through the Bot API follow; a
      // failure (Telegram unreachable) is logged, never sent back to be retried.
      ctx.jobs.run('telegram:update', () => bot.handleUpdate(update));
      return { ok: true };
    },
  );

  app.get(
    '/tg_notification/tg_notif/',
    { schema: { tags: ['telegram'], summary: 'Какие уведомления присылать в Telegram', response: { 200: Kinds, ...errors(401) } } },
    async (request) => {
      const user = await requireUser(app, request);
      const [row] = await ctx.db.select().from(telegramSettings).where(eq(telegramSettings.userId, user.id));
      return { homework: row?.homework ?? true, checks: row?.checks ?? true, meetings: row?.meetings ?? true, chat: row?.chat ?? true };
    },
  );

  app.patch(
    '/tg_notification/tg_notif/',
    {
      schema: {
        tags: ['telegram'],
        summary: 'Включить или выключить виды уведомлений в Telegram',
        body: Type.Partial(Kinds, { minProperties: 1 }),
        response: { 200: Kinds, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = await requireUser(app, request);
      const changes = Object.fromEntries(TELEGRAM_KINDS.filter((kind) => request.body[kind] !== undefined).map((kind) => [kind, request.body[kind]!]));
      const now = ctx.now();
      const [row] = await ctx.db
        .insert(telegramSettings)
        .values({ userId: user.id, ...changes, updatedAt: now })
        .onConflictDoUpdate({ target: telegramSettings.userId, set: { ...changes, updatedAt: now } })
        .returning();
      return { homework: row!.homework, checks: row!.checks, meetings: row!.meetings, chat: row!.chat };
    },
  );

  app.post(
    '/:school/tg_notification/tg_messages/send-message/',
    {
      schema: {
        tags: ['telegram'],
        summary: 'Написать в Telegram ученикам групп школы, подключившим его (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: Type.Object({
          message: Text({ maxLength: 4000 }),
          students_groups: Type.Array(Id, { maxItems: 1000 }),
        }),
        response: { 200: Type.Object({ status: Type.String(), recipients: Type.Integer({ description: 'Ученики с подключённым Telegram' }) }), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const message = request.body.message.trim();
      const groups = [...new Set(request.body.students_groups)];
      if (!message || groups.length === 0) throw fieldError(message ? 'students_groups' : 'message', t.noMessageOrGroups);
      const own = await ctx.db.select({ id: studentsGroups.id }).from(studentsGroups).where(and(eq(studentsGroups.schoolId, school.id), inArray(studentsGroups.id, groups)));
      if (own.length !== groups.length) throw fieldError('students_groups', t.groupsNotInSchool, 'GROUPS_NOT_IN_SCHOOL');
      // The linked students of those groups, each once.
      const chats = await ctx.db
        .selectDistinct({ userId: telegramLinks.userId, chatId: telegramLinks.chatId })
        .from(studentsGroupMembers)
        .innerJoin(telegramLinks, eq(telegramLinks.userId, studentsGroupMembers.userId))
        .where(inArray(studentsGroupMembers.groupId, groups));
      const bot = telegramBot(ctx);
      const text = `${school.title}: ${message}`;
      ctx.jobs.run('telegram:send-message', async () => {
        const failures: unknown[] = [];
        for (const chat of chats) await bot.send(chat.chatId, chat.userId, text).catch((error: unknown) => failures.push(error));
        if (failures.length) throw new AggregateError(failures, `telegram: ${failures.length} of ${chats.length} messages not sent`);
      });
      return { status: t.sentToGroups, recipients: chats.length };
    },
  );

  const reminderParams = Type.Object({ school: SchoolName });
  const remindersOf = (row: typeof telegramReminderSettings.$inferSelect | undefined) => ({
    daily: row?.daily ?? true,
    in_three_hours: row?.inThreeHours ?? false,
    ten_minute: row?.tenMinute ?? true,
  });

  app.get(
    '/:school/tg_notification/reminders/',
    {
      schema: {
        tags: ['telegram'],
        summary: 'Когда напоминать ученикам о встречах школы в Telegram (администратор)',
        params: reminderParams,
        response: { 200: Reminders, ...errors(401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const [row] = await ctx.db.select().from(telegramReminderSettings).where(eq(telegramReminderSettings.schoolId, school.id));
      return remindersOf(row);
    },
  );

  app.patch(
    '/:school/tg_notification/reminders/',
    {
      schema: {
        tags: ['telegram'],
        summary: 'Изменить напоминания о встречах (администратор)',
        params: reminderParams,
        body: Type.Partial(Reminders, { minProperties: 1 }),
        response: { 200: Reminders, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { daily, in_three_hours: inThreeHours, ten_minute: tenMinute } = request.body;
      const changes = { ...(daily === undefined ? {} : { daily }), ...(inThreeHours === undefined ? {} : { inThreeHours }), ...(tenMinute === undefined ? {} : { tenMinute }) };
      const now = ctx.now();
      const [row] = await ctx.db
        .insert(telegramReminderSettings)
        .values({ schoolId: school.id, ...changes, updatedAt: now })
        .onConflictDoUpdate({ target: telegramReminderSettings.schoolId, set: { ...changes, updatedAt: now } })
        .returning();
      return remindersOf(row);
    },
  );

  // As the mail outbox: the notices a demo without a bot would have sent, to this machine only.
  if (ctx.config.demo && !ctx.config.telegram.botToken) {
    app.get(
      '/dev/telegram-outbox/',
      { onRequest: directLocalOnly, schema: { tags: ['telegram'], summary: 'Демо-режим без бота: последние 50 уведомлений Telegram (только с этого компьютера)', response: { 200: Type.String({ description: 'HTML-страница' }), ...errors(404) } } },
      async (_request, reply) => {
        const rows = await ctx.db.select().from(telegramOutbox).orderBy(desc(telegramOutbox.id)).limit(50);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(telegramOutboxPage(rows));
      },
    );
  }
}

/** The outbox page: plain HTML, every text escaped (notices carry names and titles users typed). */
export function telegramOutboxPage(rows: readonly (typeof telegramOutbox.$inferSelect)[]): string {
  const items = rows
    .map((row) => `<article>\n<p>Чат ${row.chatId}, <time datetime="${row.createdAt.toISOString()}">${row.createdAt.toISOString()}</time></p>\n<pre>${escapeHtml(row.text)}</pre>\n</article>`)
    .join('\n<hr>\n');
  return (
    '<!doctype html>\n<html lang="ru">\n<head>\n<meta charset="utf-8">\n<meta name="robots" content="noindex">\n' +
    '<title>Уведомления Telegram — CourseHub (демо)</title>\n</head>\n<body>\n<main>\n<h1>Уведомления Telegram</h1>\n' +
    '<p>Демо-режим: бот Telegram не настроен (TELEGRAM_BOT_TOKEN), поэтому уведомления показаны здесь. Последние 50, новые сверху.</p>\n' +
    (items || '<p>Уведомлений пока нет.</p>') +
    '\n</main>\n</body>\n</html>\n'
  );
}

/** The school's meeting reminder settings, for the meetings feature's reminder job. */
export async function schoolReminderSettings(ctx: AppContext, schoolId: number) {
  const [row] = await ctx.db.select().from(telegramReminderSettings).where(eq(telegramReminderSettings.schoolId, schoolId));
  return { daily: row?.daily ?? true, inThreeHours: row?.inThreeHours ?? false, tenMinute: row?.tenMinute ?? true };
}
