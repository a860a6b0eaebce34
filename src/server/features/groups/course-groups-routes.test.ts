import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroups } from './tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;

const SENIOR = 4;
const url = (school: string, rest = '') => `/api/${school}/courses/${rest}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Авторская' });
  await setTariff(t.app, owner.schoolId, SENIOR);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
});
afterAll(() => t.close());

describe('courses with their groups', () => {
  it('lists for the admin every course that has groups, and for a teacher their own groups', async () => {
    const course = await addCourse(t.app, owner.schoolId, { name: 'С группами' });
    await t.app.ctx.db.insert(studentsGroups).values([
      { schoolId: owner.schoolId, courseId: course.id, teacherId: teacher.id, name: 'Группа А' },
      { schoolId: owner.schoolId, courseId: course.id, teacherId: null, name: 'Группа Б' },
    ]);
    const admin = (await call(t.app, 'GET', url(owner.schoolName, 'with_student_groups/'), { token: owner.access })).body as unknown as Body[];
    expect(admin.find((c) => c.course_id === course.id)!.student_groups.map((g: Body) => g.name)).toEqual(['Группа А', 'Группа Б']);
    const mine = (await call(t.app, 'GET', url(owner.schoolName, 'with_student_groups/'), { token: teacher.access })).body as unknown as Body[];
    expect(mine.find((c) => c.course_id === course.id)!.student_groups.map((g: Body) => g.name)).toEqual(['Группа А']);
    expect((await call(t.app, 'GET', url(owner.schoolName, 'with_student_groups/'), { token: student.access })).status).toBe(403);
  });
});
