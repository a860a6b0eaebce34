// Telegram notifications (telegram-routes.ts, notify.ts, telegram-bot.ts) against a local server
// that speaks the Bot API: linking by /start <code>, the webhook's secret, the webhook answering
// before the Bot API does (slow or unreachable), link codes limited per user, the settings, the
// admin's message to groups, meeting reminder settings, and the homework notices.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { telegramMessages } from '#core/messages/telegram';
import { addMember, registerOwner, type Account } from '../../../../tests/server/fixtures.ts';
import { BOT_USERNAME, startFakeTelegram, type FakeTelegram } from '../../../../tests/server/fake-telegram.ts';
import { handIn, homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { telegramLinkCodes, telegramLinks, telegramOutbox, telegramSettings } from './tables.ts';
import { telegramBot } from './telegram-bot.ts';
import { LINK_CODE_LIMIT, LINK_CODES_TOO_OFTEN } from './telegram-routes.ts';
import { sendMeetingReminder } from '../meetings/index.ts';

const TOKEN = `123456:${'T'.repeat(35)}`;
const SECRET = 'webhook_secret-42';

let api: FakeTelegram;
let t: TestApp;
let s: HomeworkSchool;
let updateId = 0;

beforeAll(async () => {
  api = await startFakeTelegram();
  t = await createTestApp({ telegram: { botToken: TOKEN, webhookSecret: SECRET, apiUrl: api.url } });
  s = await homeworkSchool(t.app, 'Телеграм');
});
afterAll(async () => {
  await t?.close();
  await api?.close();
});

/** A private message from a Telegram user to the bot, as Telegram posts it to the webhook. */
function update(chatId: number, text: string, username = 'ivan_tg') {
  updateId += 1;
  // Telegram marks the command with its @bot, if any.
  const command = /^\/[\w@]+/.exec(text);
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', first_name: 'Иван', username },
      from: { id: chatId, is_bot: false, first_name: 'Иван', username },
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
    },
  };
}

/** Posts an update to the webhook, and (unless `settle` is false) waits for the work it left in the background. */
async function webhook(body: unknown, secret: string | null = SECRET, app = t.app, settle = true) {
  const res = await app.inject({ method: 'POST', url: '/api/telegram/webhook/', headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }, payload: body as object });
  if (settle) await app.ctx.jobs.idle();
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function linkCode(user: Account): Promise<string> {
  const res = await call(t.app, 'POST', '/api/telegram/link-code/', { token: user.access });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!.code as string;
}

async function link(user: Account, chatId: number) {
  await t.app.ctx.db.insert(telegramLinks).values({ userId: user.id, chatId, username: '' }).onConflictDoUpdate({ target: telegramLinks.userId, set: { chatId } });
}

