import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupHistory, studentsGroupMembers, studentsGroups } from './tables.ts';
import { userHomeworks } from '../homework/index.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let otherTeacher: Account;
let student: Account;
const students: Account[] = [];
let other: Owner;
let otherStudent: Account;
let course: number;
let secondCourse: number;
let otherCourse: number;
let groupIds: number[];

const SENIOR = 4;
const NO_SETTINGS = {
  strict_task_order: false,
  task_submission_lock: false,
  submit_homework_to_go_on: false,
  submit_test_to_go_on: false,
  success_test_to_go_on: false,
  overai_lock: false,
  download: false,
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Группы' });
  await setTariff(t.app, owner.schoolId, SENIOR);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher', { firstName: 'Пётр', lastName: 'Учителев' });
  otherTeacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  for (let i = 0; i < 3; i += 1) students.push(await addMember(t.app, owner.schoolId, 'Student'));
  other = await registerOwner(t.app, { schoolTitle: 'Чужие группы' });
  otherStudent = await addMember(t.app, other.schoolId, 'Student');
  course = (await addCourse(t.app, owner.schoolId, { name: 'Python' })).id;
  secondCourse = (await addCourse(t.app, owner.schoolId, { name: 'Веб-дизайн' })).id;
  otherCourse = (await addCourse(t.app, other.schoolId)).id;
  const rows = await t.app.ctx.db
    .insert(studentsGroups)
    .values([
      { schoolId: owner.schoolId, courseId: course, teacherId: teacher.id, name: 'Поток 1' },
      { schoolId: owner.schoolId, courseId: course, teacherId: otherTeacher.id, name: 'Поток 2' },
      { schoolId: owner.schoolId, courseId: course, teacherId: teacher.id, name: 'Поток 3' },
      { schoolId: other.schoolId, courseId: otherCourse, teacherId: null, name: 'Чужой поток' },
    ])
    .returning({ id: studentsGroups.id });
  groupIds = rows.map((row) => row.id);
  await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: groupIds[0]!, userId: student.id, courseId: course });
});
afterAll(() => t.close());

const list = (token: string | undefined, school = owner.schoolName, query = '') => call(t.app, 'GET', `/api/${school}/students_group/${query}`, token ? { token } : {});
const create = (body: unknown, token = owner.access, path = 'students_group', school = owner.schoolName) => call(t.app, 'POST', `/api/${school}/${path}/`, { token, body });
const groupUrl = (id: number, school = owner.schoolName) => `/api/${school}/students_group/${id}/`;
const members = async (groupId: number) =>
  (await t.app.ctx.db.select().from(studentsGroupMembers).where(eq(studentsGroupMembers.groupId, groupId))).map((row) => row.userId).sort((a, b) => a - b);
const history = (groupId: number) => t.app.ctx.db.select().from(studentsGroupHistory).where(eq(studentsGroupHistory.groupId, groupId));

