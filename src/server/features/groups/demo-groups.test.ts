// The demo school's groups as `npm start` seeds them (seed/demo.ts), read through the groups API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../../shared/demo-accounts.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  for (const who of ['admin', 'student']) {
    const res = await call(t.app, 'POST', '/api/login/', { body: { login: `${who}@coursehub.ru`, password: DEMO_PASSWORD } });
    tokens[who] = res.body!.access as string;
  }
});
afterAll(() => t.close());

describe('the demo groups', () => {
  it('are the teacher’s group with its settings on the first course and a group without teacher on the second, the demo student in both', async () => {
    const groups = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/students_group/`, { token: tokens.admin })).body!.results as Body[];
    expect(groups).toEqual([
      expect.objectContaining({
        name: 'Python с нуля — поток 1',
        course_name: 'Python с нуля',
        type: 'WITH_TEACHER',
        teacher_name: 'Пётр Преподавателев',
        certificate: true,
        training_duration: 90,
        students_count: 1,
        group_settings: expect.objectContaining({ strict_task_order: true, submit_homework_to_go_on: true, task_submission_lock: false }),
      }),
      expect.objectContaining({ name: 'Веб-дизайн — самостоятельно', course_name: 'Веб-дизайн для начинающих', type: 'WITHOUT_TEACHER', teacher_id: null, students_count: 1 }),
      // The teacher's second group, whose hand-ins fill their review queue (seed/demo-homework.ts).
      expect.objectContaining({ name: 'Английский для IT — поток 1', course_name: 'Английский для IT', teacher_name: 'Пётр Преподавателев', students_count: 5 }),
    ]);
    const duration = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/students_group/${groups[0]!.group_id}/student_training_duration/`, { token: tokens.student });
    expect(duration.body).toMatchObject({ final_limit: 90, remaining_period: 90 });
    const students = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/students_group/${groups[1]!.group_id}/get_students_for_group/`, { token: tokens.admin });
    expect(students.body!.results.map((row: Body) => row.email)).toEqual(['student@coursehub.ru']);
  });
});
