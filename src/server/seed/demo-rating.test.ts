// The demo rating (seed/demo-rating.ts) as the demo student and the demo admin see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../tests/server/test-app.ts';

let t: TestApp;
const token = async (login: string) => (await call(t.app, 'POST', '/api/login/', { body: { login, password: DEMO_PASSWORD } })).body!.access as string;
const get = async (who: string, path: string) => (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/${path}`, { token: who })).body!;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('the demo rating', () => {
  it('ranks the demo student among their classmates, one of them hidden', async () => {
    const student = await token('student@coursehub.ru');
    expect(await get(student, 'student_rating/individual_rating/')).toEqual({ completed_lessons: 2, top_by_lessons_num: 2, available_courses: 2, top_by_courses_num: 1, hidden: false });
    const lessons = await get(student, 'student_rating/all_rating/?lessons_flag=True');
    expect(lessons.count).toBe(6);
    const rows = lessons.results as Body[];
    expect(rows[0]).toMatchObject({ place: 1, name: 'Екатерина Соколова', completed_lessons: 3, student_id: null });
    expect(rows.find((row) => row.is_me)).toMatchObject({ place: 2, name: 'Сергей Студентов', completed_lessons: 2 });
    expect(rows.filter((row) => row.name === 'Скрытый участник')).toHaveLength(1);
    const courses = await get(await token('admin@coursehub.ru'), 'student_rating/all_rating/?courses_flag=True');
    expect((courses.results as Body[]).map((row) => [row.place, row.available_courses])).toEqual([[1, 2], [2, 1], [2, 1], [2, 1], [2, 1], [2, 1]]);
  });
});
