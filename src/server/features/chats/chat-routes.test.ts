// The chats' REST routes (chat-routes.ts; /work/notes/chat-contract.md): personal chats made once,
// group chats per students group, custom chats, messages paged by id, read markers and unread
// counts, each route kept to the school, the caller's role and their place in the chat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { users } from '../../shared/db/core-tables.ts';
import { courseFiles } from '../courses/index.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { telegramLinks, telegramOutbox } from '../telegram/index.ts';
import { chatMembers, chatMessages, chats } from './tables.ts';
import { eq } from 'drizzle-orm';

let t: TestApp;
let owner: Owner;
let other: Owner;
let teacher: Account;
let teacher2: Account;
let student: Account;
let student2: Account;
let stranger: Account;
let groupId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Чаты' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие чаты' });
  await setTariff(t.app, owner.schoolId, 4);
  await setTariff(t.app, other.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher', { firstName: 'Анна', lastName: 'Учитель' });
  teacher2 = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Ольга', lastName: 'Петрова' });
  student2 = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Иван', lastName: 'Сидоров' });
  stranger = await addMember(t.app, other.schoolId, 'Student');
  const courseId = (await addCourse(t.app, owner.schoolId, { name: 'Python' })).id;
  const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId, teacherId: teacher.id, name: 'Поток 1' }).returning({ id: studentsGroups.id });
  groupId = group!.id;
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    { groupId, userId: student.id, courseId },
    { groupId, userId: student2.id, courseId },
  ]);
});
afterAll(() => t.close());

const base = (school = owner.schoolName) => `/api/${school}/chats/`;
const personal = (token: string, body: unknown, school = owner.schoolName) => call(t.app, 'POST', `${base(school)}create_personal_chat/`, { token, body });
const post = (chatId: string, token: string, body: unknown, school = owner.schoolName) => call(t.app, 'POST', `${base(school)}${chatId}/messages/`, { token, body });
const messages = (chatId: string, token: string, query = '', school = owner.schoolName) => call(t.app, 'GET', `${base(school)}${chatId}/messages/${query}`, { token });

async function clear() {
  await t.app.ctx.db.delete(chats);
}