describe('GET /:school/students_group/', () => {
  it('gives a teacher the groups they teach, with the course, settings and the number of students', async () => {
    const res = await list(teacher.access);
    expect(res.status).toBe(200);
    const group = { course_id: course, course_name: 'Python', teacher_id: teacher.id, teacher_name: 'Пётр Учителев', type: 'WITH_TEACHER', certificate: false, training_duration: 0, group_settings: NO_SETTINGS };
    expect(res.body).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        { ...group, group_id: groupIds[0], name: 'Поток 1', students_count: 1 },
        { ...group, group_id: groupIds[2], name: 'Поток 3', students_count: 0 },
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

describe('POST /:school/students_group/', () => {
  it('creates a group with its teacher, students and settings; each student gets a member row of the course and a history row', async () => {
    const res = await create({
      name: '  Поток 4 ',
      course_id: secondCourse,
      teacher_id: teacher.id,
      students: [students[0]!.id, students[1]!.id],
      group_settings: { strict_task_order: true, submit_homework_to_go_on: true },
      certificate: true,
      training_duration: 90,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      group_id: expect.any(Number),
      name: 'Поток 4',
      course_id: secondCourse,
      course_name: 'Веб-дизайн',
      teacher_id: teacher.id,
      teacher_name: 'Пётр Учителев',
      type: 'WITH_TEACHER',
      certificate: true,
      training_duration: 90,
      students_count: 2,
      group_settings: { ...NO_SETTINGS, strict_task_order: true, submit_homework_to_go_on: true },
    });
    const id = res.body!.group_id as number;
    const rows = await t.app.ctx.db.select().from(studentsGroupMembers).where(eq(studentsGroupMembers.groupId, id));
    expect(rows.map((row) => row.courseId)).toEqual([secondCourse, secondCourse]);
    expect(rows.every((row) => row.accessFrom.getTime() === t.clock.now.getTime())).toBe(true);
    expect((await history(id)).map((row) => [row.userId, row.removedAt])).toEqual([
      [students[0]!.id, null],
      [students[1]!.id, null],
    ]);
  });

  it('creates a group without teacher on students_group_no_teacher/', async () => {
    const res = await create({ name: 'Самостоятельно', course_id: secondCourse, students: [students[2]!.id] }, owner.access, 'students_group_no_teacher');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'WITHOUT_TEACHER', teacher_id: null, teacher_name: null, students_count: 1 });
  });

  it('refuses a second group of the same course for a student with the reference message, not a 500', async () => {
    const res = await create({ name: 'Дубль', course_id: course, teacher_id: teacher.id, students: [student.id] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'ALREADY_IN_COURSE', fields: { students: ['Убедитесь, что каждый пользователь в группах курса уникален.'] } });
    // The whole creation rolled back.
    expect((await list(owner.access, owner.schoolName, '?s=100')).body!.results.map((g: Body) => g.name)).not.toContain('Дубль');
  });

  it('lets only one of two simultaneous groups of a course take the same student', async () => {
    const third = (await addCourse(t.app, owner.schoolId, { name: 'Гонка' })).id;
    const body = (name: string) => ({ name, course_id: third, teacher_id: teacher.id, students: [students[2]!.id] });
    const results = await Promise.all([create(body('Гонка 1')), create(body('Гонка 2'))]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 400]);
    expect(results.find((res) => res.status === 400)!.body).toMatchObject({ code: 'ALREADY_IN_COURSE' });
  });

  it('checks the course, the teacher, the students and the settings before writing', async () => {
    const base = { name: 'Новая', course_id: course, teacher_id: teacher.id };
    const refusals: [unknown, string, string][] = [
      [{ ...base, course_id: otherCourse }, 'course_id', 'Курс не относится к вашей школе.'],
      [{ ...base, course_id: 999999 }, 'course_id', 'Курс не относится к вашей школе.'],
      [{ name: 'Новая', course_id: course }, 'teacher_id', "Поле 'teacher_id' обязательно для заполнения."],
      [{ ...base, teacher_id: student.id }, 'teacher_id', "Пользователь, указанный в поле 'teacher_id', не является учителем в вашей школе."],
      [{ ...base, teacher_id: owner.id }, 'teacher_id', "Пользователь, указанный в поле 'teacher_id', не является учителем в вашей школе."],
      [{ ...base, students: [students[0]!.id, students[0]!.id] }, 'students', 'Студенты не могут дублироваться в списке.'],
      [{ ...base, students: [teacher.id] }, 'students', `Эти пользователи не являются учениками вашей школы: ${teacher.id}.`],
      [{ ...base, students: [otherStudent.id] }, 'students', `Эти пользователи не являются учениками вашей школы: ${otherStudent.id}.`],
      [{ ...base, group_settings: { submit_test_to_go_on: true } }, 'group_settings', 'Настройки группы противоречат друг другу'],
      [{ ...base, group_settings: { strict_task_order: true, task_submission_lock: true, submit_homework_to_go_on: true } }, 'group_settings', 'Настройки группы противоречат друг другу'],
      [{ ...base, group_settings: { strict_task_order: true, success_test_to_go_on: true } }, 'group_settings', 'Настройки группы противоречат друг другу'],
      [{ ...base, name: '   ' }, 'name', 'Поле не может быть пустым.'],
    ];
    for (const [body, field, message] of refusals) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body!.fields, JSON.stringify(body)).toEqual({ [field]: [message] });
    }
  });

  it('is the admin’s only, and refuses malformed bodies and NUL bytes', async () => {
    const body = { name: 'Поток', course_id: course, teacher_id: teacher.id };
    expect((await create(body, teacher.access)).status).toBe(403);
    expect((await create(body, student.access)).status).toBe(403);
    expect((await create(body, other.access)).status).toBe(403);
    expect((await call(t.app, 'POST', `/api/${owner.schoolName}/students_group/`, { body })).status).toBe(401);
    expect((await create({ name: 'Поток' })).status).toBe(400);
    expect((await create({ ...body, students: 'все' })).status).toBe(400);
    expect((await create({ ...body, training_duration: -1 })).status).toBe(400);
    expect((await create({ ...body, type: 'OTHER' })).status).toBe(400);
    const nul = await create({ ...body, name: 'По\u0000ток' });
    expect(nul.status).toBe(400);
    expect(nul.body!.fields).toHaveProperty('name');
  });
});

