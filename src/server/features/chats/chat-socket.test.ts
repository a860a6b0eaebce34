// The chats' websocket (chat-socket.ts) on real ports, with two server instances on one database:
// a message sent through one reaches a socket of the other (LISTEN/NOTIFY), as do typing and read
// markers; a revoked session's socket closes with 4401, as does one whose token expires; another
// school's user gets 4403; a client catches up with messages/?after= after a reconnect. A member
// removed from the school loses their open sockets (4403) on every server, and one taken out of a
// group gets none of its chat any more; nothing posted afterwards reaches them.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { buildApp } from '../../app.ts';
import type { App } from '../../context.ts';
import { openDatabase, type Database } from '../../shared/db/database.ts';
import { signAccessToken, verifyAccessToken } from '../../shared/security/tokens.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { chatRecipients } from './chat-data.ts';

let t: TestApp;
/** The second server instance, on the same database (its own pg pool and LISTEN connection on PostgreSQL). */
let second: App;
let secondDb: Database | null = null;
let owner: Owner;
let other: Owner;
let teacher: Account;
let student: Account;
let student2: Account;
let chatId: string;
let groupChatId: string;
let groupId: number;
let courseId: number;

async function urlOf(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
let firstUrl: string;
let secondUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  if (t.database.kind === 'postgres') {
    // Another "process": its own pool on the same database.
    const { connectionString } = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options;
    secondDb = await openDatabase({ kind: 'postgres', url: connectionString });
  }
  // On PGlite the second app shares the one in-memory database (PGlite is single-process): the
  // same LISTEN/NOTIFY code path, delivered by PGlite to each app's listener.
  second = await buildApp({ config: t.app.ctx.config, database: secondDb ?? t.database, logger: false });
  owner = await registerOwner(t.app, { schoolTitle: 'Живые чаты' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужая школа' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher', { firstName: 'Анна', lastName: 'Учитель' });
  student = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Ольга', lastName: 'Петрова' });
  student2 = await addMember(t.app, owner.schoolId, 'Student');
  courseId = (await addCourse(t.app, owner.schoolId)).id;
  const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId, teacherId: teacher.id, name: 'Поток' }).returning({ id: studentsGroups.id });
  groupId = group!.id;
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    { groupId: group!.id, userId: student.id, courseId },
    { groupId: group!.id, userId: student2.id, courseId },
  ]);
  chatId = (await call(t.app, 'POST', `/api/${owner.schoolName}/chats/create_personal_chat/`, { token: teacher.access, body: { student_id: student.id } })).body!.id as string;
  groupChatId = (await call(t.app, 'GET', `/api/${owner.schoolName}/chats/`, { token: student.access })).body!.results.find((c: Body) => c.type === 'group').id as string;
  firstUrl = await urlOf(t.app);
  secondUrl = await urlOf(second);
});
afterAll(async () => {
  await second?.close();
  await secondDb?.close();
  await t.close();
});

interface Live {
  socket: WebSocket;
  frames: Body[];
  /** The first frame (seen or coming) that matches. */
  next(match: (frame: Body) => boolean): Promise<Body>;
  closed: Promise<number>;
}

function connect(url: string, school: string, auth: unknown): Promise<Live> {
  const socket = new WebSocket(`${url}/api/${school}/chats/ws`);
  const frames: Body[] = [];
  const waiters: { match: (frame: Body) => boolean; resolve: (frame: Body) => void }[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Body;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.match(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('open', () => {
      if (auth !== undefined) socket.send(typeof auth === 'string' ? auth : JSON.stringify(auth));
      resolve({
        socket,
        frames,
        closed,
        next(match) {
          const seen = frames.find(match);
          return seen ? Promise.resolve(seen) : new Promise((done) => waiters.push({ match, resolve: done }));
        },
      });
    });
  });
}

/** A socket that is ready (its auth frame answered). */
async function ready(url: string, token: string, school = owner.schoolName): Promise<Live> {
  const live = await connect(url, school, { type: 'auth', token });
  await live.next((frame) => frame.type === 'ready');
  return live;
}

const send = (token: string, text: string, chat = chatId, app = t.app) => call(app, 'POST', `/api/${owner.schoolName}/chats/${chat}/messages/`, { token, body: { text } });

/**
 * Resolves when the server has answered a ping on the socket: the frames it wrote before have
 * arrived. After another socket of the same server got a message, whatever that server sent this
 * socket for the message (in the same pass) is here by then.
 */
const settled = (live: Live) =>
  new Promise<void>((resolve) => {
    live.socket.once('pong', () => resolve());
    live.socket.ping();
  });

const messagesOf = (live: Live) => live.frames.filter((frame) => frame.type === 'message').map((frame) => frame.message.id as number);

/** A new student of the group, with a personal chat with its teacher. */
async function groupStudent(): Promise<{ account: Account; personal: string }> {
  const account = await addMember(t.app, owner.schoolId, 'Student');
  await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId, userId: account.id, courseId });
  const personal = (await call(t.app, 'POST', `/api/${owner.schoolName}/chats/create_personal_chat/`, { token: teacher.access, body: { student_id: account.id } })).body!.id as string;
  return { account, personal };
}

