// School meetings (meeting-routes.ts): the admin's CRUD, what a teacher and a student see, the
// upcoming count, refusals, and constant queries per page.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, login, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { meetingGroups, schoolMeetings } from './tables.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let owner: Owner;
let other: Owner;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let classmate: Account;
let loner: Account;
/** [teacher's, other teacher's, teacher's second, another school's]. */
let groups: number[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Встречи' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие встречи' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  otherTeacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  classmate = await addMember(t.app, owner.schoolId, 'Student');
  loner = await addMember(t.app, owner.schoolId, 'Student');
  const courseId = (await addCourse(t.app, owner.schoolId, { name: 'Python' })).id;
  const secondId = (await addCourse(t.app, owner.schoolId, { name: 'Дизайн' })).id;
  const otherCourse = (await addCourse(t.app, other.schoolId)).id;
  const rows = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId, teacherId: teacher.id, name: 'Поток 1' },
      { schoolId: owner.schoolId, courseId: secondId, teacherId: otherTeacher.id, name: 'Поток 2' },
      { schoolId: owner.schoolId, courseId: secondId, teacherId: teacher.id, name: 'Поток 3' },
      { schoolId: other.schoolId, courseId: otherCourse, teacherId: null, type: 'WITHOUT_TEACHER', name: 'Чужой поток' },
    ])
    .returning({ id: studentsGroups.id });
  groups = rows.map((row) => row.id);
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    { groupId: groups[0]!, userId: student.id, courseId },
    { groupId: groups[1]!, userId: classmate.id, courseId: secondId },
  ]);
});
afterAll(() => t.close());

