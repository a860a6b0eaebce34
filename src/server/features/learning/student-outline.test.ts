// A student's outline and modules (student-outline.ts), as courses' outline routes give them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { lessons } from '../courses/index.ts';
import { Outline } from '../courses/section-routes.ts';
import { recordProgress } from './index.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { addGroup, addStudents, closeForGroup, enrol } from '../../../../tests/server/learning-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Модули' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие модули' });
});
afterAll(() => t.close());

const api = (rest: string, school = owner.schoolName) => `/api/${school}/${rest}`;

describe("a student's outline", () => {
  let course: Awaited<ReturnType<typeof addCourse>>;
  let pupil: Account;
  let groupId: number;

  beforeAll(async () => {
    course = await addCourse(t.app, owner.schoolId, {
      name: 'Путь ученика',
      sections: [
        { name: 'Начало', lessons: [['lesson', 'Вводный'], ['homework', 'Задание'], ['lesson', 'Скрытый']] },
        { name: 'Пустой', lessons: [] },
        { name: 'Финал', lessons: [['test', 'Итоговый тест'], ['lesson', 'Выключенный', false]] },
      ],
    });
    pupil = await addMember(t.app, owner.schoolId, 'Student');
    groupId = await enrol(t.app, owner.schoolId, course.id, [pupil.id], { teacherId: teacher.id, strictTaskOrder: true, submitHomeworkToGoOn: true, certificate: true, trainingDuration: 30 });
    await closeForGroup(t.app, groupId, [course.lessonIds[2]!]);
    await recordProgress(t.app.ctx.db, { userId: pupil.id, courseId: course.id }, { id: course.lessonIds[0]!, type: 'lesson' }, 'viewed', t.clock.now);
  });

  const outline = async (query = '', token = pupil.access) => call(t.app, 'GET', api(`courses/${course.id}/sections/${query}`), { token });

  it('gives the group, its settings, the access period, the progress and the lessons open to the student with their locks', async () => {
    const res = await outline();
    expect(res.status).toBe(200);
    const body = res.body!;
    // Serialised by hand from pre-serialised parts: the route's schema holds it all the same.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect([...Value.Errors(Outline, body)]).toEqual([]);
    expect(body).toMatchObject({
      course_id: course.id,
      course_name: 'Путь ученика',
      group_id: groupId,
      teacher_id: teacher.id,
      group_settings: { strict_task_order: true, task_submission_lock: false, submit_homework_to_go_on: true, submit_test_to_go_on: false, success_test_to_go_on: false },
      remaining_period: 30,
      certificate: true,
      progress: { total: 3, completed: 1, percent: 33 },
      finished: false,
    });
    expect(body.sections.map((s: Body) => [s.section_name, s.lessons.map((l: Body) => l.name)])).toEqual([
      ['Начало', ['Вводный', 'Задание']],
      ['Пустой', []],
      ['Финал', ['Итоговый тест']],
    ]);
    const [intro, homework] = body.sections[0].lessons as Body[];
    expect(intro).toMatchObject({ type: 'lesson', id: course.lessonIds[0], viewed: true, completed: true, sended: null, locked: null, active: true });
    expect(homework).toMatchObject({ type: 'homework', viewed: false, completed: false, sended: false, locked: null });
    expect(body.sections[2].lessons[0]).toMatchObject({ locked: { code: 'STRICT_ORDER', message: 'Необходимо пройти предыдущие уроки.', blocked_by: course.lessonIds[1] } });
  });

  it('opens the next lesson once the homework is handed in', async () => {
    const mate = await addMember(t.app, owner.schoolId, 'Student');
    await addStudents(t.app, groupId, course.id, [mate.id]);
    for (const [i, type, step] of [[0, 'lesson', 'viewed'], [1, 'homework', 'submitted']] as const) {
      await recordProgress(t.app.ctx.db, { userId: mate.id, courseId: course.id }, { id: course.lessonIds[i]!, type }, step, t.clock.now);
    }
    const body = (await outline('', mate.access)).body!;
    expect(body.sections[0].lessons[1]).toMatchObject({ viewed: true, sended: true, completed: false });
    expect(body.sections[2].lessons[0].locked).toBeNull();
  });

  it("shows the admin's changes at once", async () => {
    const renamed = await call(t.app, 'PATCH', api(`lessons/${course.lessonIds[0]}/`), { token: owner.access, body: { name: 'Вводный, дополненный' } });
    expect(renamed.status).toBe(200);
    expect((await outline()).body!.sections[0].lessons[0].name).toBe('Вводный, дополненный');
    await t.app.ctx.db.update(lessons).set({ name: 'Вводный' }).where(eq(lessons.id, course.lessonIds[0]!));
    expect((await outline()).body!.sections[0].lessons[0].name).toBe('Вводный');
  });

  it('searches only what the student can see', async () => {
    const found = (await outline(`?search_query=${encodeURIComponent('скрыт')}`)).body!;
    expect(found.sections).toEqual([]);
    const test = (await outline(`?search_query=${encodeURIComponent('тест')}`)).body!;
    expect(test.sections.map((s: Body) => s.lessons.map((l: Body) => l.name))).toEqual([['Итоговый тест']]);
    expect(test.progress).toMatchObject({ total: 3 });
    expect((await outline('?search_query=%00')).status).toBe(400);
  });

  it("gives one module's lessons with their states at sections/{id}/lessons/{course}/ and sections/{id}/", async () => {
    const first = await call(t.app, 'GET', api(`sections/${course.sectionIds[0]}/lessons/${course.id}/`), { token: pupil.access });
    expect(first.body).toMatchObject({ section_id: course.sectionIds[0], course_id: course.id, group_id: groupId, group_settings: { strict_task_order: true } });
    expect(first.body!.lessons.map((l: Body) => [l.name, l.viewed, l.locked])).toEqual([
      ['Вводный', true, null],
      ['Задание', false, null],
    ]);
    const last = await call(t.app, 'GET', api(`sections/${course.sectionIds[2]}/`), { token: pupil.access });
    expect(last.body!.lessons.map((l: Body) => [l.name, l.locked?.code])).toEqual([['Итоговый тест', 'STRICT_ORDER']]);
    // Another course's module, another school, no token.
    expect((await call(t.app, 'GET', api(`sections/${course.sectionIds[0]}/lessons/${course.id + 1000}/`), { token: pupil.access })).status).toBe(404);
    const theirs = await addCourse(t.app, other.schoolId, { sections: [{ name: 'Чужой', lessons: [['lesson', 'Чужой урок']] }] });
    expect((await call(t.app, 'GET', api(`sections/${theirs.sectionIds[0]}/lessons/${course.id}/`), { token: pupil.access })).status).toBe(404);
    expect((await call(t.app, 'GET', api(`sections/${theirs.sectionIds[0]}/`), { token: pupil.access })).status).toBe(404);
    expect((await call(t.app, 'GET', api(`sections/${course.sectionIds[0]}/lessons/${course.id}/`))).status).toBe(401);
    expect((await call(t.app, 'GET', api(`sections/x/lessons/${course.id}/`), { token: pupil.access })).status).toBe(400);
  });

  it('is 403 ACCESS_EXPIRED once the access period is over', async () => {
    const late = await addMember(t.app, owner.schoolId, 'Student');
    const short = await addGroup(t.app, owner.schoolId, course.id, { trainingDuration: 1 });
    await addStudents(t.app, short, course.id, [late.id], { accessFrom: new Date(t.clock.now.getTime() - 2 * 86_400_000) });
    const res = await outline('', late.access);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCESS_EXPIRED', message: 'Срок доступа к курсу истек.' });
  });

  it('keeps the admin and the teacher outline as it was', async () => {
    for (const token of [owner.access, teacher.access]) {
      const body = (await call(t.app, 'GET', api(`courses/${course.id}/sections/`), { token })).body!;
      expect(body).not.toHaveProperty('progress');
      expect(body.sections[0].lessons[0]).not.toHaveProperty('locked');
      expect(body.sections[0].lessons.map((l: Body) => l.name)).toEqual(['Вводный', 'Задание', 'Скрытый']);
    }
  });

  it('costs the same number of queries for 3 lessons or 30', async () => {
    const make = async (n: number) => {
      const c = await addCourse(t.app, owner.schoolId, {
        sections: Array.from({ length: Math.ceil(n / 10) }, (_, s) => ({ name: `М${s}`, lessons: Array.from({ length: Math.min(10, n - s * 10) }, (_, l) => ['lesson', `У${s}.${l}`] as [string, string]) })),
      });
      await enrol(t.app, owner.schoolId, c.id, [pupil.id], { strictTaskOrder: true });
      return c.id;
    };
    const small = await make(3);
    const big = await make(30);
    const read = (id: number, query = '') => readsDuring(t.app, () => call(t.app, 'GET', api(`courses/${id}/sections/${query}`), { token: pupil.access }));
    const few = await read(small);
    const many = await read(big);
    expect(many.length).toBe(few.length);
    expect(many.length).toBeLessThanOrEqual(4);
    // The course's lessons are read once, then kept while the course's outline version stands.
    const again = await read(big);
    expect(again.length).toBe(many.length - 1);
    expect(await read(big, '?search_query=%D0%A3')).toHaveLength(again.length + 1);
  });
});
