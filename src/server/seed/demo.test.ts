// The demo school as `npm start` seeds it: its first two courses show every lesson and block type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../tests/server/test-app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  // The demo password is not the fixtures' one.
  const res = await call(t.app, 'POST', '/api/login/', { body: { login: 'admin@coursehub.ru', password: 'coursehub-demo' } });
  admin = res.body!.access as string;
});
afterAll(() => t.close());

describe('the demo courses', () => {
  it('have lessons of every type, with blocks of every type, test questions and test and homework settings', async () => {
    const list = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/courses/`, { token: admin })).body!;
    const types = new Set<string>();
    const blockTypes = new Set<string>();
    for (const course of list.results.slice(0, 2) as Body[]) {
      const outline = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/courses/${course.course_id}/sections/`, { token: admin })).body!;
      for (const section of outline.sections as Body[]) {
        for (const lesson of section.lessons as Body[]) {
          types.add(lesson.type);
          const path = { lesson: 'lessons', test: 'tests', homework: 'homeworks' }[lesson.type as 'lesson'];
          const detail = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/${path}/${lesson.id}/`, { token: admin })).body!;
          for (const block of detail.blocks as Body[]) blockTypes.add(block.type);
          if (lesson.name === 'Тест по типографике') expect(detail).toMatchObject({ has_timer: true, time_limit: '00:10:00' });
          if (lesson.name === 'Проверим основы') {
            const test = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/tests/${lesson.id}/get_questions/`, { token: admin })).body!;
            expect((test.questions as Body[]).map((q) => q.question_type)).toEqual(['single', 'multiple', 'text', 'number', 'order']);
          }
          if (lesson.name === 'Установка и первый запуск') expect(detail.blocks[1].code_html).toContain('code-block');
        }
      }
    }
    expect([...types].sort()).toEqual(['homework', 'lesson', 'test']);
    expect([...blockTypes].sort()).toEqual(['buttons', 'code', 'description', 'formula', 'picture', 'video']);
  });
});

describe('the demo student', () => {
  it('is part-way through the first course, the next lessons locked by strict order', async () => {
    const student = (await call(t.app, 'POST', '/api/login/', { body: { login: 'student@coursehub.ru', password: 'coursehub-demo' } })).body!.access as string;
    const list = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/courses/`, { token: student })).body!;
    const python = (list.results as Body[]).find((course) => course.name === 'Python с нуля')!;
    expect(python).toMatchObject({ certificate: true, finished: false, progress: { completed: 1, total: 5, percent: 20 } });
    const outline = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/courses/${python.course_id}/sections/`, { token: student })).body!;
    const lessons = (outline.sections as Body[]).flatMap((section) => section.lessons as Body[]);
    expect(lessons.map((lesson) => [lesson.name, lesson.completed, lesson.locked?.code ?? null])).toEqual([
      ['Зачем учить Python', true, null],
      ['Установка и первый запуск', false, null],
      ['Проверим основы', false, 'STRICT_ORDER'],
      ['Числа и строки', false, 'STRICT_ORDER'],
      ['Калькулятор расходов', false, 'STRICT_ORDER'],
    ]);
  });
});
