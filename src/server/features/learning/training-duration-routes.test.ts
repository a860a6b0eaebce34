import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

const DAY = 86_400_000;
let t: TestApp;
let owner: Owner;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
let classmate: Account;
let outsider: Account;
let other: Owner;
let group: number;
let foreignGroup: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Сроки обучения' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  otherTeacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  classmate = await addMember(t.app, owner.schoolId, 'Student');
  outsider = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие сроки' });
  const course = await addCourse(t.app, owner.schoolId);
  const foreignCourse = await addCourse(t.app, other.schoolId);
  const rows = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId: course.id, teacherId: teacher.id, name: 'Поток', trainingDuration: 30 },
      { schoolId: other.schoolId, courseId: foreignCourse.id, name: 'Чужой' },
    ])
    .returning();
  [group, foreignGroup] = rows.map((row) => row.id) as [number, number];
  const from = new Date(t.clock.now.getTime() - 5 * DAY);
  await t.app.ctx.db.insert(studentsGroupMembers).values([
    { groupId: group, userId: student.id, courseId: course.id, accessFrom: from },
    { groupId: group, userId: classmate.id, courseId: course.id, accessFrom: from },
  ]);
});
afterAll(() => t.close());

const read = (query: string, token = owner.access, id = group) => call(t.app, 'GET', `/api/${owner.schoolName}/students_group/${id}/student_training_duration/${query}`, { token });
const set = (body: unknown, token = owner.access) => call(t.app, 'POST', `/api/${owner.schoolName}/students_training_duration/`, { token, body });

describe('a student’s training duration', () => {
  it('reads the group’s duration until the student has their own', async () => {
    const res = await read(`?student_id=${student.id}`, teacher.access);
    expect(res.body).toEqual({
      final_limit: 30,
      individual_limit: 0,
      download: false,
      created_at: new Date(t.clock.now.getTime() - 5 * DAY).toISOString(),
      remaining_period: 25,
    });
  });

  it('sets the student’s own duration and download: a second call replaces the first, 0 gives the group’s back', async () => {
    const res = await set({ user: student.id, students_group: group, limit: 60, download: true });
    expect(res).toMatchObject({ status: 201, body: { detail: 'Продолжительность обучения и иные особенности установлены' } });
    await set({ user: student.id, students_group: group, limit: 40 });
    expect((await read(`?student_id=${student.id}`)).body).toMatchObject({ final_limit: 40, individual_limit: 40, download: true, remaining_period: 35 });
    await set({ user: student.id, students_group: group, limit: 0, download: false });
    expect((await read(`?student_id=${student.id}`)).body).toMatchObject({ final_limit: 30, individual_limit: 0, download: false });
    const [member] = await t.app.ctx.db.select().from(studentsGroupMembers).where(and(eq(studentsGroupMembers.groupId, group), eq(studentsGroupMembers.userId, student.id)));
    expect(member!.durationDays).toBeNull();
  });

  it('lets a student read their own only', async () => {
    expect((await read('', student.access)).body).toMatchObject({ final_limit: 30 });
    expect((await read(`?student_id=${student.id}`, student.access)).status).toBe(200);
    expect((await read(`?student_id=${classmate.id}`, student.access)).status).toBe(403);
    expect((await read('', outsider.access)).status).toBe(404);
  });

  it('names the missing or foreign student, and hides other groups and schools', async () => {
    expect((await read('')).body).toMatchObject({ fields: { student_id: ['Не указан ID студента'] } });
    expect((await read(`?student_id=${outsider.id}`)).body).toMatchObject({ fields: { student_id: ['Указанный студент не учится в этой группе'] } });
    expect((await read(`?student_id=${student.id}`, otherTeacher.access)).status).toBe(404);
    expect((await read(`?student_id=${student.id}`, owner.access, foreignGroup)).status).toBe(404);
    expect((await read(`?student_id=${student.id}`, other.access)).status).toBe(403);
    expect((await read('?student_id=x')).status).toBe(400);
    expect((await set({ user: outsider.id, students_group: group, limit: 10 })).body).toMatchObject({ fields: { user: ['Такой ученик не учится в этой группе.'] } });
    expect((await set({ user: student.id, students_group: foreignGroup, limit: 10 })).status).toBe(404);
    expect((await set({ user: student.id, students_group: group, limit: 10 }, teacher.access)).status).toBe(403);
    expect((await set({ user: student.id, students_group: group, limit: 10 }, student.access)).status).toBe(403);
    expect((await set({ user: student.id, students_group: group, limit: -1 })).status).toBe(400);
    expect((await set({ user: student.id, students_group: group })).status).toBe(400);
    expect((await call(t.app, 'POST', `/api/${owner.schoolName}/students_training_duration/`, { body: { user: student.id, students_group: group, limit: 1 } })).status).toBe(401);
  });
});