describe('chats websocket', () => {
  it('delivers a message sent through one server to a socket on the other, with the new unread total', async () => {
    const studentLive = await ready(secondUrl, student.access);
    const teacherLive = await ready(firstUrl, teacher.access);
    const sent = await send(teacher.access, 'Привет из первого сервера');
    expect(sent.status).toBe(201);
    const frame = await studentLive.next((f) => f.type === 'message' && f.message.id === sent.body!.id);
    expect(frame.message).toEqual(sent.body);
    expect((await studentLive.next((f) => f.type === 'unread')).total_unread).toBeGreaterThanOrEqual(1);
    // The author's own socket gets the message too, but no unread change.
    await teacherLive.next((f) => f.type === 'message' && f.message.id === sent.body!.id);
    // A group chat's message reaches its other students.
    const classmate = await ready(secondUrl, student2.access);
    const inGroup = await send(teacher.access, 'Всем', groupChatId);
    expect((await classmate.next((f) => f.type === 'message')).message).toMatchObject({ id: inGroup.body!.id, chat_id: groupChatId });
    // …but never a personal chat it is not in.
    expect(classmate.frames.some((f) => f.type === 'message' && f.message.chat_id === chatId)).toBe(false);
    for (const live of [studentLive, teacherLive, classmate]) live.socket.close();
  });

  it('relays typing and read markers across servers', async () => {
    const teacherLive = await ready(firstUrl, teacher.access);
    const studentLive = await ready(secondUrl, student.access);
    studentLive.socket.send(JSON.stringify({ type: 'typing', chat_id: chatId }));
    expect(await teacherLive.next((f) => f.type === 'typing')).toEqual({ type: 'typing', chat_id: chatId, user: { id: student.id, name: 'Ольга Петрова' } });
    const last = await send(teacher.access, 'Прочитай');
    await studentLive.next((f) => f.type === 'message' && f.message.id === last.body!.id);
    const read = await call(second, 'PATCH', `/api/${owner.schoolName}/chats/${chatId}/`, { token: student.access, body: { last_read_id: last.body!.id } });
    expect(read.status).toBe(200);
    expect(await teacherLive.next((f) => f.type === 'read')).toEqual({ type: 'read', chat_id: chatId, user_id: student.id, last_read_id: last.body!.id });
    const total = (await call(t.app, 'GET', `/api/${owner.schoolName}/chats/unread/`, { token: student.access })).body!.total_unread;
    expect(await studentLive.next((f) => f.type === 'unread' && f.total_unread === total)).toBeTruthy();
    teacherLive.socket.close();
    studentLive.socket.close();
  });

  it('closes 4401 without a valid token or auth frame, and 4403 for another school’s user', async () => {
    expect(await (await connect(firstUrl, owner.schoolName, { type: 'auth', token: 'nonsense' })).closed).toBe(4401);
    expect(await (await connect(firstUrl, owner.schoolName, 'not json')).closed).toBe(4401);
    expect(await (await connect(firstUrl, owner.schoolName, { type: 'typing', chat_id: chatId })).closed).toBe(4401);
    const outsider = await connect(secondUrl, owner.schoolName, { type: 'auth', token: other.access });
    expect(await outsider.closed).toBe(4403);
    expect(outsider.frames).toEqual([]);
    expect(await (await connect(firstUrl, 'no-such-school', { type: 'auth', token: teacher.access })).closed).toBe(4403);
    // Silent: closed after 5 s.
    expect(await (await connect(firstUrl, owner.schoolName, undefined)).closed).toBe(4401);
  }, 15_000);

  it('closes a socket at its token’s expiry', async () => {
    const claims = (await verifyAccessToken(student.access, t.app.ctx.config.secret))!;
    const now = new Date();
    const short = await signAccessToken(claims, t.app.ctx.config.secret, now, new Date(now.getTime() + 2_000));
    const live = await ready(secondUrl, short);
    expect(await live.closed).toBe(4401);
  });

  it('closes a revoked session’s sockets on every server (4401); the client catches up with after=', async () => {
    const account = await addMember(t.app, owner.schoolId, 'Student');
    const personal = (await call(t.app, 'POST', `/api/${owner.schoolName}/chats/create_personal_chat/`, { token: owner.access, body: { student_id: account.id } })).body!.id as string;
    const seen = await send(owner.access, 'Первое', personal);
    const onFirst = await ready(firstUrl, account.access);
    const onSecond = await ready(secondUrl, account.access);
    // Sign out through the first server: the second one hears of it by NOTIFY.
    expect((await call(t.app, 'POST', '/api/logout/', { token: account.access, body: {} })).status).toBeLessThan(300);
    expect(await onSecond.closed).toBe(4401);
    expect(await onFirst.closed).toBe(4401);
    const missed = await send(owner.access, 'Пока вас не было', personal);
    const fresh = await call(t.app, 'POST', '/api/login/', { body: { login: account.email, password: 'Secret-pass-1' } });
    const again = await ready(secondUrl, fresh.body!.access as string);
    const catchUp = await call(second, 'GET', `/api/${owner.schoolName}/chats/${personal}/messages/?after=${seen.body!.id}`, { token: fresh.body!.access as string });
    expect(catchUp.body).toEqual({ results: [missed.body], has_more: false });
    // The old token opens nothing any more.
    expect(await (await connect(firstUrl, owner.schoolName, { type: 'auth', token: account.access })).closed).toBe(4401);
    again.socket.close();
  });

  it('closes the sockets of a member removed from the school through one server on both (4403); nothing posted afterwards reaches them', async () => {
    const { account, personal } = await groupStudent();
    const onFirst = await ready(firstUrl, account.access);
    const onSecond = await ready(secondUrl, account.access);
    const teacherLive = await ready(secondUrl, teacher.access);
    const removed = await call(t.app, 'DELETE', '/api/school-new-roles/remove_role/', { token: owner.access, body: { school_id: owner.schoolId, user_id: account.id, role_name: 'Student' } });
    expect(removed.status).toBe(204);
    expect(await onFirst.closed).toBe(4403);
    expect(await onSecond.closed).toBe(4403);
    // Posted afterwards through either server: the teacher gets both, the removed student nothing,
    // and no Telegram notice (its recipients are the same) goes to them either.
    const inPersonal = await send(teacher.access, 'После исключения', personal);
    const inGroup = await send(teacher.access, 'Группе после исключения', groupChatId, second);
    await teacherLive.next((f) => f.type === 'message' && f.message.id === inGroup.body!.id);
    expect(messagesOf(teacherLive)).toEqual(expect.arrayContaining([inPersonal.body!.id, inGroup.body!.id]));
    expect([...messagesOf(onFirst), ...messagesOf(onSecond)]).toEqual([]);
    for (const chat of [personal, groupChatId]) expect((await chatRecipients(t.app.ctx.db, chat))!.users.has(account.id)).toBe(false);
    expect(await (await connect(secondUrl, owner.schoolName, { type: 'auth', token: account.access })).closed).toBe(4403);
    teacherLive.socket.close();
  });

  it('closes the sockets of students taken out of the school by access-distribution/ (4403)', async () => {
    const { account } = await groupStudent();
    const live = await ready(secondUrl, account.access);
    const revoked = await call(t.app, 'DELETE', `/api/${owner.schoolName}/access-distribution/`, { token: owner.access, body: { user_ids: [account.id], role: 'Student' } });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(await live.closed).toBe(4403);
  });

  it('delivers nothing to a socket whose user is no longer a member, even when the removal was not announced', async () => {
    const { account, personal } = await groupStudent();
    const studentLive = await ready(secondUrl, account.access);
    const teacherLive = await ready(secondUrl, teacher.access);
    const before = await send(teacher.access, 'Пока в школе', personal);
    await studentLive.next((f) => f.type === 'message' && f.message.id === before.body!.id);
    // As a way out of the school that forgot to say so would leave it: the membership row gone, nothing else.
    await t.app.ctx.db.execute(sql`delete from school_members where school_id = ${owner.schoolId} and user_id = ${account.id}`);
    const inPersonal = await send(teacher.access, 'Уже не в школе', personal);
    const inGroup = await send(teacher.access, 'Группе', groupChatId);
    await teacherLive.next((f) => f.type === 'message' && f.message.id === inGroup.body!.id);
    await settled(studentLive);
    expect(messagesOf(studentLive)).toEqual([before.body!.id]);
    expect(messagesOf(teacherLive)).toEqual(expect.arrayContaining([inPersonal.body!.id, inGroup.body!.id]));
    studentLive.socket.close();
    teacherLive.socket.close();
  });

  it('gives a student taken out of the group through one server none of its chat any more on a socket open on the other', async () => {
    const { account, personal } = await groupStudent();
    const studentLive = await ready(secondUrl, account.access);
    const teacherLive = await ready(secondUrl, teacher.access);
    const before = await send(teacher.access, 'Группе, пока вы в ней', groupChatId);
    await studentLive.next((f) => f.type === 'message' && f.message.id === before.body!.id);
    const revoked = await call(t.app, 'DELETE', `/api/${owner.schoolName}/access-distribution/`, { token: owner.access, body: { user_ids: [account.id], role: 'Student', student_groups: [groupId] } });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const inGroup = await send(teacher.access, 'Группе без вас', groupChatId, second);
    const inPersonal = await send(teacher.access, 'Лично', personal);
    // Still a member of the school: the socket stays and gets its personal chat, not the group's.
    await studentLive.next((f) => f.type === 'message' && f.message.id === inPersonal.body!.id);
    await settled(studentLive);
    expect(messagesOf(studentLive)).toEqual([before.body!.id, inPersonal.body!.id]);
    expect(messagesOf(teacherLive)).toEqual(expect.arrayContaining([inGroup.body!.id]));
    studentLive.socket.close();
    teacherLive.socket.close();
  });
});
