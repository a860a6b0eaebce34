import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons } from '../courses/tables.ts';
import { studentsGroupMembers } from '../groups/tables.ts';
import { recordProgress } from './progress.ts';
import { ACCESS_EXPIRED_MESSAGE, COURSE_CLOSED_MESSAGE, lessonStates, openLesson, remainingDays, STRICT_ORDER_MESSAGE, studentCourse, type Enrolment, type LessonState } from './student-access.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addStudents, closeForGroup, enrol, setOwnAccess, type GroupOptions } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

const DAY = 86_400_000;

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Доступ ученика' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужой доступ' });
});
afterAll(() => t.close());

/** Module 1: lesson, homework, test; module 2: a switched-off lesson, a lesson, a webinar. */
const OUTLINE = [
  { name: 'Первый', lessons: [['lesson', 'Урок 1'], ['homework', 'ДЗ 1'], ['test', 'Тест 1']] as [string, string, boolean?][] },
  { name: 'Второй', lessons: [['lesson', 'Выключен', false], ['lesson', 'Урок 2'], ['webinar', 'Вебинар']] as [string, string, boolean?][] },
];

interface Setup {
  course: CourseFixture;
  student: Account;
  groupId: number;
  /** lesson ids by name */
  id: Record<string, number>;
}

async function setup(options: GroupOptions = {}, course: Parameters<typeof addCourse>[2] = {}): Promise<Setup> {
  const fixture = await addCourse(t.app, owner.schoolId, { sections: OUTLINE, ...course });
  const student = await addMember(t.app, owner.schoolId, 'Student');
  const groupId = await enrol(t.app, owner.schoolId, fixture.id, [student.id], options);
  const names = OUTLINE.flatMap((s) => s.lessons.map(([, name]) => name));
  return { course: fixture, student, groupId, id: Object.fromEntries(names.map((name, i) => [name, fixture.lessonIds[i]!])) };
}

const enrolmentOf = async (s: Setup) => (await studentCourse(t.app.ctx.db, owner.schoolId, s.course.id, s.student.id, t.clock.now)).enrolment;
const states = async (s: Setup) => lessonStates(t.app.ctx.db, await enrolmentOf(s), t.clock.now);
const view = (s: Setup, states: LessonState[]) => Object.fromEntries(states.map((st) => [st.name, st.locked ? `${st.locked.code}:${states.find((b) => b.id === st.locked!.blockedBy)?.name ?? ''}` : 'open']));
const step = async (s: Setup, name: string, what: 'viewed' | 'submitted' | 'completed') => {
  const type = OUTLINE.flatMap((m) => m.lessons).find(([, n]) => n === name)![0];
  await recordProgress(t.app.ctx.db, { userId: s.student.id, courseId: s.course.id }, { id: s.id[name]!, type }, what, t.clock.now);
};
async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
  throw new Error('expected a refusal');
}

