import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../courses/tables.ts';
import { studentsGroupMembers } from '../groups/tables.ts';
import { openLessonForStudent } from './student-lesson.ts';
import { recordProgress } from './progress.ts';
import { lessonProgress } from './tables.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addGroup, addStudents, closeForGroup, enrol, setOwnAccess, type GroupOptions } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

const DAY = 86_400_000;

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Страница урока' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужая страница' });
});
afterAll(() => t.close());

// Lessons by index: 0 lesson, 1 homework, 2 switched off, 3 closed to the group; 4 webinar, 5 test.
const OUTLINE = [
  { name: 'Первый', lessons: [['lesson', 'Урок'], ['homework', 'ДЗ'], ['lesson', 'Выключен', false], ['lesson', 'Закрыт']] as [string, string, boolean?][] },
  { name: 'Второй', lessons: [['webinar', 'Вебинар'], ['test', 'Тест']] as [string, string, boolean?][] },
];
const TYPES = OUTLINE.flatMap((s) => s.lessons.map(([type]) => type));

async function setup(options: GroupOptions = {}, published = true): Promise<{ course: CourseFixture; student: Account; groupId: number }> {
  const course = await addCourse(t.app, owner.schoolId, { sections: OUTLINE, published });
  const student = await addMember(t.app, owner.schoolId, 'Student');
  const groupId = await enrol(t.app, owner.schoolId, course.id, [student.id], options);
  await closeForGroup(t.app, groupId, [course.lessonIds[3]!]);
  return { course, student, groupId };
}

const open = (s: { course: CourseFixture; student: Account }, i: number, schoolId = owner.schoolId, type = TYPES[i]!) =>
  openLessonForStudent(t.app.ctx, schoolId, s.course.lessonIds[i]!, s.student.id, type);
const progressRow = async (userId: number, lessonId: number) => (await t.app.ctx.db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId))))[0];
async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
  throw new Error('expected a refusal');
}

