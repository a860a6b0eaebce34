// What a message to a group costs the server that delivers it: the same statements for a group of
// 2 students as for one of 12, each member's socket getting the message and its unread total (the
// totals were one statement per member: about 200 for a group of 200).
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { statementsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let url: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Большой поток' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/${owner.schoolName}/chats/ws`;
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await t.close();
});

/** A socket of the account, ready, and the frames it gets from then on. */
async function live(account: Account): Promise<Body[]> {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const frames: Body[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Body));
  await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
  socket.send(JSON.stringify({ type: 'auth', token: account.access }));
  await expect.poll(() => frames.some((frame) => frame.type === 'ready'), { timeout: 30_000 }).toBe(true);
  return frames;
}

/** A group of `size` students with a socket each; its chat's id. */
async function group(size: number): Promise<{ chatId: string; students: Body[][] }> {
  const courseId = (await addCourse(t.app, owner.schoolId)).id;
  const [row] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId, teacherId: teacher.id, name: `Поток на ${size}` }).returning({ id: studentsGroups.id });
  const members = await Promise.all(Array.from({ length: size }, () => addMember(t.app, owner.schoolId, 'Student')));
  await t.app.ctx.db.insert(studentsGroupMembers).values(members.map((member) => ({ groupId: row!.id, userId: member.id, courseId })));
  const chats = (await call(t.app, 'GET', `/api/${owner.schoolName}/chats/`, { token: members[0]!.access })).body!.results as Body[];
  return { chatId: chats.find((chat) => chat.group_id === row!.id)!.id as string, students: await Promise.all(members.map(live)) };
}

/**
 * The chats' reads (SELECT, or WITH) sent while `action` and the work it queued run, each by its
 * start (a longer list of viewers makes the same statement longer), sorted: the job runner's own
 * reads come at any moment, and deliveries may interleave.
 */
async function chatReadsDuring(action: () => Promise<void>): Promise<string[]> {
  const statements = await statementsDuring(t.app, async () => {
    await action();
    await t.app.ctx.jobs.idle();
  });
  return statements
    .filter((statement) => /^\s*(select|with)\b/i.test(statement) && /\bchat/i.test(statement))
    .map((statement) => statement.replace(/\s+/g, ' ').trim().slice(0, 80))
    .sort();
}

/** The reads of sending a message to the group until every student has it and their new total. */
async function deliveryReads(size: number): Promise<string[]> {
  const { chatId, students } = await group(size);
  return chatReadsDuring(async () => {
    const sent = await call(t.app, 'POST', `/api/${owner.schoolName}/chats/${chatId}/messages/`, { token: teacher.access, body: { text: 'Всем привет' } });
    expect(sent.status).toBe(201);
    const delivered = (frames: Body[]) => frames.some((frame) => frame.type === 'message' && frame.message.id === sent.body!.id) && frames.some((frame) => frame.type === 'unread' && frame.total_unread === 1);
    await expect.poll(() => students.every(delivered), { timeout: 30_000 }).toBe(true);
  });
}

describe('a message to a group', () => {
  it('costs the same reads for 2 students as for 12, each getting the message and the unread total', async () => {
    const small = await deliveryReads(2);
    const large = await deliveryReads(12);
    expect(large).toEqual(small);
  });
});