describe('chats: personal chats', () => {
  it('makes one personal chat per pair, named after the other person, whoever starts it', async () => {
    await clear();
    const made = await personal(teacher.access, { student_id: student.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ type: 'personal', name: 'Ольга Петрова', group_id: null, members: 2, last_message: null, unread: 0 });
    const again = await personal(teacher.access, { student_id: student.id });
    expect(again.status).toBe(200);
    expect(again.body!.id).toBe(made.body!.id);
    const fromStudent = await personal(student.access, { teacher_id: teacher.id });
    expect(fromStudent.status).toBe(200);
    expect(fromStudent.body).toMatchObject({ id: made.body!.id, name: 'Анна Учитель' });
    // Two at once still make one.
    const both = await Promise.all([personal(owner.access, { student_id: student2.id }), personal(owner.access, { student_id: student2.id })]);
    expect(both.map((res) => res.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body!.id).toBe(both[1]!.body!.id);
  });

  it('refuses a teacher outside the student’s groups, and a student writing to anyone but their teacher', async () => {
    await clear();
    expect((await personal(teacher2.access, { student_id: student.id })).body).toMatchObject({ code: 'NOT_YOUR_STUDENT' });
    expect((await personal(student.access, { teacher_id: teacher2.id })).body).toMatchObject({ code: 'NOT_YOUR_TEACHER' });
    expect((await personal(student.access, { teacher_id: owner.id })).status).toBe(400);
    expect((await personal(student.access, { student_id: student2.id })).status).toBe(400);
    expect((await personal(owner.access, { student_id: stranger.id })).status).toBe(400);
    expect((await personal(owner.access, { student_id: teacher.id })).status).toBe(400);
    for (const body of [undefined, {}, [], { student_id: 'x' }, { student_id: 0 }, { student_id: student.id, teacher_id: teacher.id }]) {
      expect((await personal(owner.access, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await t.app.ctx.db.select().from(chats)).toEqual([]);
    expect((await personal(other.access, { student_id: student.id })).status).toBe(403);
    expect((await personal(stranger.access, { teacher_id: teacher.id })).status).toBe(403);
    expect((await call(t.app, 'POST', `${base()}create_personal_chat/`, { body: { student_id: student.id } })).status).toBe(401);
  });
});

describe('chats: messages', () => {
  it('sends, pages by id (before, after), marks read and counts unread', async () => {
    await clear();
    const chat = (await personal(teacher.access, { student_id: student.id })).body!;
    const sent: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const res = await post(chat.id, i === 2 ? student.access : teacher.access, { text: `  Сообщение ${i}\nвторая строка  ` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      sent.push(res.body!.id as number);
    }
    const first = (await messages(chat.id, student.access, '?limit=2')).body!;
    expect(first.has_more).toBe(true);
    expect(first.results.map((m: Body) => m.id)).toEqual(sent.slice(3));
    expect(first.results[1]).toMatchObject({ chat_id: chat.id, text: 'Сообщение 5\nвторая строка', author: { id: teacher.id, name: 'Анна Учитель', avatar: null }, files: [] });
    const older = (await messages(chat.id, student.access, `?before=${sent[3]}&limit=10`)).body!;
    expect(older).toMatchObject({ has_more: false });
    expect(older.results.map((m: Body) => m.id)).toEqual(sent.slice(0, 3));
    const after = (await messages(chat.id, teacher.access, `?after=${sent[1]}&limit=2`)).body!;
    expect(after.results.map((m: Body) => m.id)).toEqual(sent.slice(2, 4));
    expect(after.has_more).toBe(true);
    expect((await messages(chat.id, teacher.access, `?after=${sent[4]}`)).body).toEqual({ results: [], has_more: false });

    // The student has read up to their own message 2: 3, 4 and 5 are unread.
    const list = (await call(t.app, 'GET', base(), { token: student.access })).body!;
    const mine = list.results.find((c: Body) => c.id === chat.id);
    expect(mine).toMatchObject({ unread: 3, last_message: { id: sent[4] } });
    expect(list.total_unread).toBe(3);
    const read = await call(t.app, 'PATCH', `${base()}${chat.id}/`, { token: student.access, body: { last_read_id: sent[3] } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ unread: 1 });
    // Never backwards, never past the last message.
    expect((await call(t.app, 'PATCH', `${base()}${chat.id}/`, { token: student.access, body: { last_read_id: 1 } })).body).toMatchObject({ unread: 1 });
    expect((await call(t.app, 'PATCH', `${base()}${chat.id}/`, { token: student.access, body: { last_read_id: 9_999_999 } })).body).toMatchObject({ unread: 0 });
    const [marker] = await t.app.ctx.db.select().from(chatMembers).where(eq(chatMembers.userId, student.id));
    expect(marker!.lastReadId).toBe(sent[4]);
    expect((await call(t.app, 'GET', `${base()}unread/`, { token: student.access })).body).toEqual({ total_unread: 0 });
    // The newest chat comes first.
    t.clock.advance(1000);
    const later = (await personal(owner.access, { student_id: student.id })).body!;
    expect((await post(later.id, owner.access, { text: 'Привет' })).status).toBe(201);
    const order = (await call(t.app, 'GET', base(), { token: student.access })).body!;
    expect(order.results.map((c: Body) => c.id)).toEqual([later.id, chat.id, ...order.results.slice(2).map((c: Body) => c.id)]);
    expect(order.total_unread).toBe(1);
  });

  it('tells the other members by Telegram, once for messages closer than 10 minutes', async () => {
    await clear();
    await t.app.ctx.db.delete(telegramOutbox);
    await t.app.ctx.db.insert(telegramLinks).values([
      { userId: student.id, chatId: 7001 },
      { userId: teacher.id, chatId: 7002 },
    ]);
    const chat = (await personal(teacher.access, { student_id: student.id })).body!;
    await post(chat.id, teacher.access, { text: 'Проверьте домашнее задание' });
    await post(chat.id, teacher.access, { text: 'И ещё одно' });
    t.clock.advance(11 * 60_000);
    await post(chat.id, teacher.access, { text: 'Через 11 минут' });
    await t.app.ctx.jobs.idle();
    const sent = await t.app.ctx.db.select({ chatId: telegramOutbox.chatId, text: telegramOutbox.text }).from(telegramOutbox).orderBy(telegramOutbox.id);
    expect(sent).toEqual([
      { chatId: 7001, text: 'Новое сообщение от Анна Учитель в чате CourseHub: Проверьте домашнее задание' },
      { chatId: 7001, text: 'Новое сообщение от Анна Учитель в чате CourseHub: Через 11 минут' },
    ]);
    await t.app.ctx.db.delete(telegramLinks);
  });

  it('attaches the sender’s own uploaded files, once; a file-only message has an empty text', async () => {
    await clear();
    const chat = (await personal(owner.access, { student_id: student.id })).body!;
    const file = async (uploaderId: number, courseId: number | null = null) =>
      (
        await t.app.ctx.db
          .insert(courseFiles)
          .values({ schoolId: owner.schoolId, courseId, lessonId: null, uploaderId, kind: 'text', storageKey: `k-${Math.random()}`, name: 'план.pdf', mime: 'application/pdf', bytes: 10 })
          .returning({ id: courseFiles.id })
      )[0]!.id;
    const mine = await file(owner.id);
    const sent = await post(chat.id, owner.access, { text: '', file_ids: [mine] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ text: '', files: [{ id: mine, name: 'план.pdf', size: 10 }] });
    expect(sent.body!.files[0].url).toContain(`/api/files/${mine}/`);
    expect((await post(chat.id, owner.access, { text: 'ещё раз', file_ids: [mine] })).body).toMatchObject({ code: 'FILES_NOT_USABLE' });
    expect((await post(chat.id, student.access, { text: 'чужой', file_ids: [await file(owner.id)] })).body).toMatchObject({ code: 'FILES_NOT_USABLE' });
    expect((await post(chat.id, owner.access, { text: '', file_ids: [] })).status).toBe(400);
    const list = (await call(t.app, 'GET', base(), { token: student.access })).body!;
    expect(list.results.find((c: Body) => c.id === chat.id).last_message.files).toHaveLength(1);
  });

  it('refuses malformed bodies and NUL bytes, and changes nothing', async () => {
    await clear();
    const chat = (await personal(teacher.access, { student_id: student.id })).body!;
    for (const body of [undefined, {}, [], { text: 5 }, { text: '   ' }, { text: 'a\u0000b' }, { text: 'x'.repeat(4001) }, { text: 'ok', file_ids: 'x' }, { text: 'ok', file_ids: [0] }]) {
      expect((await post(chat.id, teacher.access, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(chat.id, teacher.access, { text: 'x'.repeat(4000) })).status).toBe(201);
    for (const body of [{}, { name: 'a\u0000' }, { last_read_id: -1 }, { last_read_id: 'x' }, { name: '' }]) {
      expect((await call(t.app, 'PATCH', `${base()}${chat.id}/`, { token: teacher.access, body })).status, JSON.stringify(body)).toBe(400);
    }
    for (const query of ['?limit=0', '?limit=101', '?before=x', '?after=-1']) {
      expect((await messages(chat.id, teacher.access, query)).status, query).toBe(400);
    }
    expect((await messages('not-a-uuid', teacher.access)).status).toBe(400);
    expect(await t.app.ctx.db.select().from(chatMessages)).toHaveLength(1);
  });

  it("keeps a chat to its members and its school, and asks for a token", async () => {
    await clear();
    const chat = (await personal(teacher.access, { student_id: student.id })).body!;
    const theirs = (await personal(other.access, { student_id: stranger.id }, other.schoolName)).body!;
    expect(theirs.id).toBeTypeOf('string');
    const id = chat.id as string;
    // Not a member of the chat: not found (the admin too: personal chats are private).
    for (const who of [student2, teacher2, owner]) {
      expect((await call(t.app, 'GET', `${base()}${id}/`, { token: who.access })).status).toBe(404);
      expect((await messages(id, who.access)).status).toBe(404);
      expect((await post(id, who.access, { text: 'x' })).status).toBe(404);
      expect((await call(t.app, 'PATCH', `${base()}${id}/`, { token: who.access, body: { last_read_id: 1 } })).status).toBe(404);
    }
    // Another school's chat through this school: not found; this school's chat by another school's admin: 403.
    expect((await call(t.app, 'GET', `${base()}${theirs.id}/`, { token: owner.access })).status).toBe(404);
    expect((await messages(theirs.id, owner.access)).status).toBe(404);
    expect((await post(theirs.id, owner.access, { text: 'x' })).status).toBe(404);
    expect((await call(t.app, 'GET', `${base(other.schoolName)}${id}/`, { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `${base()}${id}/`, { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'GET', base(), { token: stranger.access })).status).toBe(403);
    expect((await call(t.app, 'GET', `${base()}unread/`, { token: stranger.access })).status).toBe(403);
    expect((await call(t.app, 'POST', base(), { token: other.access, body: { name: 'x', member_ids: [student.id] } })).status).toBe(403);
    // A personal chat keeps its name.
    expect((await call(t.app, 'PATCH', `${base()}${id}/`, { token: teacher.access, body: { name: 'Новое' } })).body).toMatchObject({ code: 'CHAT_NAME_FIXED' });
    // No token.
    expect((await call(t.app, 'GET', base())).status).toBe(401);
    expect((await call(t.app, 'GET', `${base()}unread/`)).status).toBe(401);
    expect((await call(t.app, 'GET', `${base()}${id}/`)).status).toBe(401);
    expect((await call(t.app, 'PATCH', `${base()}${id}/`, { body: { last_read_id: 1 } })).status).toBe(401);
    expect((await call(t.app, 'GET', `${base()}${id}/messages/`)).status).toBe(401);
    expect((await call(t.app, 'POST', `${base()}${id}/messages/`, { body: { text: 'x' } })).status).toBe(401);
    expect((await call(t.app, 'POST', base(), { body: { name: 'x', member_ids: [student.id] } })).status).toBe(401);
  });
});

describe('chats: group and custom chats', () => {
  it('gives each students group a chat: its students and teacher write, the school’s admins read', async () => {
    await clear();
    const list = (await call(t.app, 'GET', base(), { token: student.access })).body!;
    expect(list).toMatchObject({ count: 1, next: null, previous: null, total_unread: 0 });
    const group = list.results[0];
    expect(group).toMatchObject({ type: 'group', name: 'Поток 1', group_id: groupId, members: 3, unread: 0 });
    expect((await post(group.id, student.access, { text: 'Всем привет' })).status).toBe(201);
    expect((await post(group.id, teacher.access, { text: 'Привет!' })).status).toBe(201);
    expect((await call(t.app, 'GET', base(), { token: student2.access })).body).toMatchObject({ total_unread: 2, results: [{ id: group.id, unread: 2 }] });
    // The admin reads it (unread not counted until they read it), but does not write.
    const admin = (await call(t.app, 'GET', base(), { token: owner.access })).body!;
    expect(admin.results.find((c: Body) => c.id === group.id)).toMatchObject({ unread: 0 });
    expect((await messages(group.id, owner.access)).body!.results).toHaveLength(2);
    expect((await post(group.id, owner.access, { text: 'x' })).body).toMatchObject({ code: 'CHAT_READ_ONLY' });
    // Not in the group: not found.
    expect((await messages(group.id, teacher2.access)).status).toBe(404);
    // One chat per group, whoever lists first.
    await call(t.app, 'GET', base(), { token: teacher.access });
    expect(await t.app.ctx.db.select().from(chats).where(eq(chats.groupId, groupId))).toHaveLength(1);
  });

  it('creates a custom chat of staff and the teacher’s students; only its staff members rename it', async () => {
    await clear();
    const made = await call(t.app, 'POST', base(), { token: teacher.access, body: { name: ' Проект ', member_ids: [student.id, student2.id, owner.id, teacher.id] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ type: 'custom', name: 'Проект', members: 4 });
    const id = made.body!.id as string;
    expect((await call(t.app, 'GET', `${base()}${id}/`, { token: student2.access })).body).toMatchObject({ name: 'Проект' });
    expect((await call(t.app, 'PATCH', `${base()}${id}/`, { token: owner.access, body: { name: 'Проект 2' } })).body).toMatchObject({ name: 'Проект 2' });
    expect((await call(t.app, 'PATCH', `${base()}${id}/`, { token: student.access, body: { name: 'Моё' } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', `${base()}${id}/`, { token: teacher2.access, body: { name: 'Моё' } })).status).toBe(404);
    // A teacher may not add students outside their groups, nor anyone outside the school.
    const outsider = await addMember(t.app, owner.schoolId, 'Student');
    expect((await call(t.app, 'POST', base(), { token: teacher2.access, body: { name: 'x', member_ids: [student.id] } })).body).toMatchObject({ code: 'MEMBERS_NOT_IN_SCHOOL' });
    expect((await call(t.app, 'POST', base(), { token: owner.access, body: { name: 'x', member_ids: [stranger.id] } })).status).toBe(400);
    expect((await call(t.app, 'POST', base(), { token: owner.access, body: { name: 'x', member_ids: [outsider.id] } })).status).toBe(201);
    expect((await call(t.app, 'POST', base(), { token: student.access, body: { name: 'x', member_ids: [student2.id] } })).status).toBe(403);
    for (const body of [undefined, {}, { name: 'x' }, { name: 'x', member_ids: [] }, { name: '', member_ids: [student.id] }, { name: 'a\u0000', member_ids: [student.id] }, { name: 'x', member_ids: ['a'] }]) {
      expect((await call(t.app, 'POST', base(), { token: owner.access, body })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('lists a page of chats with a constant number of reads, and pages by p and s', async () => {
    await clear();
    const extra = [];
    for (let i = 0; i < 6; i += 1) extra.push(await addMember(t.app, owner.schoolId, 'Student', { firstName: `Ученик${i}` }));
    const ids = [];
    for (const who of extra.slice(0, 2)) ids.push((await personal(owner.access, { student_id: who.id })).body!.id as string);
    for (const id of ids) await post(id, owner.access, { text: 'x' });
    const small = await readsDuring(t.app, () => call(t.app, 'GET', `${base()}?s=50`, { token: owner.access }));
    for (const who of extra.slice(2)) ids.push((await personal(owner.access, { student_id: who.id })).body!.id as string);
    for (const id of ids) await post(id, owner.access, { text: 'y' });
    const large = await readsDuring(t.app, () => call(t.app, 'GET', `${base()}?s=50`, { token: owner.access }));
    expect(large.length).toBe(small.length);
    const page2 = (await call(t.app, 'GET', `${base()}?p=2&s=3`, { token: owner.access })).body!;
    expect(page2.count).toBe(7);
    expect(page2.results).toHaveLength(3);
    expect(page2.next).toContain('p=3');
    expect(page2.previous).toContain('p=1');
    await t.app.ctx.db.delete(users).where(eq(users.id, extra[0]!.id));
  });
});
