// A student's lesson page (student-lesson-page.ts, through courses' lesson routes): the gates, the
// visit recorded, the neighbours, and their own work on a test or a homework.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { enrol } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let student: Account;
let course: CourseFixture;

const PATHS: Record<string, string> = { lesson: 'lessons', test: 'tests', homework: 'homeworks' };
const TYPES = ['lesson', 'test', 'homework'];
const url = (i: number, school = owner.schoolName) => `/api/${school}/${PATHS[TYPES[i]!]}/${course.lessonIds[i]}/`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Уроки ученика' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие уроки ученика' });
  student = await addMember(t.app, owner.schoolId, 'Student');
  course = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'Модуль', lessons: [['lesson', 'Урок'], ['test', 'Тест'], ['homework', 'ДЗ']] }] });
  await enrol(t.app, owner.schoolId, course.id, [student.id], { strictTaskOrder: true });
});
afterAll(() => t.close());

describe('a lesson page for a student', () => {
  it('keeps a lesson locked until the earlier ones are done, with the reason', async () => {
    const locked = await call(t.app, 'GET', url(1), { token: student.access });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ code: 'STRICT_ORDER', message: 'Необходимо пройти предыдущие уроки.' });
  });

  it('records the visit and gives the neighbours', async () => {
    const page = await call(t.app, 'GET', url(0), { token: student.access });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: course.lessonIds[0], viewed: true, completed: true, sended: null, previous: null, next: { type: 'test', id: course.lessonIds[1] } });
  });

  it('gives a test with the student attempts and a homework with their hand-in', async () => {
    const test = await call(t.app, 'GET', url(1), { token: student.access });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ viewed: true, completed: false, sended: false, attempts_left: null, passed: false, best_percent: null, questions_count: 0 });
    expect(test.body!.previous).toMatchObject({ type: 'lesson', id: course.lessonIds[0] });
    const homework = await call(t.app, 'GET', url(2), { token: student.access });
    expect(homework.status).toBe(200);
    expect(homework.body).toMatchObject({ user_homework: null, sended: false, next: null });
  });

  it('is not found for another type, another school or a course the student is not in', async () => {
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/tests/${course.lessonIds[0]}/`, { token: student.access })).status).toBe(404);
    expect((await call(t.app, 'GET', url(0, other.schoolName), { token: student.access })).status).toBe(403);
    const outsider = await addMember(t.app, owner.schoolId, 'Student');
    expect((await call(t.app, 'GET', url(0), { token: outsider.access })).status).toBe(404);
    expect((await call(t.app, 'GET', url(0))).status).toBe(401);
  });

  it('records nothing and opens no attempt for someone viewing as the student', async () => {
    const viewer = await addMember(t.app, owner.schoolId, 'Student');
    const fixture = await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'Урок'], ['test', 'Тест']] }] });
    await enrol(t.app, owner.schoolId, fixture.id, [viewer.id]);
    const started = await call(t.app, 'POST', '/api/impersonate/start/', { token: owner.access, body: { user_id: viewer.id, school: owner.schoolName } });
    expect(started.status).toBe(200);
    const token = started.body!.access as string;
    const page = await call(t.app, 'GET', `/api/${owner.schoolName}/lessons/${fixture.lessonIds[0]}/`, { token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ viewed: false, completed: false });
    const questions = await call(t.app, 'GET', `/api/${owner.schoolName}/tests/${fixture.lessonIds[1]}/get_questions/`, { token });
    expect(questions.status).toBe(403);
    expect(questions.body!.code).toBe('IMPERSONATION_READ_ONLY');
    // The student's own visit is still recorded.
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/lessons/${fixture.lessonIds[0]}/`, { token: viewer.access })).body).toMatchObject({ viewed: true, completed: true });
  });
});

