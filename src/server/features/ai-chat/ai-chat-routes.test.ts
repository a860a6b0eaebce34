// The AI assistant (ai-chat-routes.ts) against a local server speaking the OpenAI chat completions
// protocol: chats and their order, the streamed answer arriving in parts and stored, the school's
// monthly quota and each member's share of it, the not-configured state, ownership, another school, roles, no token, bad bodies.
import { aiChatMessages } from '#core/messages/ai-chat';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/helpers/fake-openai.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { AI_MESSAGES_BY_TARIFF, aiMessageQuota, personalShare, usageMonth } from './ai-quota.ts';
import { aiChats, aiMessages, aiUsage, aiUserUsage } from './tables.ts';

let t: TestApp;
let fake: FakeOpenAi;
let owner: Owner;
let other: Owner;
let admin: Account;
let teacher: Account;
let student: Account;
let lockedStudent: Account;
let stranger: Account;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({ ai: { baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model' } });
  owner = await registerOwner(t.app, { schoolTitle: 'ИИ школа' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужая ИИ школа' });
  await setTariff(t.app, owner.schoolId, 2);
  await setTariff(t.app, other.schoolId, 2);
  admin = await addMember(t.app, owner.schoolId, 'Admin');
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  lockedStudent = await addMember(t.app, owner.schoolId, 'Student');
  stranger = await addMember(t.app, other.schoolId, 'Admin');
  const courseId = (await addCourse(t.app, owner.schoolId)).id;
  const [group] = await t.app.ctx.db
    .insert(studentsGroups)
    .values({ schoolId: owner.schoolId, courseId, teacherId: null, type: 'WITHOUT_TEACHER', name: 'Итоговый тест', overaiLock: true })
    .returning({ id: studentsGroups.id });
  await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: group!.id, userId: lockedStudent.id, courseId });
});
afterAll(async () => {
  // The streamed answers' keep-alive connections (fetch's pool) would hold the server open.
  t?.app.server.closeAllConnections();
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.script = { kind: 'stream', parts: ['Привет', ', ', 'мир!'] };
});

let address: string | undefined;
/** The app on a real port, for reading the stream as it comes and for leaving mid-answer. */
const listening = async () => (address ??= await t.app.listen({ port: 0, host: '127.0.0.1' }));

const url = (route: string, school = owner.schoolName) => `/api/${school}/chatgpt/${route}`;
const createChat = async (token: string, school = owner.schoolName) => {
  const res = await call(t.app, 'POST', url('create_chat/', school), { token, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!.overai_chat_id as number;
};

/** The SSE frames of a whole answer: [event name, data]. */
function frames(text: string): [string, Body][] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const name = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? 'null';
      return [name, JSON.parse(data) as Body];
    });
}

async function send(token: string, body: Body, school = owner.schoolName) {
  const res = await t.app.inject({ method: 'POST', url: url('send_message/', school), headers: { authorization: `Bearer ${token}` }, payload: body });
  return { status: res.statusCode, headers: res.headers, text: res.body };
}

