import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupMembers, studentsGroups } from './tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let other: Owner;
let groupIds: number[];

const SENIOR = 4;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Группы' });
  await setTariff(t.app, owner.schoolId, SENIOR);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher', { firstName: 'Пётр', lastName: 'Учителев' });
  otherTeacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие группы' });
  const course = await addCourse(t.app, owner.schoolId, { name: 'Python' });
  const otherCourse = await addCourse(t.app, other.schoolId);
  const rows = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId: course.id, teacherId: teacher.id, name: 'Поток 1' },
      { schoolId: owner.schoolId, courseId: course.id, teacherId: otherTeacher.id, name: 'Поток 2' },
      { schoolId: owner.schoolId, courseId: course.id, teacherId: teacher.id, name: 'Поток 3' },
      { schoolId: other.schoolId, courseId: otherCourse.id, teacherId: null, name: 'Чужой поток' },
    ])
    .returning({ id: studentsGroups.id });
  groupIds = rows.map((row) => row.id);
  await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: groupIds[0]!, userId: student.id, courseId: course.id });
});
afterAll(() => t.close());

const list = (token: string | undefined, school = owner.schoolName, query = '') => call(t.app, 'GET', `/api/${school}/students_group/${query}`, token ? { token } : {});

describe('GET /:school/students_group/', () => {
  it("gives a teacher the groups they teach, with the course and the number of students", async () => {
    const res = await list(teacher.access);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        { group_id: groupIds[0], name: 'Поток 1', course_id: expect.any(Number), course_name: 'Python', teacher_id: teacher.id, teacher_name: 'Пётр Учителев', students_count: 1 },
        { group_id: groupIds[2], name: 'Поток 3', course_id: expect.any(Number), course_name: 'Python', teacher_id: teacher.id, teacher_name: 'Пётр Учителев', students_count: 0 },
      ],
    });
  });

  it("gives an admin every group of the school, paged, and none of another school's", async () => {
    const first = await list(owner.access, owner.schoolName, '?s=2');
    expect(first.body).toMatchObject({ count: 3, next: `/api/${owner.schoolName}/students_group/?s=2&p=2` });
    const second = await list(owner.access, owner.schoolName, '?s=2&p=2');
    expect([...first.body!.results, ...second.body!.results].map((g: { group_id: number }) => g.group_id)).toEqual(groupIds.slice(0, 3));
    expect((await list(other.access, other.schoolName)).body!.results.map((g: { name: string }) => g.name)).toEqual(['Чужой поток']);
  });

  it('reads a page in a constant number of queries', async () => {
    await list(owner.access);
    // The school and role, the total, the page (with its courses, teachers and head counts).
    const reads = await readsDuring(t.app, () => list(owner.access));
    expect(reads).toHaveLength(3);
  });

  it('is closed to students, to other schools, to anonymous callers and to bad addresses', async () => {
    expect((await list(student.access)).status).toBe(403);
    expect((await list(other.access)).body).toMatchObject({ code: 'NOT_A_MEMBER' });
    expect((await list(teacher.access, other.schoolName)).status).toBe(403);
    expect((await list(undefined)).status).toBe(401);
    expect((await list(teacher.access, 'No_such_school')).status).toBe(404);
    expect((await list(teacher.access, 'bad%00name')).status).toBe(400);
    expect((await list(teacher.access, owner.schoolName, '?p=0')).status).toBe(400);
    expect((await list(teacher.access, owner.schoolName, '?s=abc')).status).toBe(400);
  });
});
