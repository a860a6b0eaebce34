// Handing in homework and reading hand-ins (user-homework-routes.ts).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { lessonProgress } from '../learning/index.ts';
import { userHomeworkChecks, userHomeworks } from './index.ts';
import { addMember, type Account } from '../../../../tests/server/fixtures.ts';
import { homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let s: HomeworkSchool;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await homeworkSchool(t.app, 'Сдача домашних', 4);
  url = `/api/${s.owner.schoolName}/user_homeworks/`;
});
afterAll(() => t.close());

const submit = (student: Account, body: unknown) => call(t.app, 'POST', url, { token: student.access, body });
const progressOf = async (userId: number, lessonId: number) =>
  (await t.app.ctx.db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId))))[0];

describe('POST user_homeworks/', () => {
  it('takes a hand-in for the group’s teacher, with the hand-in as the first message of its thread', async () => {
    const student = s.students[0]!;
    const res = await submit(student, { homework: s.course.homework, course_id: s.course.id, text: 'Решение задачи' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      homework: s.course.homework,
      homework_name: 'Первое задание',
      course_id: s.course.id,
      user: student.id,
      user_first_name: 'Ученик0',
      user_last_name: 'Домашкин',
      text: 'Решение задачи',
      status: 'pending',
      status_label: 'Ждет проверки',
      mark: null,
      teacher_id: s.teacher.id,
      // The student sees the teacher's pseudonym.
      teacher_name: 'Наставник',
      auto_accept_at: null,
    });
    expect(res.body!.created_at).toBe(t.clock.now.toISOString());
    expect(res.body!.checks).toEqual([
      expect.objectContaining({ author: student.id, author_name: 'Ученик0 Домашкин', author_role: 'student', text: 'Решение задачи', status: 'pending', status_label: 'Ждет проверки', mark: null, text_files: [], audio_files: [] }),
    ]);
    const progress = await progressOf(student.id, s.course.homework);
    expect(progress).toMatchObject({ submittedAt: t.clock.now, completedAt: null });
  });

  it('refuses a second hand-in of the same homework, even two sent at once', async () => {
    const again = await submit(s.students[0]!, { homework: s.course.homework, text: 'Ещё раз' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'HOMEWORK_EXISTS', message: 'Объект UserHomework уже существует' });

    const student = s.students[1]!;
    const both = await Promise.all([submit(student, { homework: s.course.homework, text: 'a' }), submit(student, { homework: s.course.homework, text: 'b' })]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 400]);
    const rows = await t.app.ctx.db.select().from(userHomeworks).where(and(eq(userHomeworks.userId, student.id), eq(userHomeworks.homeworkId, s.course.homework)));
    expect(rows).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(userHomeworkChecks).where(eq(userHomeworkChecks.userHomeworkId, rows[0]!.id))).toHaveLength(1);
  });

  it('sets when a homework with automatic acceptance is accepted by itself', async () => {
    const res = await submit(s.students[0]!, { homework: s.course.autoHomework, text: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', auto_accept_at: new Date(t.clock.now.getTime() + 3600_000).toISOString() });
  });

  it('accepts at once in a group without a teacher, completing the lesson and here the course', async () => {
    const res = await submit(s.alone, { homework: s.soloCourse.homework, text: 'Сам справился' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'accepted', status_label: 'Принято', teacher_id: null, teacher_name: null, auto_accept_at: null });
    expect(res.body!.checks).toEqual([expect.objectContaining({ status: 'accepted', author_role: 'student' })]);
    expect(await progressOf(s.alone.id, s.soloCourse.homework)).toMatchObject({ submittedAt: t.clock.now, completedAt: t.clock.now });
    const [member] = await t.app.ctx.db.select().from(studentsGroupMembers).where(eq(studentsGroupMembers.userId, s.alone.id));
    expect(member!.finishedAt).toEqual(t.clock.now);
  });

  it('refuses hand-ins when the group locks them', async () => {
    await t.app.ctx.db.update(studentsGroups).set({ taskSubmissionLock: true }).where(eq(studentsGroups.id, s.group));
    try {
      const res = await submit(s.students[2]!, { homework: s.course.homework, text: 'x' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'SUBMISSION_LOCKED', message: 'Отправлять домашки запрещено в настройках группы студентов' });
    } finally {
      await t.app.ctx.db.update(studentsGroups).set({ taskSubmissionLock: false }).where(eq(studentsGroups.id, s.group));
    }
  });

  it('goes through the lesson’s gates: strict order locks a homework after an unread lesson', async () => {
    await t.app.ctx.db.update(studentsGroups).set({ strictTaskOrder: true }).where(eq(studentsGroups.id, s.group));
    try {
      const res = await submit(s.students[3]!, { homework: s.course.homework, text: 'x' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'STRICT_ORDER', message: 'Необходимо пройти предыдущие уроки.' });
    } finally {
      await t.app.ctx.db.update(studentsGroups).set({ strictTaskOrder: false }).where(eq(studentsGroups.id, s.group));
    }
  });

  it('answers 404 for a homework the student cannot see, and 400 for another course’s id', async () => {
    // Not in a group of the course; a plain lesson; another school's homework; an unknown id.
    const outsider = await addMember(t.app, s.owner.schoolId, 'Student');
    expect((await submit(outsider, { homework: s.course.homework })).body).toMatchObject({ code: 'COURSE_NOT_FOUND' });
    expect((await submit(s.students[3]!, { homework: s.course.lesson })).status).toBe(404);
    const foreign = await addCourse(t.app, s.other.schoolId, { sections: [{ name: 'М', lessons: [['homework', 'Чужое задание']] }] });
    expect((await submit(s.students[3]!, { homework: foreign.lessonIds[0]! })).status).toBe(404);
    expect((await submit(s.students[3]!, { homework: 2147483647 })).status).toBe(404);
    const mismatch = await submit(s.students[3]!, { homework: s.course.homework, course_id: s.soloCourse.id });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body!.fields).toHaveProperty('course_id');
  });

  it('is for students of the school only, with a valid body', async () => {
    const body = { homework: s.course.homework, text: 'x' };
    expect((await call(t.app, 'POST', url, { token: s.teacher.access, body })).status).toBe(403);
    expect((await call(t.app, 'POST', url, { token: s.owner.access, body })).status).toBe(403);
    expect((await call(t.app, 'POST', url, { body })).status).toBe(401);
    expect((await call(t.app, 'POST', `/api/${s.other.schoolName}/user_homeworks/`, { token: s.students[3]!.access, body })).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/no-such-school/user_homeworks/', { token: s.students[3]!.access, body })).status).toBe(404);
    expect((await submit(s.students[3]!, { homework: 'первое', text: 'x' })).status).toBe(400);
    expect((await submit(s.students[3]!, { text: 'x' })).body).toMatchObject({ fields: { homework: ['Обязательное поле.'] } });
    const nul = await submit(s.students[3]!, { homework: s.course.homework, text: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ fields: { text: ['Поле содержит недопустимые символы.'] } });
    expect(await t.app.ctx.db.select().from(userHomeworks).where(eq(userHomeworks.userId, s.students[3]!.id))).toEqual([]);
  });
});

