// The demo teacher's review queue as `npm start` seeds it (seed/demo-homework.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../tests/server/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  for (const who of ['teacher', 'student']) {
    const res = await call(t.app, 'POST', '/api/login/', { body: { login: `${who}@coursehub.ru`, password: DEMO_PASSWORD } });
    tokens[who] = res.body!.access as string;
  }
});
afterAll(() => t.close());

describe('the demo teacher’s review queue', () => {
  it('shows hand-ins of demo students in every reviewer’s status, the unanswered ones unread', async () => {
    const res = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/homeworks_stats/`, { token: tokens.teacher });
    expect(res.status).toBe(200);
    const rows = res.body!.results as Body[];
    expect(rows.map((row) => [row.user_first_name, row.status, row.mark, row.unread])).toEqual([
      ['Мария', 'pending', null, true],
      ['Игорь', 'pending', 3, true],
      ['Ольга', 'revision', 3, true],
      ['Дмитрий', 'rejected', 1, true],
      ['Екатерина', 'accepted', 5, true],
    ]);
    expect(rows[0]).toMatchObject({ homework_name: 'Напишите письмо коллеге', course_name: 'Английский для IT', group_name: 'Английский для IT — поток 1', teacher_name: 'Пётр Преподавателев' });
    // The thread of the answered one: hand-in, the teacher's revision, the student's answer.
    const thread = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/teacher_homeworks/${rows[1]!.user_homework_id}/`, { token: tokens.teacher });
    expect((thread.body!.checks as Body[]).map((check) => [check.author_role, check.status])).toEqual([
      ['student', 'pending'],
      ['teacher', 'revision'],
      ['student', 'pending'],
    ]);
    const next = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/homeworks_stats/next/`, { token: tokens.teacher });
    expect(next.body).toMatchObject({ user_homework_id: rows[0]!.user_homework_id });
  });

  it('leaves the demo student out of it', async () => {
    const mine = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/user_homeworks/`, { token: tokens.student });
    expect(mine.body).toMatchObject({ count: 0 });
  });

  it('checks the hand-ins against a written task, which every demo homework has', async () => {
    const rows = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/homeworks_stats/`, { token: tokens.teacher })).body!.results as Body[];
    const task = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/teacher_homeworks/${rows[0]!.user_homework_id}/task/`, { token: tokens.teacher });
    expect(task.status).toBe(200);
    expect(task.body).toMatchObject({ name: 'Напишите письмо коллеге' });
    expect((task.body!.blocks as Body[])[0]!.description).toContain('деловое письмо на английском');

    const admin = (await call(t.app, 'POST', '/api/login/', { body: { login: 'admin@coursehub.ru', password: DEMO_PASSWORD } })).body!.access as string;
    const courses = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/courses/`, { token: admin })).body!.results as Body[];
    const homeworks: string[] = [];
    for (const course of courses) {
      const outline = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/courses/${course.course_id}/sections/`, { token: admin })).body!;
      for (const lesson of (outline.sections as Body[]).flatMap((section) => section.lessons as Body[])) {
        if (lesson.type !== 'homework') continue;
        const detail = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/homeworks/${lesson.id}/`, { token: admin })).body!;
        expect((detail.blocks as Body[]).some((block) => block.type === 'description' && String(block.description).length > 20), lesson.name as string).toBe(true);
        homeworks.push(lesson.name as string);
      }
    }
    expect(homeworks).toEqual(expect.arrayContaining(['Калькулятор расходов', 'Макет лендинга', 'Напишите письмо коллеге']));
  });
});