describe('GET, PATCH, DELETE /:school/students_group/{id}/', () => {
  it('shows a group to the admin and to its teacher, and to nobody else', async () => {
    expect((await call(t.app, 'GET', groupUrl(groupIds[0]!), { token: owner.access })).body).toMatchObject({ group_id: groupIds[0], students_count: 1 });
    expect((await call(t.app, 'GET', groupUrl(groupIds[0]!), { token: teacher.access })).status).toBe(200);
    expect((await call(t.app, 'GET', groupUrl(groupIds[1]!), { token: teacher.access })).status).toBe(404);
    expect((await call(t.app, 'GET', groupUrl(groupIds[0]!), { token: student.access })).status).toBe(403);
    expect((await call(t.app, 'GET', groupUrl(groupIds[3]!), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', groupUrl(groupIds[0]!))).status).toBe(401);
  });

  it('changes settings against the current ones, and refuses a contradiction without writing', async () => {
    const url = groupUrl(groupIds[2]!);
    const on = await call(t.app, 'PATCH', url, { token: owner.access, body: { group_settings: { strict_task_order: true, submit_test_to_go_on: true }, certificate: true, name: 'Поток 3б' } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ name: 'Поток 3б', certificate: true, group_settings: { strict_task_order: true, submit_test_to_go_on: true } });
    const off = await call(t.app, 'PATCH', url, { token: owner.access, body: { group_settings: { strict_task_order: false } } });
    expect(off.status).toBe(400);
    expect(off.body).toMatchObject({ code: 'GROUP_SETTINGS_CONFLICT', message: 'Настройки группы противоречат друг другу' });
    expect((await call(t.app, 'GET', url, { token: owner.access })).body!.group_settings).toMatchObject({ strict_task_order: true });
  });

  it('gives the group a new teacher, who takes its open hand-ins; without teacher the teacher goes', async () => {
    const url = groupUrl(groupIds[0]!);
    const { lessonIds } = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['homework', 'ДЗ']] }] });
    await t.app.ctx.db.insert(userHomeworks).values({ schoolId: owner.schoolId, homeworkId: lessonIds[0]!, courseId: course, userId: student.id, groupId: groupIds[0]!, teacherId: teacher.id });
    const res = await call(t.app, 'PATCH', url, { token: owner.access, body: { teacher_id: otherTeacher.id } });
    expect(res.body).toMatchObject({ teacher_id: otherTeacher.id });
    const [handIn] = await t.app.ctx.db.select().from(userHomeworks).where(eq(userHomeworks.userId, student.id));
    expect(handIn!.teacherId).toBe(otherTeacher.id);
    expect((await call(t.app, 'PATCH', url, { token: owner.access, body: { teacher_id: student.id } })).status).toBe(400);
    expect((await call(t.app, 'PATCH', url, { token: owner.access, body: { teacher_id: null } })).body).toMatchObject({ fields: { teacher_id: ["Поле 'teacher_id' обязательно для заполнения."] } });
    const alone = await call(t.app, 'PATCH', url, { token: owner.access, body: { type: 'WITHOUT_TEACHER' } });
    expect(alone.body).toMatchObject({ type: 'WITHOUT_TEACHER', teacher_id: null });
    await call(t.app, 'PATCH', url, { token: owner.access, body: { type: 'WITH_TEACHER', teacher_id: teacher.id } });
  });

  it('replaces the students: the ones left out get their history closed, the new ones join', async () => {
    const created = await create({ name: 'Состав', course_id: course, teacher_id: teacher.id });
    const id = created.body!.group_id as number;
    await t.app.ctx.db.delete(studentsGroupMembers).where(and(eq(studentsGroupMembers.courseId, course), eq(studentsGroupMembers.userId, students[0]!.id)));
    const first = await call(t.app, 'PATCH', groupUrl(id), { token: owner.access, body: { students: [students[0]!.id] } });
    expect(first.body).toMatchObject({ students_count: 1 });
    t.clock.advance(1000);
    const second = await call(t.app, 'PATCH', groupUrl(id), { token: owner.access, body: { students: [students[1]!.id] } });
    expect(second.status).toBe(200);
    expect(await members(id)).toEqual([students[1]!.id]);
    const rows = await history(id);
    expect(rows.find((row) => row.userId === students[0]!.id)!.removedAt).toEqual(t.clock.now);
    expect(rows.find((row) => row.userId === students[1]!.id)!.removedAt).toBeNull();
    // A student of another group of the course: the index refuses, with the reference's words.
    const clash = await call(t.app, 'PATCH', groupUrl(id), { token: owner.access, body: { students: [student.id] } });
    expect(clash.body).toMatchObject({ code: 'ALREADY_IN_COURSE' });
    expect(await members(id)).toEqual([students[1]!.id]);
  });

  it('is written by the admin only, in their own school', async () => {
    expect((await call(t.app, 'PATCH', groupUrl(groupIds[0]!), { token: teacher.access, body: { name: 'X' } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', groupUrl(groupIds[3]!), { token: owner.access, body: { name: 'X' } })).status).toBe(404);
    expect((await call(t.app, 'PATCH', groupUrl(groupIds[0]!), { token: owner.access, body: { name: 'X\u0000' } })).status).toBe(400);
    expect((await call(t.app, 'PATCH', groupUrl(groupIds[0]!), { token: owner.access, body: { training_duration: 'год' } })).status).toBe(400);
    expect((await call(t.app, 'DELETE', groupUrl(groupIds[3]!), { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'DELETE', groupUrl(groupIds[1]!), { token: teacher.access })).status).toBe(403);
  });

  it('deletes a group with its members', async () => {
    const created = await create({ name: 'Удаляемая', course_id: secondCourse, teacher_id: teacher.id, students: [student.id] });
    const id = created.body!.group_id as number;
    expect((await call(t.app, 'DELETE', groupUrl(id), { token: owner.access })).status).toBe(204);
    expect(await members(id)).toEqual([]);
    expect((await call(t.app, 'GET', groupUrl(id), { token: owner.access })).status).toBe(404);
  });
});
