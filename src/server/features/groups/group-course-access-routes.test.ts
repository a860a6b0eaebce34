import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinChainedGroups } from './index.ts';
import { studentLessonAccess, studentsGroupHistory, studentsGroupMembers, studentsGroups } from './tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;
let first: CourseFixture;
let next: CourseFixture;
let third: CourseFixture;
let groups: Record<'first' | 'next' | 'nextToo' | 'third' | 'sameCourse' | 'foreign', number>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Цепочки курсов' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие цепочки' });
  first = await addCourse(t.app, owner.schoolId, { name: 'Первый' });
  next = await addCourse(t.app, owner.schoolId, { name: 'Следующий', sections: [{ name: 'М', lessons: [['lesson', 'У']] }] });
  third = await addCourse(t.app, owner.schoolId, { name: 'Третий' });
  const foreign = await addCourse(t.app, other.schoolId);
  const rows = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId: first.id, teacherId: teacher.id, name: 'Первый поток' },
      { schoolId: owner.schoolId, courseId: next.id, teacherId: teacher.id, name: 'Следующий поток' },
      { schoolId: owner.schoolId, courseId: next.id, teacherId: teacher.id, name: 'Следующий поток 2' },
      { schoolId: owner.schoolId, courseId: third.id, teacherId: teacher.id, name: 'Третий поток' },
      { schoolId: owner.schoolId, courseId: first.id, teacherId: teacher.id, name: 'Тот же курс' },
      { schoolId: other.schoolId, courseId: foreign.id, name: 'Чужой' },
    ])
    .returning();
  const [a, b, c, d, e, f] = rows.map((row) => row.id) as [number, number, number, number, number, number];
  groups = { first: a, next: b, nextToo: c, third: d, sameCourse: e, foreign: f };
  await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: groups.first, userId: student.id, courseId: first.id });
});
afterAll(() => t.close());

const url = (query = '', school = owner.schoolName) => `/api/${school}/group_course_access/${query}`;
const row = (group: number, course: number) => ({ current_group: groups.first, course, group });

describe('group_course_access/', () => {
  it('replaces a group’s chain as a whole and lists it', async () => {
    const res = await call(t.app, 'POST', url(), { token: owner.access, body: [row(groups.next, next.id), row(groups.third, third.id)] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual([
      { current_group: groups.first, course: next.id, course_name: 'Следующий', group: groups.next, group_name: 'Следующий поток' },
      { current_group: groups.first, course: third.id, course_name: 'Третий', group: groups.third, group_name: 'Третий поток' },
    ]);
    await call(t.app, 'POST', url(), { token: owner.access, body: [row(groups.next, next.id)] });
    expect((await call(t.app, 'GET', url(`?group_id=${groups.first}`), { token: owner.access })).body!.map((r: { group: number }) => r.group)).toEqual([groups.next]);
  });

  it('refuses other schools’ groups, a course that is not the group’s, the group’s own course, and a missing group_id', async () => {
    const post = (body: unknown) => call(t.app, 'POST', url(), { token: owner.access, body });
    expect((await post([row(groups.foreign, next.id)])).body).toMatchObject({ message: 'Вы не можете назначать разрешения для групп или курсов других школ' });
    expect((await post([{ current_group: groups.foreign, course: next.id, group: groups.next }])).status).toBe(404);
    expect((await post([row(groups.next, third.id)])).body).toMatchObject({ code: 'COURSE_MISMATCH' });
    expect((await post([row(groups.sameCourse, first.id)])).body).toMatchObject({ code: 'SAME_COURSE' });
    expect((await post([row(groups.next, next.id), { current_group: groups.third, course: next.id, group: groups.next }])).status).toBe(400);
    expect((await post([])).status).toBe(400);
    expect((await call(t.app, 'GET', url(), { token: owner.access })).body).toMatchObject({ fields: { group_id: ["Параметр 'group_id' обязателен для запроса"] } });
    expect((await call(t.app, 'GET', url(`?group_id=${groups.foreign}`), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', url('?group_id=x'), { token: owner.access })).status).toBe(400);
  });

  it('is the admin’s only', async () => {
    expect((await call(t.app, 'GET', url(`?group_id=${groups.first}`), { token: teacher.access })).status).toBe(403);
    expect((await call(t.app, 'POST', url(), { token: student.access, body: [row(groups.next, next.id)] })).status).toBe(403);
    expect((await call(t.app, 'GET', url(`?group_id=${groups.first}`), { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'GET', url(`?group_id=${groups.first}`))).status).toBe(401);
    expect((await call(t.app, 'DELETE', url(`?group_id=${groups.first}`), { token: teacher.access })).status).toBe(403);
  });
});

describe('joinChainedGroups', () => {
  it('puts a student who finished a course into the chained groups of courses they are not in yet, with a history row', async () => {
    await call(t.app, 'POST', url(), { token: owner.access, body: [row(groups.next, next.id), row(groups.nextToo, next.id), row(groups.third, third.id)] });
    // Already in a group of the third course: skipped, no error.
    await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId: third.id, teacherId: teacher.id, name: 'Где он уже' }).returning();
    const [already] = await t.app.ctx.db.select().from(studentsGroups).where(eq(studentsGroups.name, 'Где он уже'));
    await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: already!.id, userId: student.id, courseId: third.id });
    // An own closure of the next course's lesson is reset to the group's on joining.
    await t.app.ctx.db.insert(studentLessonAccess).values({ userId: student.id, lessonId: next.lessonIds[0]!, available: false });
    t.clock.advance(60_000);
    const now = t.clock.now;
    const joined = await t.app.ctx.db.transaction((tx) => joinChainedGroups(tx, groups.first, student.id, now));
    // One group per course: the first chained group of the next course.
    expect(joined).toEqual([groups.next]);
    const [member] = await t.app.ctx.db.select().from(studentsGroupMembers).where(and(eq(studentsGroupMembers.groupId, groups.next), eq(studentsGroupMembers.userId, student.id)));
    expect(member).toMatchObject({ courseId: next.id, accessFrom: now });
    const history = await t.app.ctx.db.select().from(studentsGroupHistory).where(eq(studentsGroupHistory.userId, student.id));
    expect(history.map((h) => [h.groupId, h.addedAt])).toEqual([[groups.next, now]]);
    expect(await t.app.ctx.db.select().from(studentLessonAccess).where(eq(studentLessonAccess.userId, student.id))).toEqual([]);
    // Twice is harmless.
    expect(await joinChainedGroups(t.app.ctx.db, groups.first, student.id, now)).toEqual([]);
    expect(await joinChainedGroups(t.app.ctx.db, groups.third, student.id, now)).toEqual([]);
  });

  it('is cleared by DELETE (also as custom_destroy/)', async () => {
    expect((await call(t.app, 'DELETE', url(`?group_id=${groups.first}`), { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', url(`?group_id=${groups.first}`), { token: owner.access })).body).toEqual([]);
    expect((await call(t.app, 'DELETE', `/api/${owner.schoolName}/group_course_access/custom_destroy/?group_id=${groups.foreign}`, { token: owner.access })).status).toBe(404);
  });
});
