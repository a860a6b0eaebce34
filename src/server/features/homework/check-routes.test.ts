// The thread of a hand-in: students' answers, teachers' and admins' checks (check-routes.ts).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { lessonProgress } from '../learning/index.ts';
import { userHomeworkChecks, userHomeworks } from './index.ts';
import type { Account } from '../../../../tests/server/fixtures.ts';
import { handIn, homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let s: HomeworkSchool;
let checks: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await homeworkSchool(t.app, 'Проверка домашних', 5);
  checks = `/api/${s.owner.schoolName}/user_homework_checks/`;
});
afterAll(() => t.close());

const write = (who: Account, body: Record<string, unknown>) => call(t.app, 'POST', checks, { token: who.access, body });
const handInRow = async (id: number) => (await t.app.ctx.db.select().from(userHomeworks).where(eq(userHomeworks.id, id)))[0]!;
const completedAt = async (userId: number, lessonId: number) =>
  (await t.app.ctx.db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId))))[0]?.completedAt ?? null;

describe('POST user_homework_checks/', () => {
  let id: number;
  const student = () => s.students[0]!;

  beforeAll(async () => {
    id = (await handIn(t.app, s.owner.schoolName, student(), s.course.homework)).user_homework_id as number;
  });

  it('lets the teacher send it back with a mark, and the student answer: the hand-in takes each message’s status', async () => {
    t.clock.advance(60_000);
    const review = await write(s.teacher, { user_homework: id, text: 'Доработайте второй пункт', status: 'revision', mark: 3 });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    expect(review.body).toMatchObject({ user_homework: id, author: s.teacher.id, author_role: 'teacher', author_name: 'Пётр Учителев', author_pseudonym: 'Наставник', status: 'revision', status_label: 'На доработке', mark: 3, text_files: [], audio_files: [] });
    expect(await handInRow(id)).toMatchObject({ status: 'revision', mark: 3, lastReplyAt: t.clock.now, teacherId: s.teacher.id });

    t.clock.advance(60_000);
    // A student's status and mark are not theirs to set.
    const answer = await write(student(), { user_homework: id, text: 'Исправил', status: 'accepted', mark: 1000 });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ author_role: 'student', status: 'pending', status_label: 'Ждет проверки', mark: null });
    expect(await handInRow(id)).toMatchObject({ status: 'pending', mark: 3, lastReplyAt: t.clock.now });

    const thread = await call(t.app, 'GET', `/api/${s.owner.schoolName}/user_homeworks/${id}/`, { token: student().access });
    expect(thread.body!.checks.map((check: { status: string }) => check.status)).toEqual(['pending', 'revision', 'pending']);
    // The student sees the teacher by the pseudonym only.
    expect(thread.body!.checks[1]).toMatchObject({ author_name: 'Наставник', author_role: 'teacher' });
  });

  it('refuses another teacher, a student who is not the author, and statuses that are not a reviewer’s', async () => {
    const stranger = await write(s.otherTeacher, { user_homework: id, text: 'Я тоже проверю', status: 'accepted' });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ code: 'NOT_HOMEWORK_TEACHER', message: 'Учитель не является преподавателем данного домашнего задания' });
    const classmate = await write(s.students[1]!, { user_homework: id, text: 'Чужая работа' });
    expect(classmate.status).toBe(403);
    expect(classmate.body).toEqual({ code: 'NOT_HOMEWORK_AUTHOR', message: 'Студент не является автором данного домашнего задания' });
    for (const status of ['pending', 'auto_check']) expect((await write(s.teacher, { user_homework: id, status })).body).toMatchObject({ fields: { status: ['Недопустимое значение.'] } });
    expect((await write(s.teacher, { user_homework: id, mark: 1001 })).status).toBe(400);
    expect((await write(s.teacher, { user_homework: id, mark: -1 })).status).toBe(400);
    expect(await t.app.ctx.db.select().from(userHomeworkChecks).where(eq(userHomeworkChecks.userHomeworkId, id))).toHaveLength(3);
  });

  it('lets an admin review, and the group’s new teacher', async () => {
    const admin = await write(s.admin, { user_homework: id, text: 'Комментарий администратора', status: 'rejected' });
    expect(admin.status).toBe(201);
    expect(admin.body).toMatchObject({ author_role: 'admin', status: 'rejected', status_label: 'Отклонено', mark: null });
    // No mark given: the hand-in keeps the one it had.
    expect(await handInRow(id)).toMatchObject({ status: 'rejected', mark: 3 });
    await t.app.ctx.db.update(studentsGroups).set({ teacherId: s.otherTeacher.id }).where(eq(studentsGroups.id, s.group));
    try {
      const comment = await write(s.otherTeacher, { user_homework: id, text: 'Принимаю поток' });
      expect(comment.status).toBe(201);
      // A comment without a status keeps the hand-in's; the new teacher is its teacher now.
      expect(comment.body).toMatchObject({ status: 'rejected' });
      expect(await handInRow(id)).toMatchObject({ status: 'rejected', teacherId: s.otherTeacher.id });
    } finally {
      await t.app.ctx.db.update(studentsGroups).set({ teacherId: s.teacher.id }).where(eq(studentsGroups.id, s.group));
      await t.app.ctx.db.update(userHomeworks).set({ teacherId: s.teacher.id }).where(eq(userHomeworks.id, id));
    }
  });

  it('accepts: the lesson is completed, and then nobody writes (409)', async () => {
    expect(await completedAt(student().id, s.course.homework)).toBeNull();
    const accept = await write(s.teacher, { user_homework: id, text: 'Отлично', status: 'accepted', mark: 5 });
    expect(accept.status).toBe(201);
    expect(accept.body).toMatchObject({ status: 'accepted', status_label: 'Принято', mark: 5 });
    expect(await handInRow(id)).toMatchObject({ status: 'accepted', mark: 5 });
    expect(await completedAt(student().id, s.course.homework)).toEqual(t.clock.now);
    for (const who of [student(), s.teacher, s.admin]) {
      const late = await write(who, { user_homework: id, text: 'Ещё кое-что' });
      expect(late.status).toBe(409);
      expect(late.body).toEqual({ code: 'HOMEWORK_ACCEPTED', message: 'Домашнее задание уже принято и нельзя создавать новые проверки' });
    }
  });

  it('lets only one of two accepts sent at once pass', async () => {
    const other = (await handIn(t.app, s.owner.schoolName, s.students[1]!, s.course.homework)).user_homework_id as number;
    const both = await Promise.all([
      write(s.teacher, { user_homework: other, status: 'accepted', mark: 4 }),
      write(s.admin, { user_homework: other, status: 'accepted', mark: 5 }),
    ]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    const accepted = await t.app.ctx.db.select().from(userHomeworkChecks).where(and(eq(userHomeworkChecks.userHomeworkId, other), eq(userHomeworkChecks.status, 'accepted')));
    expect(accepted).toHaveLength(1);
    expect((await handInRow(other)).mark).toBe(accepted[0]!.mark);
  });

  it('completes the lesson of a student who has left the group, and finishes the course of one who has done the rest', async () => {
    const leaver = s.students[2]!;
    const left = (await handIn(t.app, s.owner.schoolName, leaver, s.course.homework)).user_homework_id as number;
    await t.app.ctx.db.delete(studentsGroupMembers).where(eq(studentsGroupMembers.userId, leaver.id));
    expect((await write(s.admin, { user_homework: left, status: 'accepted' })).status).toBe(201);
    expect(await completedAt(leaver.id, s.course.homework)).toEqual(t.clock.now);

    const finisher = s.students[3]!;
    await t.app.ctx.db.insert(lessonProgress).values([s.course.lesson, s.course.autoHomework].map((lessonId) => ({ userId: finisher.id, lessonId, courseId: s.course.id, completedAt: t.clock.now })));
    const last = (await handIn(t.app, s.owner.schoolName, finisher, s.course.homework)).user_homework_id as number;
    const finished = async () => (await t.app.ctx.db.select().from(studentsGroupMembers).where(eq(studentsGroupMembers.userId, finisher.id)))[0]!.finishedAt;
    expect(await finished()).toBeNull();
    expect((await write(s.teacher, { user_homework: last, status: 'accepted' })).status).toBe(201);
    expect(await finished()).toEqual(t.clock.now);
  });

  it('stops an automatic acceptance when a reviewer answers, and sets it again when the student answers', async () => {
    const student = s.students[4]!;
    const auto = (await handIn(t.app, s.owner.schoolName, student, s.course.autoHomework)).user_homework_id as number;
    expect((await handInRow(auto)).autoAcceptAt).toEqual(new Date(t.clock.now.getTime() + 3600_000));
    await write(s.teacher, { user_homework: auto, status: 'revision' });
    expect((await handInRow(auto)).autoAcceptAt).toBeNull();
    t.clock.advance(1000);
    await write(student, { user_homework: auto, text: 'Готово' });
    expect((await handInRow(auto)).autoAcceptAt).toEqual(new Date(t.clock.now.getTime() + 3600_000));
  });

  it('answers 404 for another school’s hand-in, 401 without a token, 400 for a bad body or a NUL byte', async () => {
    expect((await write(s.teacher, { user_homework: 2147483647, text: 'x' })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/${s.other.schoolName}/user_homework_checks/`, { token: s.other.access, body: { user_homework: id, text: 'x' } })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/${s.other.schoolName}/user_homework_checks/`, { token: s.teacher.access, body: { user_homework: id, text: 'x' } })).status).toBe(403);
    expect((await call(t.app, 'POST', checks, { body: { user_homework: id, text: 'x' } })).status).toBe(401);
    expect((await write(s.teacher, { user_homework: 'one' })).status).toBe(400);
    expect((await write(s.teacher, { text: 'x' })).body).toMatchObject({ fields: { user_homework: ['Обязательное поле.'] } });
    expect((await write(s.teacher, { user_homework: id, status: 'done' })).status).toBe(400);
    expect((await write(s.teacher, { user_homework: id, text: '\u0000' })).body).toMatchObject({ fields: { text: ['Поле содержит недопустимые символы.'] } });
  });
});