describe('linking a chat', () => {
  it('gives a one-time code with the bot link, links the chat on /start <code> and replies', async () => {
    const student = s.students[0]!;
    const before = await call(t.app, 'GET', '/api/telegram/link/', { token: student.access });
    expect(before.body).toEqual({ linked: false, username: '', linked_at: null, bot_configured: true });

    // `{}` is taken as well as nothing; a malformed body is not.
    expect((await call(t.app, 'POST', '/api/telegram/link-code/', { token: student.access, body: {} })).status).toBe(201);
    expect((await call(t.app, 'POST', '/api/telegram/link-code/', { token: student.access, body: [] })).status).toBe(400);
    const res = await call(t.app, 'POST', '/api/telegram/link-code/', { token: student.access });
    expect(res.status).toBe(201);
    const code = res.body!.code as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(res.body!.bot_link).toBe(`https://t.me/${BOT_USERNAME}?start=${code}`);
    expect(new Date(res.body!.expires_at as string).getTime()).toBe(t.clock.now.getTime() + 10 * 60 * 1000);
    // Only its hash is kept.
    const [row] = await t.app.ctx.db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.userId, student.id));
    expect(row!.codeHash).not.toContain(code);

    expect(await webhook(update(700001, `/start ${code}`))).toEqual({ status: 200, body: { ok: true } });
    expect(api.sentTo(700001)).toEqual([telegramMessages.linked]);
    const after = await call(t.app, 'GET', '/api/telegram/link/', { token: student.access });
    expect(after.body).toEqual({ linked: true, username: 'ivan_tg', linked_at: t.clock.now.toISOString(), bot_configured: true });
    expect(api.calls.every((c) => c.token === TOKEN)).toBe(true);
    // With a bot there is no outbox page.
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/telegram-outbox/' })).statusCode).toBe(404);

    // The same code again, from another chat: refused, the link stays.
    await webhook(update(700002, `/start ${code}`, 'thief'));
    expect(api.sentTo(700002)).toEqual([telegramMessages.codeInvalid]);
    const [linked] = await t.app.ctx.db.select().from(telegramLinks).where(eq(telegramLinks.userId, student.id));
    expect(linked!.chatId).toBe(700001);
  });

  it('refuses an expired code, an unknown one, one with a NUL byte, and a code replaced by a fresh one', async () => {
    const student = s.students[1]!;
    const old = await linkCode(student);
    const fresh = await linkCode(student);
    await webhook(update(700010, `/start ${old}`));
    const late = await linkCode(student);
    t.clock.advance(10 * 60 * 1000 + 1);
    await webhook(update(700010, `/start ${late}`));
    await webhook(update(700010, '/start unknown-code-000000000000'));
    await webhook(update(700010, `/start ab\u0000cd${'x'.repeat(20)}`));
    await webhook(update(700010, '/start'));
    await webhook(update(700010, 'привет'));
    expect(api.sentTo(700010)).toEqual([...Array(4).fill(telegramMessages.codeInvalid), telegramMessages.startHelp, telegramMessages.startHelp]);
    expect((await call(t.app, 'GET', '/api/telegram/link/', { token: student.access })).body!.linked).toBe(false);
    // A username with a NUL byte (only a forged update could carry one) is stored without it.
    const other = await addMember(t.app, s.owner.schoolId, 'Student');
    await webhook(update(700011, `/start ${await linkCode(other)}`, 'bad\u0000name'));
    expect(api.sentTo(700011)).toEqual([telegramMessages.linked]);
    expect((await call(t.app, 'GET', '/api/telegram/link/', { token: other.access })).body).toMatchObject({ linked: true, username: 'badname' });
    // `fresh` was the user's newest code until `late` replaced it.
    await webhook(update(700010, `/start ${fresh}`));
    expect(api.sentTo(700010).at(-1)).toBe(telegramMessages.codeInvalid);
  });

  it('takes updates only with the secret token: a wrong, missing or other-length secret is 403', async () => {
    const student = s.students[2]!;
    const code = await linkCode(student);
    for (const secret of ['webhook_secret-43', null, '', SECRET.slice(0, -1), `${SECRET}x`]) {
      expect((await webhook(update(700020, `/start ${code}`), secret)).status).toBe(403);
    }
    expect(api.sentTo(700020)).toEqual([]);
    expect((await webhook({ no_update_id: 1 })).status).toBe(400);
    const broken = await t.app.inject({ method: 'POST', url: '/api/telegram/webhook/', headers: { 'x-telegram-bot-api-secret-token': SECRET, 'content-type': 'application/json' }, payload: '{"update_id": 1' });
    expect(broken.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/telegram/link/', { token: student.access })).body!.linked).toBe(false);
  });

  it('unlinks; every route needs a session', async () => {
    const student = s.students[0]!;
    const res = await call(t.app, 'DELETE', '/api/telegram/link/', { token: student.access });
    expect(res.body).toEqual({ linked: false, username: '', linked_at: null, bot_configured: true });
    expect(await t.app.ctx.db.select().from(telegramLinks).where(eq(telegramLinks.userId, student.id))).toEqual([]);
    for (const [method, url] of [
      ['POST', '/api/telegram/link-code/'],
      ['GET', '/api/telegram/link/'],
      ['DELETE', '/api/telegram/link/'],
      ['GET', '/api/tg_notification/tg_notif/'],
      ['PATCH', '/api/tg_notification/tg_notif/'],
    ] as const) {
      expect((await call(t.app, method, url, method === 'PATCH' ? { body: { chat: false } } : {})).status, url).toBe(401);
    }
  });
});