describe('studentCourse', () => {
  it('gives the course and the enrolment with the group settings and the access period', async () => {
    const s = await setup({ trainingDuration: 10, certificate: true, strictTaskOrder: true, teacherId: owner.id });
    const { course, enrolment } = await studentCourse(t.app.ctx.db, owner.schoolId, s.course.id, s.student.id, t.clock.now);
    expect(course.id).toBe(s.course.id);
    expect(enrolment).toMatchObject({ userId: s.student.id, groupId: s.groupId, courseId: s.course.id, teacherId: owner.id, withTeacher: true, certificate: true, strictTaskOrder: true, durationDays: 10, finishedAt: null });
    expect(remainingDays(enrolment, t.clock.now)).toBe(10);
    expect(remainingDays(enrolment, new Date(t.clock.now.getTime() + 9.5 * DAY))).toBe(1);
  });

  it('is 404 for a student outside the course, another school and the recycle bin', async () => {
    const s = await setup();
    const outsider = await addMember(t.app, owner.schoolId, 'Student');
    expect(await rejection(studentCourse(t.app.ctx.db, owner.schoolId, s.course.id, outsider.id, t.clock.now))).toMatchObject({ status: 404, code: 'COURSE_NOT_FOUND' });
    expect(await rejection(studentCourse(t.app.ctx.db, other.schoolId, s.course.id, s.student.id, t.clock.now))).toMatchObject({ status: 404 });
    await t.app.ctx.db.update(courses).set({ isAccess: false }).where(eq(courses.id, s.course.id));
    expect(await rejection(studentCourse(t.app.ctx.db, owner.schoolId, s.course.id, s.student.id, t.clock.now))).toMatchObject({ status: 404 });
    await t.app.ctx.db.update(courses).set({ isAccess: true, removedAt: t.clock.now }).where(eq(courses.id, s.course.id));
    expect(await rejection(studentCourse(t.app.ctx.db, owner.schoolId, s.course.id, s.student.id, t.clock.now))).toMatchObject({ status: 404 });
  });

  it('is 403 COURSE_CLOSED while the course is unpublished', async () => {
    const s = await setup({}, { published: false });
    expect(await rejection(studentCourse(t.app.ctx.db, owner.schoolId, s.course.id, s.student.id, t.clock.now))).toMatchObject({ status: 403, code: 'COURSE_CLOSED', message: COURSE_CLOSED_MESSAGE });
  });

  it('is 403 ACCESS_EXPIRED once the access period is over; the student’s own duration wins over the group’s', async () => {
    const s = await setup({ trainingDuration: 3 });
    const later = new Date(t.clock.now.getTime() + 3 * DAY);
    const refusal = await rejection(studentCourse(t.app.ctx.db, owner.schoolId, s.course.id, s.student.id, later));
    expect(refusal).toMatchObject({ status: 403, code: 'ACCESS_EXPIRED', message: 'Срок доступа к курсу истек.' });
    expect(ACCESS_EXPIRED_MESSAGE).toBe('Срок доступа к курсу истек.');
    // 0 for this student: no end.
    await t.app.ctx.db.update(studentsGroupMembers).set({ durationDays: 0 }).where(eq(studentsGroupMembers.userId, s.student.id));
    const { enrolment } = await studentCourse(t.app.ctx.db, owner.schoolId, s.course.id, s.student.id, later);
    expect(remainingDays(enrolment, later)).toBeNull();
    await t.app.ctx.db.update(studentsGroupMembers).set({ durationDays: 5 }).where(eq(studentsGroupMembers.userId, s.student.id));
    expect((await studentCourse(t.app.ctx.db, owner.schoolId, s.course.id, s.student.id, later)).enrolment.durationDays).toBe(5);
  });
});