describe('chats', () => {
  it('creates chats on top of the sidebar, keeps 10, reorders and deletes them', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 11; i += 1) ids.push(await createChat(teacher.access));
    const latest = await call(t.app, 'GET', url('latest_chats/'), { token: teacher.access });
    expect(latest.status).toBe(200);
    // The newest is 1; the first one left the sidebar.
    expect(latest.body![String(ids[10])]).toEqual({ order: 1, chat_name: aiChatMessages.newChatTitle });
    expect(latest.body![String(ids[1])]).toEqual({ order: 10, chat_name: aiChatMessages.newChatTitle });
    expect(latest.body![String(ids[0])]).toBeUndefined();
    expect(Object.keys(latest.body!)).toHaveLength(10);

    const moved = await call(t.app, 'POST', url('assign_chat_order/'), { token: teacher.access, body: { [ids[1]!]: { order: 1 }, [ids[10]!]: { order: 2 } } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body![String(ids[1])]).toMatchObject({ order: 1 });
    expect(moved.body![String(ids[10])]).toMatchObject({ order: 2 });
    expect(Object.values(moved.body!).map((c: Body) => c.order).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const deleted = await call(t.app, 'POST', url('delete_chat/'), { token: teacher.access, body: { chat_id: ids[1], orderData: [{ id: ids[10], order: 1 }] } });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Чат успешно удален' } });
    const after = await call(t.app, 'GET', url('latest_chats/'), { token: teacher.access });
    expect(after.body![String(ids[1])]).toBeUndefined();
    expect(after.body![String(ids[10])]).toMatchObject({ order: 1 });
    // The chat that had left the sidebar comes back as the tenth.
    expect(after.body![String(ids[0])]).toMatchObject({ order: 10 });
    expect(await t.app.ctx.db.select().from(aiChats).where(eq(aiChats.id, ids[1]!))).toEqual([]);
  });

  it('reads the sidebar in one statement after the school check', async () => {
    await createChat(admin.access);
    const reads = await readsDuring(t.app, () => call(t.app, 'GET', url('latest_chats/'), { token: admin.access }));
    expect(reads.filter((q) => /ai_chats/.test(q))).toHaveLength(1);
    expect(reads.length).toBeLessThanOrEqual(2);
  });

  it("hides another user's chat (404) and refuses to delete, read, reorder or write to it", async () => {
    const chat = await createChat(admin.access);
    expect((await call(t.app, 'GET', url(`latest_messages/${chat}/`), { token: teacher.access })).status).toBe(404);
    expect((await call(t.app, 'POST', url('delete_chat/'), { token: teacher.access, body: { chat_id: chat } })).status).toBe(404);
    expect((await call(t.app, 'POST', url('assign_chat_order/'), { token: teacher.access, body: { [chat]: { order: 1 } } })).status).toBe(404);
    expect((await send(teacher.access, { message: 'Чужой чат?', overai_chat_id: chat })).status).toBe(404);
    expect(fake.requests.filter((r) => r.body.messages.at(-1)?.content === 'Чужой чат?')).toEqual([]);
    // The owner still has it.
    expect((await call(t.app, 'GET', url(`latest_messages/${chat}/`), { token: admin.access })).status).toBe(200);
  });

  it("keeps another school's members out, and a user's chat out of their other school", async () => {
    const chat = await createChat(admin.access);
    expect((await call(t.app, 'GET', url('latest_chats/'), { token: stranger.access })).status).toBe(403);
    expect((await call(t.app, 'POST', url('create_chat/'), { token: stranger.access, body: {} })).status).toBe(403);
    expect((await call(t.app, 'GET', url(`latest_messages/${chat}/`), { token: stranger.access })).status).toBe(403);
    expect((await call(t.app, 'GET', url(`latest_messages/${chat}/`, other.schoolName), { token: stranger.access })).status).toBe(404);
    expect((await call(t.app, 'POST', url('delete_chat/', other.schoolName), { token: stranger.access, body: { chat_id: chat } })).status).toBe(404);
    expect((await call(t.app, 'GET', url('latest_chats/', 'no-such-school'), { token: admin.access })).status).toBe(404);
    expect((await send(stranger.access, { message: 'Чужая школа', overai_chat_id: chat })).status).toBe(403);
    expect((await send(stranger.access, { message: 'Чужой чат', overai_chat_id: chat }, other.schoolName)).status).toBe(404);
    expect((await call(t.app, 'POST', url('assign_chat_order/', other.schoolName), { token: stranger.access, body: { [chat]: { order: 1 } } })).status).toBe(404);
    expect((await call(t.app, 'POST', url('update_welcome_message/'), { token: stranger.access, body: { welcome_message: 'Взлом' } })).status).toBe(403);
    expect((await call(t.app, 'GET', url('user_welcome_message/'), { token: stranger.access })).status).toBe(403);
    // The chat is untouched.
    expect((await call(t.app, 'GET', url(`latest_messages/${chat}/`), { token: admin.access })).body).toMatchObject({ results: [] });
  });

  it('needs a token', async () => {
    for (const [method, route] of [
      ['GET', 'latest_chats/'],
      ['GET', 'user_welcome_message/'],
      ['POST', 'create_chat/'],
      ['POST', 'send_message/'],
      ['POST', 'delete_chat/'],
      ['POST', 'assign_chat_order/'],
      ['POST', 'update_welcome_message/'],
      ['GET', 'latest_messages/1/'],
    ] as const) {
      const body = method === 'POST' ? (route === 'send_message/' ? { message: 'x', overai_chat_id: 1 } : route === 'delete_chat/' ? { chat_id: 1 } : {}) : undefined;
      expect((await call(t.app, method, url(route), { body })).status, route).toBe(401);
    }
  });

  it('refuses malformed bodies and NUL bytes', async () => {
    const chat = await createChat(admin.access);
    const bad: [string, unknown][] = [
      ['send_message/', { message: 'x' }],
      ['send_message/', { message: '', overai_chat_id: chat }],
      ['send_message/', { message: 'a\u0000b', overai_chat_id: chat }],
      ['send_message/', { message: 'x'.repeat(4001), overai_chat_id: chat }],
      ['send_message/', { message: 'x', overai_chat_id: 'one' }],
      ['send_message/', { message: 'x', overai_chat_id: chat, language: 'DE' }],
      ['delete_chat/', { chat_id: 'x' }],
      ['delete_chat/', { chat_id: chat, orderData: [{ id: chat, order: 11 }] }],
      ['assign_chat_order/', { abc: { order: 1 } }],
      ['assign_chat_order/', { [chat]: { order: -1 } }],
      ['assign_chat_order/', { [chat]: 1 }],
      ['update_welcome_message/', { welcome_message: 'При\u0000вет' }],
      ['update_welcome_message/', { show_welcome_message: 'yes' }],
    ];
    for (const [route, body] of bad) {
      const res = await call(t.app, 'POST', url(route), { token: admin.access, body });
      expect(res.status, `${route} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await send(admin.access, { message: '   ', overai_chat_id: chat })).status).toBe(400);
    const nulPath = await t.app.inject({ method: 'GET', url: `/api/${owner.schoolName}/chatgpt/latest_messages/1%00/`, headers: { authorization: `Bearer ${admin.access}` } });
    expect(nulPath.statusCode).toBe(400);
    const nulSchool = await t.app.inject({ method: 'GET', url: `/api/${owner.schoolName}%00/chatgpt/latest_chats/`, headers: { authorization: `Bearer ${admin.access}` } });
    expect(nulSchool.statusCode).toBe(400);
  });
});

describe('welcome message', () => {
  it('shows the default greeting until the user closes it; the admin sets the school text', async () => {
    const first = await call(t.app, 'GET', url('user_welcome_message/'), { token: student.access });
    expect(first).toMatchObject({ status: 200, body: { show_welcome_message: true, welcome_message: aiChatMessages.defaultWelcome } });

    expect((await call(t.app, 'POST', url('update_welcome_message/'), { token: teacher.access, body: { welcome_message: 'Моё' } })).status).toBe(403);
    const set = await call(t.app, 'POST', url('update_welcome_message/'), { token: admin.access, body: { welcome_message: '  Спрашивайте про Python!  ' } });
    expect(set).toMatchObject({ status: 200, body: { welcome_message: 'Спрашивайте про Python!' } });

    const closed = await call(t.app, 'POST', url('update_welcome_message/'), { token: student.access, body: { show_welcome_message: false } });
    expect(closed.body).toEqual({ show_welcome_message: false, welcome_message: 'Спрашивайте про Python!' });
    expect((await call(t.app, 'GET', url('user_welcome_message/'), { token: student.access })).body).toMatchObject({ show_welcome_message: false });
    // Others still see it; another school has its own (the default).
    expect((await call(t.app, 'GET', url('user_welcome_message/'), { token: teacher.access })).body).toMatchObject({ show_welcome_message: true });
    expect((await call(t.app, 'GET', url('user_welcome_message/', other.schoolName), { token: stranger.access })).body).toMatchObject({
      welcome_message: aiChatMessages.defaultWelcome,
    });
    expect((await call(t.app, 'POST', url('update_welcome_message/'), { token: admin.access, body: { welcome_message: '' } })).body).toMatchObject({
      welcome_message: aiChatMessages.defaultWelcome,
    });
  });
});

describe('send_message', () => {
  it('streams the answer in parts as the model writes it, then stores the question and the whole answer', async () => {
    const chat = await createChat(teacher.access);
    fake.script = { kind: 'stream', parts: ['Функция ', 'в Python ', 'объявляется через def.'], usage: { prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 }, hold: true };
    const response = await fetch(`${await listening()}${url('send_message/')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${teacher.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: '  Как объявить функцию в Python?  ', overai_chat_id: chat }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}: ${received}`);
        received += value;
      }
    };
    // The first part arrives while the model still holds the rest.
    await readUntil('Функция ');
    expect(fake.written).toBe(1);
    expect(received).not.toContain('в Python');
    fake.release();
    await readUntil('в Python ');
    expect(fake.written).toBe(2);
    fake.release();
    await readUntil('объявляется через def.');
    // The model has not finished yet: nothing is stored as the answer until it has.
    expect((await t.app.ctx.db.select().from(aiMessages).where(eq(aiMessages.chatId, chat))).map((m) => m.role)).toEqual(['user']);
    fake.release();
    await readUntil('event: done');
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value;
    }

    const events = frames(received);
    expect(events.filter(([name]) => name === 'message').map(([, data]) => data.delta)).toEqual(['Функция ', 'в Python ', 'объявляется через def.']);
    const done = events.find(([name]) => name === 'done')![1];
    expect(done.answer).toMatchObject({ role: 'assistant', content: 'Функция в Python объявляется через def.' });
    expect(done.question).toMatchObject({ role: 'user', content: 'Как объявить функцию в Python?' });

    // What the model was asked: the system prompt, then the question; the key as the bearer.
    const asked = fake.requests.at(-1)!;
    expect(asked.authorization).toBe('Bearer sk-test');
    expect(asked.body).toMatchObject({ model: 'test-model', stream: true });
    expect(asked.body.messages[0]).toMatchObject({ role: 'system' });
    expect(asked.body.messages[0]!.content).toContain('Answer in Russian.');
    expect(asked.body.messages.slice(1)).toEqual([{ role: 'user', content: 'Как объявить функцию в Python?' }]);

    const stored = await t.app.ctx.db.select().from(aiMessages).where(eq(aiMessages.chatId, chat)).orderBy(aiMessages.id);
    expect(stored.map((m) => [m.role, m.content, m.tokens])).toEqual([
      ['user', 'Как объявить функцию в Python?', 40],
      ['assistant', 'Функция в Python объявляется через def.', 12],
    ]);
    const listed = await call(t.app, 'GET', url(`latest_messages/${chat}/`), { token: teacher.access });
    expect(listed.body!.results.map((m: Body) => m.content)).toEqual(['Как объявить функцию в Python?', 'Функция в Python объявляется через def.']);
    expect(listed.body!.has_more).toBe(false);
    // The first question names the chat.
    expect((await call(t.app, 'GET', url('latest_chats/'), { token: teacher.access })).body![String(chat)]).toMatchObject({ chat_name: 'Как объявить функцию в Python?' });
    const [usage] = await t.app.ctx.db.select().from(aiUsage).where(eq(aiUsage.schoolId, owner.schoolId));
    expect(usage).toMatchObject({ month: usageMonth(t.clock.now) });
    expect(usage!.tokens).toBeGreaterThanOrEqual(52);
  });

  it('sends the last exchanges as context and answers in English when asked', async () => {
    const chat = await createChat(admin.access);
    for (let i = 1; i <= 5; i += 1) {
      fake.script = { kind: 'stream', parts: [`Ответ ${i}`] };
      const res = await send(admin.access, { message: `Вопрос ${i}`, overai_chat_id: chat, ...(i === 5 ? { language: 'ENG' } : {}) });
      expect(res.status).toBe(200);
      expect(frames(res.text).at(-1)![0]).toBe('done');
    }
    const asked = fake.requests.at(-1)!.body.messages;
    expect(asked[0]!.content).toContain('Answer in English.');
    // 4 exchanges before the question.
    expect(asked.slice(1).map((m) => m.content)).toEqual(['Вопрос 1', 'Ответ 1', 'Вопрос 2', 'Ответ 2', 'Вопрос 3', 'Ответ 3', 'Вопрос 4', 'Ответ 4', 'Вопрос 5']);
    const page = await call(t.app, 'GET', url(`latest_messages/${chat}/?limit=4`), { token: admin.access });
    expect(page.body!.results.map((m: Body) => m.content)).toEqual(['Вопрос 4', 'Ответ 4', 'Вопрос 5', 'Ответ 5']);
    expect(page.body!.has_more).toBe(true);
    const earlier = await call(t.app, 'GET', url(`latest_messages/${chat}/?limit=4&before=${page.body!.results[0].id as number}`), { token: admin.access });
    expect(earlier.body!.results.map((m: Body) => m.content)).toEqual(['Вопрос 2', 'Ответ 2', 'Вопрос 3', 'Ответ 3']);
  });

  it('stops the model when the user leaves, keeping what was written', async () => {
    const chat = await createChat(admin.access);
    fake.script = { kind: 'stream', parts: ['Начало ответа', ' и конец'], hold: true };
    const leave = new AbortController();
    const response = await fetch(`${await listening()}${url('send_message/')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Длинный вопрос', overai_chat_id: chat }),
      signal: leave.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    await vi.waitFor(() => expect(fake.written).toBe(1));
    leave.abort();
    await vi.waitFor(() => expect(fake.aborted).toBe(true));
    await vi.waitFor(async () => {
      const stored = await t.app.ctx.db.select().from(aiMessages).where(eq(aiMessages.chatId, chat)).orderBy(aiMessages.id);
      expect(stored.map((m) => m.content)).toEqual(['Длинный вопрос', 'Начало ответа']);
    });
  });

  it('answers 502 with the Russian failure text when the endpoint fails, and gives the question back', async () => {
    const chat = await createChat(admin.access);
    const month = usageMonth(t.clock.now);
    const before = (await t.app.ctx.db.select().from(aiUsage).where(eq(aiUsage.schoolId, owner.schoolId)))[0]?.messages ?? 0;
    fake.script = { kind: 'error', status: 500 };
    const res = await send(admin.access, { message: 'Ошибка?', overai_chat_id: chat });
    expect(res.status).toBe(502);
    expect(JSON.parse(res.text)).toEqual({ code: 'AI_UPSTREAM_ERROR', message: aiChatMessages.upstreamError });
    const [usage] = await t.app.ctx.db.select().from(aiUsage).where(eq(aiUsage.schoolId, owner.schoolId));
    expect(usage).toMatchObject({ month, messages: before });
  });

  it('answers 429 in Russian once the school has used its plan\'s questions this month', async () => {
    const chat = await createChat(stranger.access, other.schoolName);
    const month = usageMonth(t.clock.now);
    expect(aiMessageQuota(2)).toBe(AI_MESSAGES_BY_TARIFF[2]);
    await t.app.ctx.db.insert(aiUsage).values({ schoolId: other.schoolId, month, messages: aiMessageQuota(2) - 1 });
    expect((await send(stranger.access, { message: 'Последний', overai_chat_id: chat }, other.schoolName)).status).toBe(200);
    const asked = fake.requests.length;
    const over = await send(stranger.access, { message: 'Ещё один', overai_chat_id: chat }, other.schoolName);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.text)).toEqual({ code: 'AI_QUOTA_EXCEEDED', message: aiChatMessages.quotaExceeded });
    expect(fake.requests.length).toBe(asked);
    // A better plan gives more.
    await setTariff(t.app, other.schoolId, 3);
    expect((await send(stranger.access, { message: 'На новом тарифе', overai_chat_id: chat }, other.schoolName)).status).toBe(200);
    // The next month starts again.
    t.clock.advance(40 * 24 * 3600_000);
    await setTariff(t.app, other.schoolId, 2);
    await t.app.ctx.db.update(aiUsage).set({ messages: 10_000 }).where(eq(aiUsage.schoolId, other.schoolId));
    try {
      expect((await send(stranger.access, { message: 'Новый месяц', overai_chat_id: chat }, other.schoolName)).status).toBe(200);
    } finally {
      t.clock.advance(-40 * 24 * 3600_000);
    }
  });

  it("answers 429 in Russian, apart from the school's, once a member has used their share of the month; others still ask", async () => {
    const month = usageMonth(t.clock.now);
    const share = personalShare(aiMessageQuota(2), 'Student');
    expect(share).toBe(30);
    const keen = await addMember(t.app, owner.schoolId, 'Student');
    const chat = await createChat(keen.access);
    await t.app.ctx.db.insert(aiUserUsage).values({ schoolId: owner.schoolId, userId: keen.id, month, messages: share - 1 });
    const schoolCount = async () => (await t.app.ctx.db.select().from(aiUsage).where(eq(aiUsage.schoolId, owner.schoolId)))[0]?.messages ?? 0;
    const keenCount = async () => (await t.app.ctx.db.select().from(aiUserUsage).where(eq(aiUserUsage.userId, keen.id)))[0]?.messages;

    // A failed answer gives the member's question back as well as the school's.
    fake.script = { kind: 'error', status: 500 };
    expect((await send(keen.access, { message: 'Сбой', overai_chat_id: chat })).status).toBe(502);
    expect(await keenCount()).toBe(share - 1);
    fake.script = { kind: 'stream', parts: ['Да'] };

    // Five questions at once for the last one of the share: exactly one is asked.
    const before = await schoolCount();
    const asked = fake.requests.length;
    const sent = await Promise.all(Array.from({ length: 5 }, (_, i) => send(keen.access, { message: `Вопрос ${i}`, overai_chat_id: chat })));
    expect(sent.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429]);
    for (const refused of sent.filter((r) => r.status === 429)) {
      expect(JSON.parse(refused.text)).toEqual({ code: 'AI_PERSONAL_QUOTA_EXCEEDED', message: aiChatMessages.personalQuotaExceeded });
    }
    expect(aiChatMessages.personalQuotaExceeded).not.toBe(aiChatMessages.quotaExceeded);
    expect(fake.requests.length).toBe(asked + 1);
    expect(await keenCount()).toBe(share);
    // A refused share takes nothing from the school.
    expect(await schoolCount()).toBe(before + 1);

    // Another student, a teacher and an admin still ask; a teacher's share is larger, an admin's the whole month.
    const next = await addMember(t.app, owner.schoolId, 'Student');
    expect((await send(next.access, { message: 'А мне можно?', overai_chat_id: await createChat(next.access) })).status).toBe(200);
    expect(personalShare(aiMessageQuota(2), 'Teacher')).toBe(75);
    expect(personalShare(aiMessageQuota(2), 'Admin')).toBe(300);

    // With the school's month used up too, the school's answer comes first.
    await t.app.ctx.db.update(aiUsage).set({ messages: aiMessageQuota(2) }).where(eq(aiUsage.schoolId, owner.schoolId));
    try {
      const over = await send(keen.access, { message: 'Ещё', overai_chat_id: chat });
      expect(JSON.parse(over.text)).toEqual({ code: 'AI_QUOTA_EXCEEDED', message: aiChatMessages.quotaExceeded });
    } finally {
      await t.app.ctx.db.update(aiUsage).set({ messages: before + 2 }).where(eq(aiUsage.schoolId, owner.schoolId));
    }

    // The next month (the plan paid on) the share starts again.
    const [paid] = await t.app.ctx.db.select({ until: schools.purchasedTariffEndDate }).from(schools).where(eq(schools.id, owner.schoolId));
    await t.app.ctx.db.update(schools).set({ purchasedTariffEndDate: new Date(t.clock.now.getTime() + 90 * 24 * 3600_000) }).where(eq(schools.id, owner.schoolId));
    t.clock.advance(40 * 24 * 3600_000);
    try {
      expect((await send(keen.access, { message: 'Новый месяц', overai_chat_id: chat })).status).toBe(200);
    } finally {
      t.clock.advance(-40 * 24 * 3600_000);
      await t.app.ctx.db.update(schools).set({ purchasedTariffEndDate: paid!.until }).where(eq(schools.id, owner.schoolId));
    }
  });

  it('keeps students of a group with the assistant turned off from asking', async () => {
    const res = await call(t.app, 'POST', url('create_chat/'), { token: lockedStudent.access, body: {} });
    expect(res).toMatchObject({ status: 403, body: { code: 'AI_LOCKED', message: aiChatMessages.locked } });
    const chat = await createChat(student.access);
    expect((await send(student.access, { message: 'Можно?', overai_chat_id: chat })).status).toBe(200);
  });
});