describe('openLessonForStudent', () => {
  it('gives the lesson, its course and state, and its neighbours among the lessons the student can see', async () => {
    const s = await setup();
    const page = await open(s, 0);
    expect(page.lesson).toMatchObject({ id: s.course.lessonIds[0], name: 'Урок', type: 'lesson' });
    expect(page.course.id).toBe(s.course.id);
    expect(page.enrolment).toMatchObject({ groupId: s.groupId, userId: s.student.id, finishedAt: null });
    expect(page.state).toMatchObject({ viewed: true, completed: true, submitted: false, locked: null });
    expect(page.previous).toBeNull();
    expect(page.next).toEqual({ type: 'homework', id: s.course.lessonIds[1], section_id: s.course.sectionIds[0] });
    // The switched-off and the closed lessons are skipped, across modules.
    const homework = await open(s, 1);
    expect(homework.next).toEqual({ type: 'webinar', id: s.course.lessonIds[4], section_id: s.course.sectionIds[1] });
    const test = await open(s, 5);
    expect(test.previous).toEqual({ type: 'webinar', id: s.course.lessonIds[4], section_id: s.course.sectionIds[1] });
    expect(test.next).toBeNull();
  });

  it('records the visit: plain lessons and webinars are completed by it, homework and tests only viewed', async () => {
    const s = await setup();
    for (const i of [0, 1, 4, 5]) await open(s, i);
    const rows = await Promise.all([0, 1, 4, 5].map((i) => progressRow(s.student.id, s.course.lessonIds[i]!)));
    expect(rows.map((r) => [r!.viewedAt !== null, r!.completedAt !== null])).toEqual([
      [true, true],
      [true, false],
      [true, true],
      [true, false],
    ]);
    expect((await open(s, 1)).state).toMatchObject({ viewed: true, completed: false });
  });

  it('writes nothing on a second visit and reads three times whatever the size of the course', async () => {
    const s = await setup();
    const first = t.clock.now;
    await open(s, 0);
    t.clock.advance(60_000);
    const reads = await readsDuring(t.app, () => open(s, 0));
    expect(reads).toHaveLength(3);
    expect((await progressRow(s.student.id, s.course.lessonIds[0]!))!.viewedAt).toEqual(first);
  });

  it('is 404 for another type, a switched-off or closed lesson, another school and a student outside the course', async () => {
    const s = await setup();
    expect(await rejection(open(s, 0, owner.schoolId, 'test'))).toMatchObject({ status: 404, code: 'LESSON_NOT_FOUND' });
    expect(await rejection(open(s, 2))).toMatchObject({ status: 404, code: 'LESSON_NOT_FOUND' });
    expect(await rejection(open(s, 3))).toMatchObject({ status: 404, code: 'LESSON_NOT_FOUND' });
    expect(await rejection(open(s, 0, other.schoolId))).toMatchObject({ status: 404, code: 'LESSON_NOT_FOUND' });
    const outsider = await addMember(t.app, owner.schoolId, 'Student');
    expect(await rejection(open({ course: s.course, student: outsider }, 0))).toMatchObject({ status: 404, code: 'LESSON_NOT_FOUND' });
    // The student's own access opens the closed one.
    await setOwnAccess(t.app, s.student.id, s.course.lessonIds[3]!, true);
    expect((await open(s, 3)).state.viewed).toBe(true);
  });

  it('is 403 with the reason for a locked lesson, an unpublished course and an access period over', async () => {
    const strict = await setup({ strictTaskOrder: true });
    expect(await rejection(open(strict, 1))).toMatchObject({ status: 403, code: 'STRICT_ORDER', message: 'Необходимо пройти предыдущие уроки.' });
    await open(strict, 0);
    expect((await open(strict, 1)).state.viewed).toBe(true);
    expect(await progressRow(strict.student.id, strict.course.lessonIds[4]!)).toBeUndefined();

    const dated = await setup();
    await setOwnAccess(t.app, dated.student.id, dated.course.lessonIds[1]!, true, new Date(t.clock.now.getTime() + DAY));
    expect(await rejection(open(dated, 1))).toMatchObject({ status: 403, code: 'NOT_YET_OPEN' });

    const draft = await setup({}, false);
    expect(await rejection(open(draft, 0))).toMatchObject({ status: 403, code: 'COURSE_CLOSED' });
    await t.app.ctx.db.update(courses).set({ published: true }).where(eq(courses.id, draft.course.id));
    expect((await open(draft, 0)).state.completed).toBe(true);

    const late = await addMember(t.app, owner.schoolId, 'Student');
    const short = await addGroup(t.app, owner.schoolId, draft.course.id, { trainingDuration: 1 });
    await addStudents(t.app, short, draft.course.id, [late.id], { accessFrom: new Date(t.clock.now.getTime() - 2 * DAY) });
    expect(await rejection(open({ course: draft.course, student: late }, 0))).toMatchObject({ status: 403, code: 'ACCESS_EXPIRED', message: 'Срок доступа к курсу истек.' });
  });

  it('finishes the course when the visit completes the last lesson, once', async () => {
    const s = await setup();
    const who = { userId: s.student.id, courseId: s.course.id };
    await recordProgress(t.app.ctx.db, who, { id: s.course.lessonIds[1]!, type: 'homework' }, 'completed', t.clock.now);
    await recordProgress(t.app.ctx.db, who, { id: s.course.lessonIds[5]!, type: 'test' }, 'completed', t.clock.now);
    expect((await open(s, 0)).enrolment.finishedAt).toBeNull();
    const finished = t.clock.now;
    const last = await open(s, 4);
    expect(last.enrolment.finishedAt).toEqual(finished);
    t.clock.advance(60_000);
    expect((await open(s, 4)).enrolment.finishedAt).toEqual(finished);
    const [member] = await t.app.ctx.db.select().from(studentsGroupMembers).where(eq(studentsGroupMembers.userId, s.student.id));
    expect(member!.finishedAt).toEqual(finished);
  });
});
