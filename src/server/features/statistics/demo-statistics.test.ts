// The statistics of the demo school as `npm start` seeds it: the admin's and the teacher's course
// summary, students joined over recent months, the onboarding checklist, a student's page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../../shared/demo-accounts.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const get = async (who: string, path: string) => {
  const res = await call(t.app, 'GET', `/api/${path}`, { token: tokens[who]! });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown;
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  for (const who of ['admin', 'teacher']) {
    const res = await call(t.app, 'POST', '/api/login/', { body: { login: `${who}@coursehub.ru`, password: DEMO_PASSWORD } });
    tokens[who] = res.body!.access as string;
  }
});
afterAll(() => t.close());

describe('the demo school’s statistics', () => {
  it('give the admin each course with students, progress and the accepted mark', async () => {
    const rows = (await get('admin', `${DEMO_SCHOOL}/courses_stats/`)) as Body[];
    const byName = Object.fromEntries(rows.map((row) => [row.course_name, row]));
    expect(Object.keys(byName).sort()).toEqual(['Python с нуля', 'Английский для IT', 'Веб-дизайн для начинающих'].sort());
    expect(byName['Python с нуля']).toMatchObject({ groups: 1, students: 1, active_students: 1, average_progress: 20, average_mark: null });
    // Four of five read both lessons and handed in the homework, the fifth's was accepted with a 5.
    expect(byName['Английский для IT']).toMatchObject({ groups: 1, students: 5, active_students: 5, average_progress: 73.33, average_mark: 5 });
    const teacher = (await get('teacher', `${DEMO_SCHOOL}/courses_stats/`)) as Body[];
    expect(teacher.map((row) => row.course_name).sort()).toEqual(['Python с нуля', 'Английский для IT'].sort());
  });

  it('show students joining over several recent months', async () => {
    for (const who of ['admin', 'teacher']) {
      const months = (await get(who, `${DEMO_SCHOOL}/user_count_by_month/?months=6`)) as Body[];
      expect(months.reduce((sum, row) => sum + (row.count as number), 0), who).toBe(6);
      expect(months.filter((row) => (row.count as number) > 0).length, who).toBeGreaterThanOrEqual(3);
    }
  });

  it('show the admin the school’s first steps, most of them done', async () => {
    const tasks = (await get('admin', `${DEMO_SCHOOL}/school_tasks/`)) as Body;
    expect(tasks).toMatchObject({ total_tasks: 7 });
    expect(tasks.total_completed_tasks).toBeGreaterThanOrEqual(6);
  });

  it('show the teacher a demo student’s lessons, hand-in and mark', async () => {
    const queue = (await get('teacher', `${DEMO_SCHOOL}/homeworks_stats/?status=accepted`)) as Body;
    const accepted = (queue.results as Body[])[0]!;
    const schoolId = ((await get('teacher', 'user-schools/')) as Body[]).find((row) => row.name === DEMO_SCHOOL)!.school_id as number;
    const page = (await get('teacher', `schools/${schoolId}/section_student/?student_id=${accepted.user as number}`)) as Body;
    const lessons = (page.student_data as Body[])[0]!.sections.flatMap((section: Body) => section.lessons as Body[]) as Body[];
    expect(lessons.map((lesson) => [lesson.name, lesson.status, lesson.mark])).toEqual([
      ['Читаем README', 'completed', null],
      ['Issue и pull request', 'completed', null],
      ['Напишите письмо коллеге', 'completed', 5],
    ]);
  });
});
