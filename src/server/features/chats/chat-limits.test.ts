// The chats' write limits (chat-limits.ts) with rate limits on: a member's messages and files stop
// at their limit with a Russian 429, another member (and another school) goes on, the next window
// lets them write again; the school's limit stops everyone of that school only. Refused requests
// store nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { rateCounters } from '../../shared/db/core-tables.ts';
import { courseFiles } from '../courses/index.ts';
import { MESSAGE_LIMITS, MESSAGES_TOO_OFTEN, UPLOAD_LIMITS, UPLOADS_TOO_OFTEN } from './chat-limits.ts';
import { chatMessages } from './tables.ts';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(64)]);

let t: TestApp;
let dataDir: string;
let owner: Owner;
let other: Owner;
let student: Account;
let student2: Account;
let outsider: Account;
let chatId: string;
let otherChatId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-chat-limits-'));
  t = await createTestApp({ rateLimit: true, dataDir });
  owner = await registerOwner(t.app, { schoolTitle: 'Лимиты чатов' });
  other = await registerOwner(t.app, { schoolTitle: 'Другая школа лимитов' });
  await setTariff(t.app, owner.schoolId, 4);
  await setTariff(t.app, other.schoolId, 4);
  student = await addMember(t.app, owner.schoolId, 'Student');
  student2 = await addMember(t.app, owner.schoolId, 'Student');
  outsider = await addMember(t.app, other.schoolId, 'Student');
  const custom = await call(t.app, 'POST', `/api/${owner.schoolName}/chats/`, { token: owner.access, body: { name: 'Общий', member_ids: [student.id, student2.id] } });
  chatId = custom.body!.id as string;
  otherChatId = (await call(t.app, 'POST', `/api/${other.schoolName}/chats/create_personal_chat/`, { token: other.access, body: { student_id: outsider.id } })).body!.id as string;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (token: string, text: string, chat = chatId, school = owner.schoolName) => call(t.app, 'POST', `/api/${school}/chats/${chat}/messages/`, { token, body: { text } });

async function upload(token: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'схема.png');
  const request = new Request('http://x/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${owner.schoolName}/chats/${chatId}/files/`,
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json<Body>(), headers: res.headers };
}

const sentBy = async (user: Account) => (await t.app.ctx.db.select().from(chatMessages).where(eq(chatMessages.authorId, user.id))).length;

/** Sets a counter of the current window as rate-counter.ts keeps it (as if `hits` had come). */
async function fill(key: string, rule: { max: number; windowMs: number }, hits = rule.max) {
  const now = t.clock.now.getTime();
  const start = now - (now % rule.windowMs);
  await t.app.ctx.db
    .insert(rateCounters)
    .values({ key, windowStart: new Date(start), hits, expiresAt: new Date(start + rule.windowMs) })
    .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { hits } });
}

describe('chat message limits', () => {
  it(`lets a member send ${MESSAGE_LIMITS.user.max} messages a minute, then refuses them alone with 429 until the next minute`, async () => {
    // The window starts now: the whole run falls into one.
    t.clock.advance(MESSAGE_LIMITS.user.windowMs - (t.clock.now.getTime() % MESSAGE_LIMITS.user.windowMs));
    for (let i = 0; i < MESSAGE_LIMITS.user.max; i += 1) expect((await post(student.access, `Сообщение ${i}`)).status).toBe(201);
    const refused = await post(student.access, 'Ещё одно');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: MESSAGES_TOO_OFTEN });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await sentBy(student)).toBe(MESSAGE_LIMITS.user.max);
    // Another member of the same chat and school writes on.
    expect((await post(student2.access, 'А я могу')).status).toBe(201);
    t.clock.advance(MESSAGE_LIMITS.user.windowMs);
    expect((await post(student.access, 'Через минуту')).status).toBe(201);
  });

  it("refuses everyone of a school over the school's limit, and no one of another school", async () => {
    await fill(`chat-message:school:${owner.schoolId}`, MESSAGE_LIMITS.school);
    const refused = await post(student2.access, 'Школа исчерпала минуту');
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: MESSAGES_TOO_OFTEN } });
    expect((await post(owner.access, 'И владелец')).status).toBe(429);
    expect((await post(outsider.access, 'Другая школа', otherChatId, other.schoolName)).status).toBe(201);
    t.clock.advance(MESSAGE_LIMITS.school.windowMs);
    expect((await post(student2.access, 'Новая минута')).status).toBe(201);
  });

  it('counts no request refused before the limit: another school, a chat not theirs, no token, a malformed body, a NUL byte', async () => {
    t.clock.advance(MESSAGE_LIMITS.user.windowMs);
    await fill(`chat-message:user:${student.id}`, MESSAGE_LIMITS.user, MESSAGE_LIMITS.user.max - 1);
    expect((await post(student.access, 'x', chatId, other.schoolName)).status).toBe(403);
    expect((await post(student.access, 'x', otherChatId)).status).toBe(404);
    expect((await post('', 'x')).status).toBe(401);
    expect((await call(t.app, 'POST', `/api/${owner.schoolName}/chats/${chatId}/messages/`, { token: student.access, body: { text: 1 } })).status).toBe(400);
    expect((await post(student.access, 'a\u0000b')).status).toBe(400);
    expect((await post(student.access, '   ')).status).toBe(400);
    expect((await post(student.access, 'Последнее в минуту')).status).toBe(201);
    expect((await post(student.access, 'Лишнее')).status).toBe(429);
    // This minute's counter (earlier tests left the student's counters of earlier minutes).
    const [row] = await t.app.ctx.db.select().from(rateCounters).where(eq(rateCounters.key, `chat-message:user:${student.id}`)).orderBy(desc(rateCounters.windowStart)).limit(1);
    expect(row!.hits).toBe(MESSAGE_LIMITS.user.max + 1);
  });
});

describe('chat file limits', () => {
  it(`lets a member upload ${UPLOAD_LIMITS.user.max} files a minute, then refuses them alone with 429; nothing is stored`, async () => {
    t.clock.advance(UPLOAD_LIMITS.userHourly.windowMs - (t.clock.now.getTime() % UPLOAD_LIMITS.userHourly.windowMs));
    for (let i = 0; i < UPLOAD_LIMITS.user.max; i += 1) expect((await upload(student.access)).status).toBe(201);
    const before = (await t.app.ctx.db.select().from(courseFiles)).length;
    const refused = await upload(student.access);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: UPLOADS_TOO_OFTEN });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.ctx.db.select().from(courseFiles)).length).toBe(before);
    expect((await upload(student2.access)).status).toBe(201);
    t.clock.advance(UPLOAD_LIMITS.user.windowMs);
    expect((await upload(student.access)).status).toBe(201);
  });

  it('refuses more than the hourly and the school limits', async () => {
    await fill(`chat-upload:user-hour:${student.id}`, UPLOAD_LIMITS.userHourly);
    t.clock.advance(UPLOAD_LIMITS.user.windowMs);
    expect((await upload(student.access)).status).toBe(429);
    await fill(`chat-upload:school:${owner.schoolId}`, UPLOAD_LIMITS.school);
    expect((await upload(student2.access)).status).toBe(429);
    t.clock.advance(UPLOAD_LIMITS.school.windowMs);
    expect((await upload(student2.access)).status).toBe(201);
  });
});