describe('the webhook', () => {
  const linkedState = async (user: Account) => (await call(t.app, 'GET', '/api/telegram/link/', { token: user.access })).body!.linked as boolean;

  it('answers before the update is handled; the chat is linked at once and the reply goes out when Telegram answers', async () => {
    const student = await addMember(t.app, s.owner.schoolId, 'Student');
    const code = await linkCode(student);
    // What happens first: the webhook's answer, or the end of the update's work (the reply sent or given up).
    const order: string[] = [];
    const bot = telegramBot(t.app.ctx);
    const handleUpdate = bot.handleUpdate.bind(bot);
    const handled = vi.spyOn(bot, 'handleUpdate').mockImplementation(async (body) => {
      try {
        await handleUpdate(body);
      } finally {
        order.push('handled');
      }
    });
    const release = api.stall();
    try {
      expect(await webhook(update(750001, `/start@${BOT_USERNAME} ${code}`), SECRET, t.app, false)).toEqual({ status: 200, body: { ok: true } });
      order.push('answered');
      // The reply reaches Telegram, which holds it: the chat is linked meanwhile.
      await vi.waitFor(() => expect(api.waiting()).toBe(1), { timeout: 10_000 });
      expect(await linkedState(student)).toBe(true);
      expect(api.sentTo(750001)).toEqual([]);
    } finally {
      release();
    }
    await t.app.ctx.jobs.idle();
    handled.mockRestore();
    expect(order).toEqual(['answered', 'handled']);
    expect(api.sentTo(750001)).toEqual([telegramMessages.linked]);
  });

  it('links while Telegram is unreachable and logs the reply it could not send', async () => {
    const student = await addMember(t.app, s.owner.schoolId, 'Student');
    const code = await linkCode(student);
    const logged = vi.spyOn(t.app.log, 'error');
    api.unreachable = true;
    try {
      expect(await webhook(update(750002, `/start ${code}`))).toEqual({ status: 200, body: { ok: true } });
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ job: 'telegram:update', err: expect.anything() }), 'background job failed');
    } finally {
      api.unreachable = false;
      logged.mockRestore();
    }
    expect(await linkedState(student)).toBe(true);
    expect(api.sentTo(750002)).toEqual([]);
    // The bot answers again once Telegram is back.
    await webhook(update(750002, 'привет'));
    expect(api.sentTo(750002)).toEqual([telegramMessages.startHelp]);
  });
});

