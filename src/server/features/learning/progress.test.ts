import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCourseAccess, studentsGroupMembers } from '../groups/tables.ts';
import { countsProgress, courseProgress, lessonCounts, markFinishedIfComplete, progressOf, recordProgress } from './progress.ts';
import { lessonStates, studentCourse } from './student-access.ts';
import { lessonProgress } from './tables.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addGroup, closeForGroup, enrol, setOwnAccess } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

const MINUTE = 60_000;

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Прогресс' });
});
afterAll(() => t.close());

async function course(): Promise<CourseFixture> {
  return addCourse(t.app, owner.schoolId, {
    sections: [{ name: 'М', lessons: [['lesson', 'Урок'], ['homework', 'ДЗ'], ['test', 'Тест'], ['webinar', 'Вебинар'], ['lesson', 'Выключен', false]] }],
  });
}

const row = async (userId: number, lessonId: number) => (await t.app.ctx.db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId))))[0];

describe('recordProgress', () => {
  it('keeps the first view, the first hand-in and the first completion', async () => {
    const c = await course();
    const student = await addMember(t.app, owner.schoolId, 'Student');
    const who = { userId: student.id, courseId: c.id };
    const homework = { id: c.lessonIds[1]!, type: 'homework' };
    const first = t.clock.now;
    await recordProgress(t.app.ctx.db, who, homework, 'viewed', first);
    expect(await row(student.id, homework.id)).toMatchObject({ courseId: c.id, viewedAt: first, submittedAt: null, completedAt: null });
    const second = new Date(first.getTime() + MINUTE);
    await recordProgress(t.app.ctx.db, who, homework, 'submitted', second);
    await recordProgress(t.app.ctx.db, who, homework, 'submitted', new Date(second.getTime() + MINUTE));
    await recordProgress(t.app.ctx.db, who, homework, 'viewed', new Date(second.getTime() + MINUTE));
    expect(await row(student.id, homework.id)).toMatchObject({ viewedAt: first, submittedAt: second, completedAt: null });
    const third = new Date(first.getTime() + 5 * MINUTE);
    await recordProgress(t.app.ctx.db, who, homework, 'completed', third);
    await recordProgress(t.app.ctx.db, who, homework, 'completed', new Date(third.getTime() + MINUTE));
    expect(await row(student.id, homework.id)).toMatchObject({ viewedAt: first, submittedAt: second, completedAt: third });
  });

  it('completes a plain lesson and a webinar on view, not a homework or a test', async () => {
    const c = await course();
    const student = await addMember(t.app, owner.schoolId, 'Student');
    const types = ['lesson', 'homework', 'test', 'webinar'];
    for (const [i, type] of types.entries()) await recordProgress(t.app.ctx.db, { userId: student.id, courseId: c.id }, { id: c.lessonIds[i]!, type }, 'viewed', t.clock.now);
    const done = await Promise.all(types.map(async (_, i) => (await row(student.id, c.lessonIds[i]!))!.completedAt !== null));
    expect(done).toEqual([true, false, false, true]);
  });

  it('counts a test passed without a view recorded as viewed too', async () => {
    const c = await course();
    const student = await addMember(t.app, owner.schoolId, 'Student');
    await recordProgress(t.app.ctx.db, { userId: student.id, courseId: c.id }, { id: c.lessonIds[2]!, type: 'test' }, 'completed', t.clock.now);
    expect(await row(student.id, c.lessonIds[2]!)).toMatchObject({ viewedAt: t.clock.now, completedAt: t.clock.now });
  });
});

describe('progress figures', () => {
  it('rounds the percent down, so 100 means everything', () => {
    expect(progressOf(2, 3)).toEqual({ total: 3, completed: 2, percent: 66 });
    expect(progressOf(199, 200).percent).toBe(99);
    expect(progressOf(0, 0).percent).toBe(0);
  });

  it('counts the visible lessons of each course by type in one query, as lessonStates sees them', async () => {
    const a = await course();
    const b = await course();
    const outside = await course();
    const student: Account = await addMember(t.app, owner.schoolId, 'Student');
    const groupA = await enrol(t.app, owner.schoolId, a.id, [student.id]);
    await enrol(t.app, owner.schoolId, b.id, [student.id]);
    // Course A: the homework closed to the group, the test reopened for this student, the webinar closed to them.
    await closeForGroup(t.app, groupA, [a.lessonIds[1]!, a.lessonIds[2]!]);
    await setOwnAccess(t.app, student.id, a.lessonIds[2]!, true);
    await setOwnAccess(t.app, student.id, a.lessonIds[3]!, false);
    const who = { userId: student.id, courseId: a.id };
    await recordProgress(t.app.ctx.db, who, { id: a.lessonIds[0]!, type: 'lesson' }, 'viewed', t.clock.now);
    await recordProgress(t.app.ctx.db, who, { id: a.lessonIds[2]!, type: 'test' }, 'viewed', t.clock.now);
    let counts!: Awaited<ReturnType<typeof lessonCounts>>;
    const reads = await readsDuring(t.app, async () => (counts = await lessonCounts(t.app.ctx.db, student.id, [a.id, b.id, outside.id])));
    expect(reads).toHaveLength(1);
    expect(Object.fromEntries(counts.get(a.id)!)).toEqual({ lesson: { total: 1, completed: 1 }, test: { total: 1, completed: 0 } });
    expect(countsProgress(counts.get(a.id))).toEqual({ total: 2, completed: 1, percent: 50 });
    expect(countsProgress(counts.get(a.id), ['test'])).toEqual({ total: 1, completed: 0, percent: 0 });
    expect(countsProgress(counts.get(b.id))).toEqual({ total: 4, completed: 0, percent: 0 });
    expect(counts.has(outside.id)).toBe(false);
    const { enrolment } = await studentCourse(t.app.ctx.db, owner.schoolId, a.id, student.id, t.clock.now);
    expect(courseProgress(await lessonStates(t.app.ctx.db, enrolment, t.clock.now))).toEqual(countsProgress(counts.get(a.id)));
  });
});