describe('GET user_homeworks/ and user_homeworks/{id}/', () => {
  let mine: number;

  beforeAll(async () => {
    mine = (await t.app.ctx.db.select().from(userHomeworks).where(and(eq(userHomeworks.userId, s.students[0]!.id), eq(userHomeworks.homeworkId, s.course.homework))))[0]!.id;
  });

  const list = (token: string, query = '') => call(t.app, 'GET', `${url}${query}`, { token });
  const ids = (body: Body | null) => (body!.results as Body[]).map((row) => row.user_homework_id as number);

  it('lists a student’s own hand-ins, newest reply first', async () => {
    const res = await list(s.students[0]!.access);
    expect(res.status).toBe(200);
    expect(res.body!.count).toBe(2);
    expect((res.body!.results as Body[]).every((row) => row.user === s.students[0]!.id)).toBe(true);
    expect(res.body!.results[0]).not.toHaveProperty('checks');
    expect(res.body!.results[0]).toMatchObject({ teacher_name: 'Наставник' });
  });

  it('lists a teacher’s groups’ hand-ins (with real names), the whole school for admins, filtered by homework', async () => {
    const teacher = await list(s.teacher.access);
    expect(teacher.body!.count).toBe(3);
    expect(teacher.body!.results[0]).toMatchObject({ teacher_name: 'Пётр Учителев', teacher_pseudonym: 'Наставник' });
    expect((await list(s.otherTeacher.access)).body!.count).toBe(0);
    const admin = await list(s.admin.access);
    expect(admin.body!.count).toBe(4);
    const filtered = await list(s.owner.access, `?homework=${s.course.homework}`);
    expect(filtered.body!.count).toBe(2);
    expect((await list(s.owner.access, '?status=accepted')).body!.count).toBe(1);
    // A group's new teacher takes over its hand-ins.
    await t.app.ctx.db.update(studentsGroups).set({ teacherId: s.otherTeacher.id }).where(eq(studentsGroups.id, s.group));
    try {
      expect((await list(s.otherTeacher.access)).body!.count).toBe(3);
    } finally {
      await t.app.ctx.db.update(studentsGroups).set({ teacherId: s.teacher.id }).where(eq(studentsGroups.id, s.group));
    }
  });

  it('pages through the list in the same number of queries, first page or last', async () => {
    const first = await list(s.owner.access, '?s=1');
    const last = await list(s.owner.access, '?s=1&p=4');
    expect(first.body!.next).toContain('p=2');
    expect(new Set([...ids(first.body), ...ids(last.body), ...ids((await list(s.owner.access, '?s=1&p=2')).body), ...ids((await list(s.owner.access, '?s=1&p=3')).body)]).size).toBe(4);
    const one = await readsDuring(t.app, () => list(s.owner.access, '?s=1'));
    const all = await readsDuring(t.app, () => list(s.owner.access, '?s=100'));
    const lastPage = await readsDuring(t.app, () => list(s.owner.access, '?s=1&p=4'));
    expect(all.length).toBe(one.length);
    expect(lastPage.length).toBe(one.length);
  });

  it('shows one hand-in with its thread to its student, its teacher and admins; 404 to anyone else', async () => {
    const own = await call(t.app, 'GET', `${url}${mine}/`, { token: s.students[0]!.access });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ user_homework_id: mine, teacher_name: 'Наставник', checks: [expect.objectContaining({ author_role: 'student' })] });
    expect((await call(t.app, 'GET', `${url}${mine}/`, { token: s.teacher.access })).body).toMatchObject({ teacher_name: 'Пётр Учителев' });
    expect((await call(t.app, 'GET', `${url}${mine}/`, { token: s.admin.access })).status).toBe(200);
    expect((await call(t.app, 'GET', `${url}${mine}/`, { token: s.students[1]!.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `${url}${mine}/`, { token: s.otherTeacher.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/${s.other.schoolName}/user_homeworks/${mine}/`, { token: s.other.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `${url}${mine}/`)).status).toBe(401);
    expect((await call(t.app, 'GET', `${url}abc/`, { token: s.admin.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `${url}?homework=%00`, { token: s.admin.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `${url}?status=lost`, { token: s.admin.access })).status).toBe(400);
    expect((await call(t.app, 'GET', url, { token: s.other.access })).status).toBe(403);
  });
});