describe('link code limits', () => {
  it(`give a user ${LINK_CODE_LIMIT.max} codes an hour, then 429 with a Russian message; another user is not affected`, async () => {
    const limited = await createTestApp({ rateLimit: true, telegram: { botToken: TOKEN, webhookSecret: SECRET, apiUrl: api.url } });
    try {
      const owner = await registerOwner(limited.app, { schoolTitle: 'Лимит кодов' });
      const student = await addMember(limited.app, owner.schoolId, 'Student');
      const ask = (token: string) => call(limited.app, 'POST', '/api/telegram/link-code/', { token });
      limited.clock.advance(LINK_CODE_LIMIT.windowMs - (limited.clock.now.getTime() % LINK_CODE_LIMIT.windowMs));
      for (let i = 0; i < LINK_CODE_LIMIT.max; i += 1) expect((await ask(student.access)).status).toBe(201);
      const refused = await ask(student.access);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: LINK_CODES_TOO_OFTEN });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await limited.app.ctx.db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.userId, student.id))).toHaveLength(1);
      expect((await ask(owner.access)).status).toBe(201);
      // Without a session nothing is counted or given.
      expect((await call(limited.app, 'POST', '/api/telegram/link-code/', {})).status).toBe(401);
      limited.clock.advance(LINK_CODE_LIMIT.windowMs);
      expect((await ask(student.access)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('notification settings', () => {
  it('are all on by default, changed one by one; a malformed body is refused', async () => {
    const user = await addMember(t.app, s.owner.schoolId, 'Student');
    const url = '/api/tg_notification/tg_notif/';
    expect((await call(t.app, 'GET', url, { token: user.access })).body).toEqual({ homework: true, checks: true, meetings: true, chat: true });
    expect((await call(t.app, 'PATCH', url, { token: user.access, body: { chat: false } })).body).toEqual({ homework: true, checks: true, meetings: true, chat: false });
    expect((await call(t.app, 'PATCH', url, { token: user.access, body: { checks: false, chat: true } })).body).toEqual({ homework: true, checks: false, meetings: true, chat: true });
    expect((await call(t.app, 'GET', url, { token: user.access })).body).toEqual({ homework: true, checks: false, meetings: true, chat: true });
    for (const body of [{}, { chat: 'no' }, { chat: 'off\u0000' }, [], 1]) {
      expect((await call(t.app, 'PATCH', url, { token: user.access, body })).status, JSON.stringify(body)).toBe(400);
    }
    // Another user's settings are their own.
    expect((await call(t.app, 'GET', url, { token: s.admin.access })).body).toEqual({ homework: true, checks: true, meetings: true, chat: true });
  });
});

describe('the admin writes to groups', () => {
  const url = (school = s.owner.schoolName) => `/api/${school}/tg_notification/tg_messages/send-message/`;

  it('sends the text to the linked students of the groups, each once', async () => {
    const [a, b, c] = s.students as [Account, Account, Account];
    await link(a, 710001);
    await link(b, 710002);
    await t.app.ctx.db.delete(telegramLinks).where(eq(telegramLinks.userId, c.id));
    await link(s.alone, 710003);
    await link(s.teacher, 710004);
    const res = await call(t.app, 'POST', url(), { token: s.admin.access, body: { message: '  Завтра занятие в 19:00  ', students_groups: [s.group, s.soloGroup, s.group] } });
    expect(res).toMatchObject({ status: 200, body: { status: 'Уведомления отправлены', recipients: 3 } });
    await t.app.ctx.jobs.idle();
    for (const chat of [710001, 710002, 710003]) expect(api.sentTo(chat)).toEqual(['Телеграм: Завтра занятие в 19:00']);
    expect(api.sentTo(710004)).toEqual([]);
  });

  it("refuses another school's groups, other roles, no session, a malformed body and a NUL byte", async () => {
    const body = { message: 'Привет', students_groups: [s.group] };
    const before = api.calls.length;
    expect((await call(t.app, 'POST', url(), { token: s.admin.access, body: { ...body, students_groups: [s.group, 999999] } })).body).toMatchObject({ code: 'GROUPS_NOT_IN_SCHOOL' });
    expect((await call(t.app, 'POST', url(s.other.schoolName), { token: s.other.access, body })).status).toBe(400);
    expect((await call(t.app, 'POST', url(s.other.schoolName), { token: s.admin.access, body })).status).toBe(403);
    expect((await call(t.app, 'POST', url(), { token: s.other.access, body })).status).toBe(403);
    expect((await call(t.app, 'POST', url(), { token: s.teacher.access, body })).status).toBe(403);
    expect((await call(t.app, 'POST', url(), { token: s.students[0]!.access, body })).status).toBe(403);
    expect((await call(t.app, 'POST', url(), { body })).status).toBe(401);
    for (const bad of [{ message: 'x' }, { message: '   ', students_groups: [s.group] }, { message: 'x', students_groups: [] }, { message: 'a\u0000b', students_groups: [s.group] }, { message: 1, students_groups: [s.group] }, { message: 'x', students_groups: ['a'] }]) {
      expect((await call(t.app, 'POST', url(), { token: s.admin.access, body: bad })).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(t.app, 'POST', url(), { token: s.admin.access, body: { message: '', students_groups: [s.group] } })).body).toMatchObject({ message: telegramMessages.noMessageOrGroups });
    await t.app.ctx.jobs.idle();
    expect(api.calls.length).toBe(before);
  });
});

describe('meeting reminder settings', () => {
  const url = (school = s.owner.schoolName) => `/api/${school}/tg_notification/reminders/`;
  it('the admin reads and changes them; others are refused', async () => {
    expect((await call(t.app, 'GET', url(), { token: s.admin.access })).body).toEqual({ daily: true, in_three_hours: false, ten_minute: true });
    expect((await call(t.app, 'PATCH', url(), { token: s.admin.access, body: { in_three_hours: true, daily: false } })).body).toEqual({ daily: false, in_three_hours: true, ten_minute: true });
    expect((await call(t.app, 'GET', url(), { token: s.owner.access })).body).toEqual({ daily: false, in_three_hours: true, ten_minute: true });
    // The other school keeps its own.
    expect((await call(t.app, 'GET', url(s.other.schoolName), { token: s.other.access })).body).toEqual({ daily: true, in_three_hours: false, ten_minute: true });
    expect((await call(t.app, 'PATCH', url(s.other.schoolName), { token: s.admin.access, body: { daily: true } })).status).toBe(403);
    expect((await call(t.app, 'GET', url(s.other.schoolName), { token: s.admin.access })).status).toBe(403);
    expect((await call(t.app, 'PATCH', url(), { token: s.teacher.access, body: { daily: true } })).status).toBe(403);
    expect((await call(t.app, 'GET', url(), { token: s.students[0]!.access })).status).toBe(403);
    expect((await call(t.app, 'GET', url())).status).toBe(401);
    for (const bad of [{}, { daily: 'yes' }, { daily: '\u0000' }, [], 1]) {
      expect((await call(t.app, 'PATCH', url(), { token: s.admin.access, body: bad })).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(t.app, 'PATCH', url(), { token: s.admin.access, body: { daily: true } })).body).toEqual({ daily: true, in_three_hours: true, ten_minute: true });
  });
});

describe('homework notices', () => {
  it("tell the teacher of a hand-in and the student of a check, by the user's settings", async () => {
    const [student, second] = s.students as [Account, Account];
    await link(student, 720001);
    await link(second, 720002);
    await link(s.teacher, 720003);
    const work = await handIn(t.app, s.owner.schoolName, student, s.course.homework);
    await t.app.ctx.jobs.idle();
    expect(api.sentTo(720003)).toEqual(['Новая работа на проверку: Ученик0 Домашкин — «Первое задание».']);

    const check = await call(t.app, 'POST', `/api/${s.owner.schoolName}/user_homework_checks/`, { token: s.teacher.access, body: { user_homework: work.user_homework_id ?? work.id, text: 'Доработайте', status: 'revision', mark: 3 } });
    expect(check.status, JSON.stringify(check.body)).toBe(201);
    await t.app.ctx.jobs.idle();
    expect(api.sentTo(720001)).toEqual(['Работа «Первое задание» проверена: На доработке, оценка 3.']);

    // The second student turned checks off; the teacher's blocked chat does not fail the hand-in.
    await t.app.ctx.db.insert(telegramSettings).values({ userId: second.id, checks: false });
    api.blocked.add(720003);
    const other = await handIn(t.app, s.owner.schoolName, second, s.course.homework);
    const accepted = await call(t.app, 'POST', `/api/${s.owner.schoolName}/user_homework_checks/`, { token: s.admin.access, body: { user_homework: other.user_homework_id ?? other.id, status: 'accepted' } });
    expect(accepted.status).toBe(201);
    await t.app.ctx.jobs.idle();
    expect(api.sentTo(720002)).toEqual([]);
    api.blocked.delete(720003);
  });
});

describe('meeting reminders', () => {
  it("reach the linked members of the meeting's groups, the ten-minute one as the school sets it", async () => {
    const [student] = s.students as [Account];
    await link(student, 740001);
    await link(s.teacher, 740002);
    const startsAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const created = await call(t.app, 'POST', `/api/${s.owner.schoolName}/school_meetings/`, {
      token: s.admin.access,
      body: { title: 'Разбор', starts_at: startsAt, link: 'https://meet.example.com/r', student_groups: [s.group] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const meetingId = created.body!.id as number;
    expect(await sendMeetingReminder(t.app.ctx, { meeting_id: meetingId, starts_at: startsAt, minutes_before: 60 })).toBeTruthy();
    await t.app.ctx.jobs.idle();
    // The start in the school's zone (Europe/Moscow by default, UTC+3 all year), as in the mail.
    const moscow = new Date(Date.parse(startsAt) + 3 * 60 * 60_000).toISOString();
    const start = `${moscow.slice(8, 10)}.${moscow.slice(5, 7)}.${moscow.slice(0, 4)}, ${moscow.slice(11, 16)} (GMT+3)`;
    for (const chat of [740001, 740002]) {
      expect(api.sentTo(chat)).toEqual([expect.stringMatching(/^Встреча «Разбор» начнётся через \d+ минут.* — .+\. Подключиться: https:\/\/meet\.example\.com\/r$/)]);
      expect(api.sentTo(chat)[0]).toContain(` — ${start}. `);
    }

    // The school turned the ten-minute reminder off: the mail goes, Telegram stays silent.
    expect((await call(t.app, 'PATCH', `/api/${s.owner.schoolName}/tg_notification/reminders/`, { token: s.admin.access, body: { ten_minute: false } })).status).toBe(200);
    await sendMeetingReminder(t.app.ctx, { meeting_id: meetingId, starts_at: startsAt, minutes_before: 10 });
    await t.app.ctx.jobs.idle();
    expect(api.sentTo(740001)).toHaveLength(1);
  });
});

describe('without a bot token', () => {
  it('keeps the notices in the outbox, gives a code without a link and refuses updates', async () => {
    const local = await createTestApp({ telegram: { botToken: null, webhookSecret: null, apiUrl: api.url } });
    try {
      const school = await homeworkSchool(local.app, 'Без бота', 1);
      const student = school.students[0]!;
      const before = api.calls.length;
      const res = await call(local.app, 'POST', '/api/telegram/link-code/', { token: student.access });
      expect(res.body).toMatchObject({ bot_link: null });
      expect((await call(local.app, 'GET', '/api/telegram/link/', { token: student.access })).body).toMatchObject({ bot_configured: false });
      expect((await webhook(update(730000, `/start ${res.body!.code as string}`), SECRET, local.app)).status).toBe(403);

      await local.app.ctx.db.insert(telegramLinks).values({ userId: student.id, chatId: 730001 });
      const work = await handIn(local.app, school.owner.schoolName, student, school.course.homework);
      const check = await call(local.app, 'POST', `/api/${school.owner.schoolName}/user_homework_checks/`, { token: school.teacher.access, body: { user_homework: work.user_homework_id ?? work.id, status: 'accepted', mark: 5 } });
      expect(check.status).toBe(201);
      await local.app.ctx.jobs.idle();
      const outbox = await local.app.ctx.db.select().from(telegramOutbox);
      expect(outbox).toEqual([expect.objectContaining({ userId: student.id, chatId: 730001, text: 'Работа «Первое задание» проверена: Принято, оценка 5.' })]);
      expect(api.calls.length).toBe(before);

      // The demo's outbox page shows them to this machine only, escaped.
      await local.app.ctx.db.insert(telegramOutbox).values({ chatId: 730001, text: '<script>alert(1)</script>' });
      const page = await local.app.inject({ method: 'GET', url: '/api/dev/telegram-outbox/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('Работа «Первое задание» проверена: Принято, оценка 5.');
      expect(page.body).toContain('&#60;script&#62;');
      expect(page.body).not.toContain('<script>');
      expect((await local.app.inject({ method: 'GET', url: '/api/dev/telegram-outbox/', remoteAddress: '203.0.113.5' })).statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });
});
