// Automatic acceptance (auto-accept.ts) end to end: a hand-in of a homework with automate_accept,
// the test's clock moved past time_accept, the job run through the job runner.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../courses/index.ts';
import { studentsGroupMembers } from '../groups/index.ts';
import { lessonProgress } from '../learning/index.ts';
import { acceptDueHandIns, AUTO_ACCEPT_JOB, userHomeworkChecks, userHomeworks } from './index.ts';
import { handIn, homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

const HOUR = 3600_000;
let t: TestApp;
let s: HomeworkSchool;
let o: HomeworkSchool;

beforeAll(async () => {
  t = await createTestApp();
  s = await homeworkSchool(t.app, 'Автопринятие', 5);
  // Another school, whose homework accepts itself after two hours.
  o = await homeworkSchool(t.app, 'Другая школа', 1);
  await t.app.ctx.db.update(lessons).set({ settings: { automateAccept: true, timeAccept: 2 * 3600 } }).where(eq(lessons.id, o.course.autoHomework));
});
afterAll(() => t.close());

const runJob = () => t.app.ctx.jobRunner.runNow(AUTO_ACCEPT_JOB);
const row = async (id: number) => (await t.app.ctx.db.select().from(userHomeworks).where(eq(userHomeworks.id, id)))[0]!;
const thread = (id: number) => t.app.ctx.db.select().from(userHomeworkChecks).where(eq(userHomeworkChecks.userHomeworkId, id)).orderBy(userHomeworkChecks.id);
const completedAt = async (userId: number, lessonId: number) =>
  (await t.app.ctx.db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId))))[0]?.completedAt ?? null;
const handInId = async (school: HomeworkSchool, student: number, homework: number) => (await handIn(t.app, school.owner.schoolName, school.students[student]!, homework)).user_homework_id as number;

describe('automatic acceptance', () => {
  it('accepts a waiting hand-in once its time has come, as «Автопроверка», and closes its thread', async () => {
    const student = s.students[0]!;
    const auto = await handInId(s, 0, s.course.autoHomework);
    const plain = await handInId(s, 1, s.course.homework);
    const taken = await handInId(s, 2, s.course.autoHomework);
    const elsewhere = await handInId(o, 0, o.course.autoHomework);
    const checks = `/api/${s.owner.schoolName}/user_homework_checks/`;
    // A teacher who accepts first wins; the job leaves that hand-in alone.
    expect((await call(t.app, 'POST', checks, { token: s.teacher.access, body: { user_homework: taken, status: 'accepted', mark: 5 } })).status).toBe(201);

    // Not before its time: a second short of the hour, nothing is accepted.
    t.clock.advance(HOUR - 1000);
    expect(await runJob()).toBe('completed');
    expect(await row(auto)).toMatchObject({ status: 'pending' });
    expect(await completedAt(student.id, s.course.autoHomework)).toBeNull();

    t.clock.advance(1000);
    const due = t.clock.now;
    expect(await runJob()).toBe('completed');
    expect(await row(auto)).toMatchObject({ status: 'auto_check', autoAcceptAt: null, mark: null, lastReplyAt: due });
    expect(await completedAt(student.id, s.course.autoHomework)).toEqual(due);
    // The thread ends with the check's message, by nobody.
    expect((await thread(auto)).map((check) => [check.authorId, check.status])).toEqual([
      [student.id, 'pending'],
      [null, 'auto_check'],
    ]);
    const seen = await call(t.app, 'GET', `/api/${s.owner.schoolName}/user_homeworks/${auto}/`, { token: student.access });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: 'auto_check', status_label: 'Автопроверка', auto_accept_at: null });
    // Nobody writes into it afterwards: neither the student nor the teacher.
    for (const who of [student, s.teacher]) {
      const late = await call(t.app, 'POST', checks, { token: who.access, body: { user_homework: auto, text: 'Ещё', ...(who === s.teacher ? { status: 'revision' } : {}) } });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'HOMEWORK_ACCEPTED' });
    }

    // The others: the teacher's acceptance stays his, a homework without automate_accept and the
    // other school's, due in two hours, still wait.
    expect(await row(taken)).toMatchObject({ status: 'accepted', mark: 5 });
    expect((await thread(taken)).map((check) => check.status)).toEqual(['pending', 'accepted']);
    expect(await row(plain)).toMatchObject({ status: 'pending', autoAcceptAt: null });
    expect(await row(elsewhere)).toMatchObject({ status: 'pending' });

    // Run again: nothing more happens (idempotent).
    expect(await runJob()).toBe('completed');
    expect(await thread(auto)).toHaveLength(2);

    t.clock.advance(HOUR);
    expect(await runJob()).toBe('completed');
    expect(await row(elsewhere)).toMatchObject({ status: 'auto_check' });
  });

  it('leaves a hand-in sent back for revision to the student', async () => {
    const id = await handInId(s, 3, s.course.autoHomework);
    expect((await call(t.app, 'POST', `/api/${s.owner.schoolName}/user_homework_checks/`, { token: s.teacher.access, body: { user_homework: id, status: 'revision' } })).status).toBe(201);
    t.clock.advance(2 * HOUR);
    expect(await acceptDueHandIns(t.app.ctx)).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'revision' });
  });

  it('finishes the course when it was the last lesson, and accepts once when two runs meet', async () => {
    const finisher = s.students[4]!;
    await t.app.ctx.db.insert(lessonProgress).values([s.course.lesson, s.course.homework].map((lessonId) => ({ userId: finisher.id, lessonId, courseId: s.course.id, completedAt: t.clock.now })));
    const id = await handInId(s, 4, s.course.autoHomework);
    t.clock.advance(HOUR);
    // Two runs at once (two processes): the conditional update lets one of them accept it.
    const counts = await Promise.all([acceptDueHandIns(t.app.ctx), acceptDueHandIns(t.app.ctx)]);
    expect(counts.reduce((a, b) => a + b)).toBe(1);
    expect((await thread(id)).filter((check) => check.status === 'auto_check')).toHaveLength(1);
    const [member] = await t.app.ctx.db.select().from(studentsGroupMembers).where(eq(studentsGroupMembers.userId, finisher.id));
    expect(member!.finishedAt).toEqual(t.clock.now);
  });
});