describe('markFinishedIfComplete', () => {
  it('sets finished_at once, when every visible lesson is completed', async () => {
    const c = await course();
    const student = await addMember(t.app, owner.schoolId, 'Student');
    await enrol(t.app, owner.schoolId, c.id, [student.id]);
    const load = async () => {
      const { enrolment } = await studentCourse(t.app.ctx.db, owner.schoolId, c.id, student.id, t.clock.now);
      return { enrolment, states: await lessonStates(t.app.ctx.db, enrolment, t.clock.now) };
    };
    const who = { userId: student.id, courseId: c.id };
    await recordProgress(t.app.ctx.db, who, { id: c.lessonIds[0]!, type: 'lesson' }, 'viewed', t.clock.now);
    let { enrolment, states } = await load();
    expect(await markFinishedIfComplete(t.app.ctx.db, enrolment, states, t.clock.now)).toBe(false);
    for (const [i, type] of ['homework', 'test', 'webinar'].entries()) await recordProgress(t.app.ctx.db, who, { id: c.lessonIds[i + 1]!, type }, 'completed', t.clock.now);
    ({ enrolment, states } = await load());
    const finished = t.clock.now;
    expect(await markFinishedIfComplete(t.app.ctx.db, enrolment, states, finished)).toBe(true);
    // A second call, with the enrolment read again or with the stale one, changes nothing.
    const later = new Date(finished.getTime() + MINUTE);
    expect(await markFinishedIfComplete(t.app.ctx.db, enrolment, states, later)).toBe(false);
    ({ enrolment, states } = await load());
    expect(enrolment.finishedAt).toEqual(finished);
    expect(await markFinishedIfComplete(t.app.ctx.db, enrolment, states, later)).toBe(false);
    const [member] = await t.app.ctx.db.select().from(studentsGroupMembers).where(eq(studentsGroupMembers.userId, student.id));
    expect(member!.finishedAt).toEqual(finished);
  });

  it('joins the groups chained to the student’s group when it finishes the course', async () => {
    const c = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'Единственный']] }] });
    const next = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'Дальше']] }] });
    const student = await addMember(t.app, owner.schoolId, 'Student');
    const groupId = await enrol(t.app, owner.schoolId, c.id, [student.id]);
    const nextGroup = await addGroup(t.app, owner.schoolId, next.id);
    await t.app.ctx.db.insert(groupCourseAccess).values({ groupId, nextGroupId: nextGroup });
    await recordProgress(t.app.ctx.db, { userId: student.id, courseId: c.id }, { id: c.lessonIds[0]!, type: 'lesson' }, 'viewed', t.clock.now);
    const { enrolment } = await studentCourse(t.app.ctx.db, owner.schoolId, c.id, student.id, t.clock.now);
    expect(await markFinishedIfComplete(t.app.ctx.db, enrolment, await lessonStates(t.app.ctx.db, enrolment, t.clock.now), t.clock.now)).toBe(true);
    const joined = await studentCourse(t.app.ctx.db, owner.schoolId, next.id, student.id, t.clock.now);
    expect(joined.enrolment).toMatchObject({ groupId: nextGroup, accessFrom: t.clock.now, finishedAt: null });
  });

  it('never finishes a course with nothing to do', async () => {
    const empty = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Пусто', lessons: [] }] });
    const student = await addMember(t.app, owner.schoolId, 'Student');
    await enrol(t.app, owner.schoolId, empty.id, [student.id]);
    const { enrolment } = await studentCourse(t.app.ctx.db, owner.schoolId, empty.id, student.id, t.clock.now);
    expect(await markFinishedIfComplete(t.app.ctx.db, enrolment, await lessonStates(t.app.ctx.db, enrolment, t.clock.now), t.clock.now)).toBe(false);
  });
});