const list = (school = owner.schoolName) => `/api/${school}/school_meetings/`;
const one = (id: number, school = owner.schoolName) => `/api/${school}/school_meetings/${id}/`;
const countPath = (school = owner.schoolName) => `/api/${school}/school_meetings/count/`;
const create = (body: unknown, token: string = owner.access) => call(t.app, 'POST', list(), { token, body });
const at = (ms: number) => new Date(t.clock.now.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();

/** Puts a meeting straight into the database. */
async function addMeeting(values: { startsIn?: number; minutes?: number; groups?: number[]; schoolId?: number; title?: string }) {
  const start = at(values.startsIn ?? DAY);
  const minutes = values.minutes ?? 60;
  const [row] = await t.app.ctx.db
    .insert(schoolMeetings)
    .values({
      schoolId: values.schoolId ?? owner.schoolId,
      title: values.title ?? 'Встреча',
      startsAt: start,
      durationMinutes: minutes,
      endsAt: new Date(start.getTime() + minutes * 60_000),
      link: 'https://meet.example.com/abc',
    })
    .returning({ id: schoolMeetings.id });
  if (values.groups?.length) await t.app.ctx.db.insert(meetingGroups).values(values.groups.map((groupId) => ({ meetingId: row!.id, groupId })));
  return row!.id;
}

/** Moves the clock on; everybody signs in again (access tokens last 15 minutes of that clock). */
async function advance(ms: number) {
  t.clock.advance(ms);
  for (const account of [owner, other, teacher, otherTeacher, student, classmate, loner]) Object.assign(account, await login(t.app, account.email));
}

const clearMeetings = () => t.app.ctx.db.delete(schoolMeetings);
const ids = (body: Body | null) => body!.results.map((row: Body) => row.id);

describe('school meetings: the admin', () => {
  it('creates, reads, changes and deletes a meeting', async () => {
    await clearMeetings();
    const starts = iso(2 * DAY);
    const created = await create({
      title: '  Разбор домашних заданий  ',
      starts_at: starts,
      duration_minutes: 90,
      link: 'https://meet.example.com/room',
      description: ' Вопросы по модулю 2 ',
      student_groups: [groups[1], groups[0], groups[0]],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body!.id as number;
    expect(created.body).toEqual({
      id,
      title: 'Разбор домашних заданий',
      starts_at: starts,
      ends_at: new Date(Date.parse(starts) + 90 * 60_000).toISOString(),
      duration_minutes: 90,
      link: 'https://meet.example.com/room',
      description: 'Вопросы по модулю 2',
      student_groups: [groups[0], groups[1]],
      created_at: t.clock.now.toISOString(),
      updated_at: t.clock.now.toISOString(),
    });
    const [row] = await t.app.ctx.db.select().from(schoolMeetings).where(eq(schoolMeetings.id, id));
    expect(row!.createdBy).toBe(owner.id);

    // An hour by default, no description, no groups; a time without an offset is UTC.
    const plain = await create({ title: 'Созвон', starts_at: '2030-05-01T10:00', link: 'http://example.com/a?b=1' });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body).toMatchObject({ starts_at: '2030-05-01T10:00:00.000Z', ends_at: '2030-05-01T11:00:00.000Z', duration_minutes: 60, description: '', student_groups: [] });
    const offset = await create({ title: 'Москва', starts_at: '2030-05-01T10:00:00+03:00', link: 'https://example.com/' });
    expect(offset.body!.starts_at).toBe('2030-05-01T07:00:00.000Z');

    const page = await call(t.app, 'GET', list(), { token: owner.access });
    expect(page.status).toBe(200);
    // Upcoming: soonest first.
    expect(page.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(ids(page.body)).toEqual([id, offset.body!.id, plain.body!.id]);
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).body).toEqual(created.body);

    // Only what is sent changes; student_groups replaces the list; a new duration moves the end.
    t.clock.advance(1000);
    const patched = await call(t.app, 'PATCH', one(id), { token: owner.access, body: { title: 'Разбор', duration_minutes: 30, student_groups: [groups[2]] } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: 'Разбор',
      starts_at: starts,
      ends_at: new Date(Date.parse(starts) + 30 * 60_000).toISOString(),
      link: 'https://meet.example.com/room',
      description: 'Вопросы по модулю 2',
      student_groups: [groups[2]],
      updated_at: t.clock.now.toISOString(),
    });
    const moved = await call(t.app, 'PATCH', one(id), { token: owner.access, body: { starts_at: '2031-01-01T12:00:00Z', description: '', student_groups: [] } });
    expect(moved.body).toMatchObject({ starts_at: '2031-01-01T12:00:00.000Z', ends_at: '2031-01-01T12:30:00.000Z', description: '', student_groups: [] });

    expect((await call(t.app, 'DELETE', one(id), { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', one(id), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(id), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { title: 'x' } })).status).toBe(404);
    expect(await t.app.ctx.db.select().from(meetingGroups).where(eq(meetingGroups.meetingId, id))).toEqual([]);
  });

  it("takes form bodies like JSON, and refuses another school's groups", async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: list(),
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['title', 'Из формы'],
        ['starts_at', '2030-01-01T09:00:00Z'],
        ['duration_minutes', '45'],
        ['link', 'https://example.com/'],
        ['student_groups[]', String(groups[0])],
      ]).toString(),
    });
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json()).toMatchObject({ title: 'Из формы', duration_minutes: 45, student_groups: [groups[0]] });

    const before = (await call(t.app, 'GET', list(), { token: owner.access })).body!.count;
    const refused = await create({ title: 'x', starts_at: iso(DAY), link: 'https://example.com/', student_groups: [groups[0], groups[3]] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'GROUPS_NOT_IN_SCHOOL', fields: { student_groups: ['Не все указанные группы относятся к вашей школе'] } });
    expect((await create({ title: 'x', starts_at: iso(DAY), link: 'https://example.com/', student_groups: [999999] })).status).toBe(400);
    expect((await call(t.app, 'GET', list(), { token: owner.access })).body!.count).toBe(before);
    const id = await addMeeting({});
    expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: { student_groups: [groups[3]] } })).status).toBe(400);
  });

  it('takes only http(s) links, real date-times, a title and sane durations', async () => {
    const base = { title: 'Встреча', starts_at: iso(DAY), link: 'https://example.com/' };
    for (const link of ['javascript:alert(1)', 'ftp://example.com/', 'example.com', '/local', 'https://', '   ', 'data:text/html,x']) {
      const res = await create({ ...base, link });
      expect(res.status, link).toBe(400);
      expect(res.body!.fields).toHaveProperty('link');
    }
    for (const starts_at of ['2026-02-30T10:00:00Z', '01.12.2026 10:00', 'завтра', '2026-12-01T25:00:00Z', '2026-13-01T10:00Z', '2026-12-01', '1999-12-01T10:00:00Z']) {
      const res = await create({ ...base, starts_at });
      expect(res.status, starts_at).toBe(400);
      expect(res.body!.fields).toHaveProperty('starts_at');
    }
    expect((await create({ ...base, title: '   ' })).body!.fields).toHaveProperty('title');
    for (const duration_minutes of [0, -5, 1441, 1.5]) expect((await create({ ...base, duration_minutes })).status, String(duration_minutes)).toBe(400);
    expect((await create({ ...base, title: 'я'.repeat(501) })).status).toBe(400);
    expect((await create({ ...base, description: 'я'.repeat(5001) })).status).toBe(400);
    expect((await create({ ...base, title: 'я'.repeat(500), description: 'я'.repeat(5000), duration_minutes: 1440 })).status).toBe(201);
  });

  it('answers a malformed body and NUL bytes with 400', async () => {
    const id = await addMeeting({});
    const raw = await t.app.inject({ method: 'POST', url: list(), headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/json' }, payload: '{"title": ' });
    expect(raw.statusCode).toBe(400);
    const base = { title: 'Встреча', starts_at: iso(DAY), link: 'https://example.com/' };
    expect((await create({ title: 'без ссылки', starts_at: iso(DAY) })).status).toBe(400);
    expect((await create({ title: 'без времени', link: 'https://example.com/' })).status).toBe(400);
    expect((await create({ starts_at: iso(DAY), link: 'https://example.com/' })).status).toBe(400);
    expect((await create([base])).status).toBe(400);
    for (const patch of [
      { student_groups: 'x' },
      { student_groups: [0] },
      { duration_minutes: '60' },
      { starts_at: 5 },
      { title: null },
      { link: 'https://example.com/\u0000' },
      { title: 'a\u0000b' },
      { description: 'a\u0000b' },
      { starts_at: '2030-01-01T10:00:00Z\u0000' },
    ]) {
      expect((await create({ ...base, ...patch })).status, JSON.stringify(patch)).toBe(400);
      expect((await call(t.app, 'PATCH', one(id), { token: owner.access, body: patch })).status, JSON.stringify(patch)).toBe(400);
    }
    expect((await call(t.app, 'GET', `${list()}?p=0`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `${list()}?past=maybe`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/school_meetings/x/`, { token: owner.access })).status).toBe(400);
  });
});

describe('school meetings: who sees what', () => {
  it('gives a teacher the meetings of the groups they teach, with only those groups, read only', async () => {
    await clearMeetings();
    const mine = await addMeeting({ groups: [groups[0]!, groups[1]!], startsIn: DAY });
    const second = await addMeeting({ groups: [groups[2]!], startsIn: 2 * DAY });
    const notMine = await addMeeting({ groups: [groups[1]!] });
    await addMeeting({});
    const page = await call(t.app, 'GET', list(), { token: teacher.access });
    expect(page.status).toBe(200);
    expect(page.body!.count).toBe(2);
    expect(page.body!.results).toEqual([expect.objectContaining({ id: mine, student_groups: [groups[0]] }), expect.objectContaining({ id: second, student_groups: [groups[2]] })]);
    expect((await call(t.app, 'GET', countPath(), { token: teacher.access })).body).toEqual({ upcoming: 2 });
    expect((await call(t.app, 'GET', one(mine), { token: teacher.access })).status).toBe(200);
    expect((await call(t.app, 'GET', one(notMine), { token: teacher.access })).status).toBe(404);
    expect((await call(t.app, 'GET', one(notMine), { token: otherTeacher.access })).body).toMatchObject({ student_groups: [groups[1]] });

    expect((await create({ title: 'x', starts_at: iso(DAY), link: 'https://example.com/' }, teacher.access)).status).toBe(403);
    expect((await call(t.app, 'PATCH', one(mine), { token: teacher.access, body: { title: 'x' } })).status).toBe(403);
    expect((await call(t.app, 'DELETE', one(mine), { token: teacher.access })).status).toBe(403);
  });

  it('gives a student the meetings of their groups without the groups; upcoming first, past with ?past=1', async () => {
    await clearMeetings();
    const later = await addMeeting({ groups: [groups[0]!], startsIn: 3 * DAY, title: 'Позже' });
    const soon = await addMeeting({ groups: [groups[0]!, groups[1]!], startsIn: HOUR, title: 'Скоро' });
    // Started 30 minutes ago, lasts an hour: still upcoming (not ended).
    const running = await addMeeting({ groups: [groups[0]!], startsIn: -HOUR / 2, minutes: 60, title: 'Идёт' });
    const ended = await addMeeting({ groups: [groups[0]!], startsIn: -2 * HOUR, minutes: 60, title: 'Прошла' });
    const older = await addMeeting({ groups: [groups[0]!], startsIn: -3 * DAY, title: 'Давно' });
    const otherGroup = await addMeeting({ groups: [groups[1]!] });
    await addMeeting({});

    const page = await call(t.app, 'GET', list(), { token: student.access });
    expect(page.status).toBe(200);
    expect(ids(page.body)).toEqual([running, soon, later]);
    expect(page.body!.results[0]).not.toHaveProperty('student_groups');
    expect(page.body!.results[1]).toMatchObject({ title: 'Скоро', link: 'https://meet.example.com/abc' });
    expect(ids((await call(t.app, 'GET', `${list()}?past=1`, { token: student.access })).body)).toEqual([ended, older]);
    expect(ids((await call(t.app, 'GET', `${list()}?past=true`, { token: student.access })).body)).toEqual([ended, older]);
    expect((await call(t.app, 'GET', countPath(), { token: student.access })).body).toEqual({ upcoming: 3 });
    expect((await call(t.app, 'GET', one(ended), { token: student.access })).status).toBe(200);
    expect((await call(t.app, 'GET', one(otherGroup), { token: student.access })).status).toBe(404);

    expect(ids((await call(t.app, 'GET', list(), { token: classmate.access })).body)).toEqual([soon, otherGroup]);
    expect((await call(t.app, 'GET', list(), { token: loner.access })).body).toMatchObject({ count: 0, results: [] });
    expect((await call(t.app, 'GET', countPath(), { token: loner.access })).body).toEqual({ upcoming: 0 });
    expect((await call(t.app, 'GET', countPath(), { token: owner.access })).body).toEqual({ upcoming: 5 });

    // Time moves on: the meeting under way ends and goes to the past.
    await advance(HOUR);
    expect(ids((await call(t.app, 'GET', list(), { token: student.access })).body)).toEqual([soon, later]);
    expect(ids((await call(t.app, 'GET', `${list()}?past=1`, { token: student.access })).body)).toEqual([running, ended, older]);

    expect((await create({ title: 'x', starts_at: iso(DAY), link: 'https://example.com/' }, student.access)).status).toBe(403);
    expect((await call(t.app, 'PATCH', one(soon), { token: student.access, body: { title: 'x' } })).status).toBe(403);
    expect((await call(t.app, 'DELETE', one(soon), { token: student.access })).status).toBe(403);
  });

  it("keeps a school's meetings to its members, and asks for a token", async () => {
    await clearMeetings();
    const id = await addMeeting({ groups: [groups[0]!] });
    const theirs = await addMeeting({ schoolId: other.schoolId, groups: [groups[3]!] });
    // Another school's id through one's own school: not found, whatever the method.
    expect((await call(t.app, 'GET', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', one(theirs), { token: owner.access, body: { title: 'x' } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', one(theirs), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', one(id, other.schoolName), { token: other.access })).status).toBe(404);
    expect(ids((await call(t.app, 'GET', list(other.schoolName), { token: other.access })).body)).toEqual([theirs]);
    expect((await call(t.app, 'GET', countPath(other.schoolName), { token: other.access })).body).toEqual({ upcoming: 1 });
    // Not a member of the school in the path.
    for (const [method, path] of [
      ['GET', list()],
      ['GET', countPath()],
      ['GET', one(id)],
      ['PATCH', one(id)],
      ['DELETE', one(id)],
      ['POST', list()],
    ] as const) {
      expect((await call(t.app, method, path, { token: other.access, body: method === 'PATCH' || method === 'POST' ? { title: 'x', starts_at: iso(DAY), link: 'https://example.com/' } : undefined })).status, `${method} ${path}`).toBe(403);
      expect((await call(t.app, method, path, { body: method === 'PATCH' || method === 'POST' ? { title: 'x', starts_at: iso(DAY), link: 'https://example.com/' } : undefined })).status, `${method} ${path} without a token`).toBe(401);
    }
    expect((await call(t.app, 'GET', list('No_such_school'), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', countPath('No_such_school'), { token: owner.access })).status).toBe(404);
  });

  it('pages the list, reading a page with a constant number of queries', async () => {
    await clearMeetings();
    await addMeeting({ groups: [groups[0]!, groups[1]!] });
    const reads = async (token: string) => {
      const counts = [];
      for (const path of [list(), `${list()}?p=2&s=5`, `${list()}?past=1`]) counts.push((await readsDuring(t.app, () => call(t.app, 'GET', path, { token }))).length);
      return counts;
    };
    const few = { admin: await reads(owner.access), teacher: await reads(teacher.access), student: await reads(student.access) };
    for (let i = 0; i < 14; i += 1) await addMeeting({ groups: [groups[0]!, groups[1]!, groups[2]!], startsIn: (i + 2) * HOUR });
    for (let i = 0; i < 6; i += 1) await addMeeting({ groups: [groups[0]!, groups[2]!], startsIn: -(i + 2) * DAY });
    const many = { admin: await reads(owner.access), teacher: await reads(teacher.access), student: await reads(student.access) };
    for (const role of ['admin', 'teacher', 'student'] as const) {
      // A page of rows costs what a page of one does (2 reads; 1 when the page is past the end).
      expect(many[role], role).toEqual([few[role][0], few[role][0], few[role][0]]);
    }
    expect(few.admin[0]).toBeLessThanOrEqual(3);
    const countReads = await readsDuring(t.app, () => call(t.app, 'GET', countPath(), { token: student.access }));
    expect(countReads.length).toBeLessThanOrEqual(2);

    const second = await call(t.app, 'GET', `${list()}?p=2&s=5`, { token: student.access });
    expect(second.body).toMatchObject({ count: 15, previous: expect.stringContaining('p=1'), next: expect.stringContaining('p=3') });
    const all = ids((await call(t.app, 'GET', `${list()}?s=100`, { token: student.access })).body);
    expect(ids(second.body)).toEqual(all.slice(5, 10));
    // The last page, read from the end, in the same order.
    expect(ids((await call(t.app, 'GET', `${list()}?p=3&s=5`, { token: student.access })).body)).toEqual(all.slice(10, 15));
    const past = ids((await call(t.app, 'GET', `${list()}?past=1&s=100`, { token: student.access })).body);
    expect(ids((await call(t.app, 'GET', `${list()}?past=1&p=2&s=4`, { token: student.access })).body)).toEqual(past.slice(4, 6));
    expect((await call(t.app, 'GET', `${list()}?p=9`, { token: student.access })).body).toMatchObject({ count: 15, results: [] });
  });
});
