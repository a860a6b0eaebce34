import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupLessonClosures, studentLessonAccess, studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { lessonProgress } from './tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

const DAY = 86_400_000;
let t: TestApp;
let owner: Owner;
let teacher: Account;
let otherTeacher: Account;
let other: Owner;
let course: CourseFixture;
let group: number;
let otherGroup: number;
let foreignGroup: number;
const students: Account[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Ученики групп' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  otherTeacher = await addMember(t.app, owner.schoolId, 'Teacher');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие ученики групп' });
  for (let i = 0; i < 5; i += 1) students.push(await addMember(t.app, owner.schoolId, 'Student', { firstName: `Ученик${i}`, lastName: 'Группов' }));
  // Five lessons, one of them switched off: four count.
  course = await addCourse(t.app, owner.schoolId, {
    sections: [
      { name: 'Первый', lessons: [['lesson', 'Урок 1'], ['homework', 'ДЗ 1'], ['lesson', 'Выключен', false]] },
      { name: 'Второй', lessons: [['test', 'Тест 1'], ['lesson', 'Урок 2']] },
    ],
  });
  const foreignCourse = await addCourse(t.app, other.schoolId);
  const [mine, theirs, foreign] = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId: course.id, teacherId: teacher.id, name: 'Поток', trainingDuration: 30 },
      { schoolId: owner.schoolId, courseId: course.id, teacherId: otherTeacher.id, name: 'Другой поток' },
      { schoolId: other.schoolId, courseId: foreignCourse.id, name: 'Чужой' },
    ])
    .returning();
  group = mine!.id;
  otherGroup = theirs!.id;
  foreignGroup = foreign!.id;
  const now = t.clock.now;
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    ...students.slice(0, 4).map((s, i) => ({ groupId: group, userId: s.id, courseId: course.id, accessFrom: new Date(now.getTime() - i * 10 * DAY) })),
    { groupId: otherGroup, userId: students[4]!.id, courseId: course.id },
  ]);
  // Student 3 has their own 100 days.
  await t.app.ctx.db.update(studentsGroupMembers).set({ durationDays: 100 }).where(eq(studentsGroupMembers.userId, students[3]!.id));
  const [l1, hw, , test] = course.lessonIds as [number, number, number, number, number];
  // Student 0 completed two lessons and only viewed the test; student 1 completed one.
  await t.app.ctx.db.insert(lessonProgress).values([
    { userId: students[0]!.id, lessonId: l1, courseId: course.id, viewedAt: new Date(now.getTime() - DAY), completedAt: new Date(now.getTime() - DAY) },
    { userId: students[0]!.id, lessonId: hw, courseId: course.id, viewedAt: new Date(now.getTime() - DAY), completedAt: now },
    { userId: students[0]!.id, lessonId: test, courseId: course.id, viewedAt: new Date(now.getTime() - DAY) },
    { userId: students[1]!.id, lessonId: l1, courseId: course.id, viewedAt: now, completedAt: now },
  ]);
  // The homework is closed to the group, but open to student 1 again: 3 lessons for most, 4 for student 1.
  await t.app.ctx.db.insert(groupLessonClosures).values({ groupId: group, lessonId: hw });
  await t.app.ctx.db.insert(studentLessonAccess).values({ userId: students[1]!.id, lessonId: hw, available: true });
});
afterAll(() => t.close());

const url = (id: number, query = '', school = owner.schoolName) => `/api/${school}/students_group/${id}/get_students_for_group/${query}`;

describe('GET get_students_for_group/', () => {
  it('lists the group’s students with their progress over the lessons they can see, access left and last activity', async () => {
    const res = await call(t.app, 'GET', url(group), { token: teacher.access });
    expect(res.status).toBe(200);
    expect(res.body!.count).toBe(4);
    const rows = res.body!.results as Body[];
    expect(rows.map((row) => row.id)).toEqual(students.slice(0, 4).map((s) => s.id));
    expect(rows[0]).toEqual({
      id: students[0]!.id,
      email: students[0]!.email,
      first_name: 'Ученик0',
      last_name: 'Группов',
      avatar: null,
      added_at: expect.any(String),
      // The closed homework does not count for them, so its completion does not either.
      progress: { total: 3, completed: 1, percent: 33 },
      remaining_period: 30,
      last_activity: t.clock.now.toISOString(),
    });
    expect(rows[1]).toMatchObject({ progress: { total: 4, completed: 1, percent: 25 }, remaining_period: 20, last_activity: t.clock.now.toISOString() });
    expect(rows[2]).toMatchObject({ progress: { total: 3, completed: 0, percent: 0 }, remaining_period: 10, last_activity: null });
    expect(rows[3]).toMatchObject({ remaining_period: 70 });
  });

  it('pages and searches, in the same number of queries on the first page and the last', async () => {
    const second = await call(t.app, 'GET', url(group, '?s=3&p=2'), { token: owner.access });
    expect(second.body!.results.map((row: Body) => row.id)).toEqual([students[3]!.id]);
    expect((await call(t.app, 'GET', url(group, `?search=${encodeURIComponent('ученик2')}`), { token: owner.access })).body!.results.map((row: Body) => row.id)).toEqual([students[2]!.id]);
    const first = await readsDuring(t.app, () => call(t.app, 'GET', url(group, '?s=1'), { token: owner.access }));
    const last = await readsDuring(t.app, () => call(t.app, 'GET', url(group, '?s=1&p=4'), { token: owner.access }));
    const all = await readsDuring(t.app, () => call(t.app, 'GET', url(group, '?s=4'), { token: owner.access }));
    // The school and role, the group, the total, the page.
    expect(first).toHaveLength(4);
    expect(last).toHaveLength(first.length);
    expect(all).toHaveLength(first.length);
  });

  it('gives every student’s id and name at once', async () => {
    const res = await call(t.app, 'GET', `/api/${owner.schoolName}/students_group/${group}/get_all_students_for_group/`, { token: teacher.access });
    expect(res.body).toEqual(students.slice(0, 4).map((s, i) => ({ id: s.id, email: s.email, first_name: `Ученик${i}`, last_name: 'Группов' })));
  });

  it('is closed to another group’s teacher, students, other schools and anonymous callers', async () => {
    for (const path of ['get_students_for_group', 'get_all_students_for_group']) {
      const at = (id: number, school = owner.schoolName) => `/api/${school}/students_group/${id}/${path}/`;
      expect((await call(t.app, 'GET', at(otherGroup), { token: teacher.access })).status).toBe(404);
      expect((await call(t.app, 'GET', at(group), { token: students[0]!.access })).status).toBe(403);
      expect((await call(t.app, 'GET', at(foreignGroup), { token: owner.access })).status).toBe(404);
      expect((await call(t.app, 'GET', at(group, other.schoolName), { token: owner.access })).status).toBe(403);
      expect((await call(t.app, 'GET', at(group))).status).toBe(401);
      expect((await call(t.app, 'GET', at(group).replace(String(group), 'abc'), { token: owner.access })).status).toBe(400);
    }
    expect((await call(t.app, 'GET', url(group, '?search=a%00b'), { token: owner.access })).status).toBe(400);
  });
});
