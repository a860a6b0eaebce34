import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupMembers, studentsGroups } from './tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let other: Owner;
let course: number;
const students: Account[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Ученики курса' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие ученики' });
  for (let i = 0; i < 5; i += 1) students.push(await addMember(t.app, owner.schoolId, 'Student', { firstName: `Ученик${i}`, lastName: 'Курсов' }));
  course = (await addCourse(t.app, owner.schoolId)).id;
  const [mine, theirs] = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId: course, teacherId: teacher.id, name: 'Поток преподавателя' },
      { schoolId: owner.schoolId, courseId: course, teacherId: null, name: 'Другой поток' },
    ])
    .returning();
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    ...students.slice(0, 3).map((s) => ({ groupId: mine!.id, userId: s.id, courseId: course })),
    ...students.slice(3).map((s) => ({ groupId: theirs!.id, userId: s.id, courseId: course })),
  ]);
});
afterAll(() => t.close());

const url = (query = '', school = owner.schoolName, id = course) => `/api/${school}/courses/${id}/get_students_for_course/${query}`;

describe('the students of a course', () => {
  it('lists every group’s students for the admin, in group then student order, a page at a time', async () => {
    const body = (await call(t.app, 'GET', url('?s=2&p=2'), { token: owner.access })).body!;
    expect(body.count).toBe(5);
    expect(body.results.map((row: Body) => row.student_id)).toEqual([students[2]!.id, students[3]!.id]);
    expect(body.results[0]).toMatchObject({ group_name: 'Поток преподавателя', first_name: 'Ученик2', last_name: 'Курсов', last_login: expect.any(String) });
  });

  it('shows a teacher the students of their own groups only', async () => {
    const body = (await call(t.app, 'GET', url(), { token: teacher.access })).body!;
    expect(body.results.map((row: Body) => row.student_id)).toEqual(students.slice(0, 3).map((s) => s.id));
  });

  it('finds by name or email', async () => {
    const body = (await call(t.app, 'GET', url(`?search=${encodeURIComponent('ученик4')}`), { token: owner.access })).body!;
    expect(body.results.map((row: Body) => row.student_id)).toEqual([students[4]!.id]);
  });

  it('reads a page in the same number of queries, first or last', async () => {
    const first = await readsDuring(t.app, () => call(t.app, 'GET', url('?s=1'), { token: owner.access }));
    const last = await readsDuring(t.app, () => call(t.app, 'GET', url('?s=1&p=5'), { token: owner.access }));
    expect(first.length).toBe(last.length);
  });

  it('is closed to students, other schools, strangers and unknown courses', async () => {
    expect((await call(t.app, 'GET', url(), { token: students[0]!.access })).status).toBe(403);
    expect((await call(t.app, 'GET', url('', other.schoolName), { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'GET', url(), { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'GET', url())).status).toBe(401);
    expect((await call(t.app, 'GET', url('?search=%00'), { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', url('?s=0'), { token: owner.access })).status).toBe(400);
  });
});
