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
});