describe('not configured', () => {
  it('answers 503 AI_NOT_CONFIGURED «ИИ-ассистент не настроен» on every route (after the school check)', async () => {
    const configured = t.app.ctx.config.ai;
    t.app.ctx.config.ai = { baseUrl: null, apiKey: null, model: 'gpt-4o-mini' };
    try {
      const chat = (await t.app.ctx.db.select({ id: aiChats.id }).from(aiChats).where(eq(aiChats.userId, admin.id)).limit(1))[0]!.id;
      const asked = fake.requests.length;
      for (const [method, route, body] of [
        ['GET', 'latest_chats/', undefined],
        ['GET', 'user_welcome_message/', undefined],
        ['GET', `latest_messages/${chat}/`, undefined],
        ['POST', 'create_chat/', {}],
        ['POST', 'send_message/', { message: 'Есть кто?', overai_chat_id: chat }],
        ['POST', 'delete_chat/', { chat_id: chat }],
        ['POST', 'assign_chat_order/', {}],
        ['POST', 'update_welcome_message/', {}],
      ] as const) {
        const res = await call(t.app, method, url(route), { token: admin.access, body });
        expect(res, route).toMatchObject({ status: 503, body: { code: 'AI_NOT_CONFIGURED', message: 'ИИ-ассистент не настроен' } });
      }
      expect(fake.requests.length).toBe(asked);
      expect((await call(t.app, 'GET', url('latest_chats/'), { token: stranger.access })).status).toBe(403);
    } finally {
      t.app.ctx.config.ai = configured;
    }
  });
});