describe('PATCH user_homework_checks/{id}/', () => {
  let id: number;
  let first: number;
  let review: number;
  const student = () => s.students[1]!;
  const patch = (who: Account, checkId: number, body: Record<string, unknown>, school = s.owner.schoolName) =>
    call(t.app, 'PATCH', `/api/${school}/user_homework_checks/${checkId}/`, { token: who.access, body });

  beforeAll(async () => {
    const handedIn = await handIn(t.app, s.owner.schoolName, student(), s.course.autoHomework, 'Черновик');
    id = handedIn.user_homework_id as number;
    first = (handedIn.checks as { user_homework_check_id: number }[])[0]!.user_homework_check_id;
    review = (await write(s.teacher, { user_homework: id, text: 'Посмотрите', status: 'revision', mark: 2 })).body!.user_homework_check_id as number;
  });

  it('lets the author change their text; a student’s status and mark are ignored', async () => {
    const res = await patch(student(), first, { text: 'Чистовик', status: 'accepted', mark: 9 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user_homework_check_id: first, text: 'Чистовик', status: 'pending', mark: null });
    expect(await handInRow(id)).toMatchObject({ status: 'revision', mark: 2 });
  });

  it('is the author’s only', async () => {
    const res = await patch(s.teacher, first, { text: 'Не моё' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'NOT_CHECK_AUTHOR', message: 'Пользователь может обновлять только свою историю' });
    expect((await patch(s.admin, review, { text: 'x' })).status).toBe(403);
    expect((await patch(s.teacher, 2147483647, { text: 'x' })).status).toBe(404);
    expect((await patch(s.other, review, { text: 'x' }, s.other.schoolName)).status).toBe(404);
    expect((await call(t.app, 'PATCH', `${checks}${review}/`, { body: { text: 'x' } })).status).toBe(401);
    expect((await patch(s.teacher, review, { text: 'a\u0000' })).status).toBe(400);
    expect((await patch(s.teacher, review, { mark: 'пять' })).status).toBe(400);
  });

  it('lets the teacher change the status and mark of their newest check, which the hand-in takes; then nobody writes', async () => {
    const res = await patch(s.teacher, review, { status: 'accepted', mark: 4 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', mark: 4, text: 'Посмотрите' });
    expect(await handInRow(id)).toMatchObject({ status: 'accepted', mark: 4, autoAcceptAt: null });
    expect(await completedAt(student().id, s.course.autoHomework)).toEqual(t.clock.now);
    const late = await patch(student(), first, { text: 'Поздно' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'HOMEWORK_ACCEPTED' });
    expect((await patch(s.teacher, review, { text: 'Поздно' })).status).toBe(409);
  });
});