describe('lessonStates', () => {
  it('lists the active lessons in course order, all open without strict order', async () => {
    const s = await setup();
    const list = await states(s);
    expect(list.map((st) => `${st.type}:${st.name}`)).toEqual(['lesson:Урок 1', 'homework:ДЗ 1', 'test:Тест 1', 'lesson:Урок 2', 'webinar:Вебинар']);
    expect(list.every((st) => st.locked === null && !st.viewed && !st.completed)).toBe(true);
    expect(list[0]).toMatchObject({ sectionId: s.course.sectionIds[0], order: 1 });
  });

  it("hides lessons closed to the student's group, and the student's own access wins over it", async () => {
    const s = await setup();
    const mate = await addMember(t.app, owner.schoolId, 'Student');
    await addStudents(t.app, s.groupId, s.course.id, [mate.id]);
    await closeForGroup(t.app, s.groupId, [s.id['ДЗ 1']!, s.id['Урок 2']!]);
    await setOwnAccess(t.app, s.student.id, s.id['ДЗ 1']!, true);
    await setOwnAccess(t.app, s.student.id, s.id['Вебинар']!, false);
    expect((await states(s)).map((st) => st.name)).toEqual(['Урок 1', 'ДЗ 1', 'Тест 1']);
    const mates = await lessonStates(t.app.ctx.db, (await studentCourse(t.app.ctx.db, owner.schoolId, s.course.id, mate.id, t.clock.now)).enrolment, t.clock.now);
    expect(mates.map((st) => st.name)).toEqual(['Урок 1', 'Тест 1', 'Вебинар']);
  });

  it('keeps a lesson with a future opening date locked NOT_YET_OPEN until then', async () => {
    const s = await setup();
    const opens = new Date(t.clock.now.getTime() + 2 * DAY);
    await setOwnAccess(t.app, s.student.id, s.id['Тест 1']!, true, opens);
    const locked = (await states(s)).find((st) => st.name === 'Тест 1')!;
    expect(locked.locked).toMatchObject({ code: 'NOT_YET_OPEN', opensAt: opens });
    const enrolment = await enrolmentOf(s);
    const later = await lessonStates(t.app.ctx.db, enrolment, new Date(opens.getTime() + 1));
    expect(later.find((st) => st.name === 'Тест 1')!.locked).toBeNull();
  });

  it('with strict order opens one lesson after another as each is viewed', async () => {
    const s = await setup({ strictTaskOrder: true });
    expect(view(s, await states(s))).toEqual({ 'Урок 1': 'open', 'ДЗ 1': 'STRICT_ORDER:Урок 1', 'Тест 1': 'STRICT_ORDER:Урок 1', 'Урок 2': 'STRICT_ORDER:Урок 1', Вебинар: 'STRICT_ORDER:Урок 1' });
    const locked = (await states(s))[1]!;
    expect(locked.locked).toMatchObject({ message: STRICT_ORDER_MESSAGE, blockedBy: s.id['Урок 1'] });
    await step(s, 'Урок 1', 'viewed');
    await step(s, 'ДЗ 1', 'viewed');
    expect(view(s, await states(s))).toMatchObject({ 'ДЗ 1': 'open', 'Тест 1': 'open', 'Урок 2': 'STRICT_ORDER:Тест 1' });
  });

  it('with submit_homework_to_go_on waits for the homework to be handed in', async () => {
    const s = await setup({ strictTaskOrder: true, submitHomeworkToGoOn: true });
    await step(s, 'Урок 1', 'viewed');
    await step(s, 'ДЗ 1', 'viewed');
    expect(view(s, await states(s))['Тест 1']).toBe('STRICT_ORDER:ДЗ 1');
    await step(s, 'ДЗ 1', 'submitted');
    expect(view(s, await states(s))['Тест 1']).toBe('open');
  });

  it('with submit_test_to_go_on waits for an attempt, with success_test_to_go_on for a pass', async () => {
    const sent = await setup({ strictTaskOrder: true, submitTestToGoOn: true });
    for (const name of ['Урок 1', 'ДЗ 1', 'Тест 1']) await step(sent, name, 'viewed');
    expect(view(sent, await states(sent))['Урок 2']).toBe('STRICT_ORDER:Тест 1');
    await step(sent, 'Тест 1', 'submitted');
    expect(view(sent, await states(sent))['Урок 2']).toBe('open');

    const passed = await setup({ strictTaskOrder: true, submitTestToGoOn: true, successTestToGoOn: true });
    for (const name of ['Урок 1', 'ДЗ 1', 'Тест 1']) await step(passed, name, 'viewed');
    await step(passed, 'Тест 1', 'submitted');
    expect(view(passed, await states(passed))['Урок 2']).toBe('STRICT_ORDER:Тест 1');
    await step(passed, 'Тест 1', 'completed');
    expect(view(passed, await states(passed))['Урок 2']).toBe('open');
  });

  it('keeps open a lesson already viewed, whatever comes before it', async () => {
    const s = await setup({ strictTaskOrder: true });
    await step(s, 'Урок 2', 'viewed');
    expect(view(s, await states(s))).toMatchObject({ 'Урок 1': 'open', 'ДЗ 1': 'STRICT_ORDER:Урок 1', 'Урок 2': 'open', Вебинар: 'STRICT_ORDER:Урок 1' });
  });

  it('does not let a lesson done before its opening date was moved hold back the next ones', async () => {
    const s = await setup({ strictTaskOrder: true });
    await step(s, 'Урок 1', 'viewed');
    await setOwnAccess(t.app, s.student.id, s.id['Урок 1']!, true, new Date(t.clock.now.getTime() + DAY));
    expect(view(s, await states(s))).toMatchObject({ 'Урок 1': 'NOT_YET_OPEN:', 'ДЗ 1': 'open', 'Тест 1': 'STRICT_ORDER:ДЗ 1' });
  });

  it("reads the student's rows in one query and the course's lessons once per outline version", async () => {
    const s = await setup({ strictTaskOrder: true });
    const enrolment: Enrolment = await enrolmentOf(s);
    const read = () => readsDuring(t.app, () => lessonStates(t.app.ctx.db, enrolment, t.clock.now));
    expect(await read()).toHaveLength(2);
    expect(await read()).toHaveLength(1);
    await t.app.ctx.db.update(lessons).set({ name: 'Урок 1, новый' }).where(eq(lessons.id, s.id['Урок 1']!));
    expect(await read()).toHaveLength(2);
    expect((await states(s))[0]!.name).toBe('Урок 1, новый');
  });
});

describe('openLesson', () => {
  it('gives the state of an open lesson, 404 for one the student cannot see, 403 with the reason for a locked one', async () => {
    const s = await setup({ strictTaskOrder: true });
    const list = await states(s);
    expect(openLesson(list, s.id['Урок 1']!).name).toBe('Урок 1');
    expect(() => openLesson(list, s.id['Выключен']!)).toThrow(expect.objectContaining({ status: 404, code: 'LESSON_NOT_FOUND' }));
    expect(() => openLesson(list, s.id['ДЗ 1']!)).toThrow(expect.objectContaining({ status: 403, code: 'STRICT_ORDER', message: STRICT_ORDER_MESSAGE }));
  });
});
