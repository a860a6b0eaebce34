// The demo school's bonus as `npm start` seeds it (seed/demo.ts), read through the bonuses API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../../shared/demo-accounts.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  for (const who of ['admin', 'teacher', 'student']) {
    const res = await call(t.app, 'POST', '/api/login/', { body: { login: `${who}@coursehub.ru`, password: DEMO_PASSWORD } });
    tokens[who] = res.body!.access as string;
  }
});
afterAll(() => t.close());

describe('the demo bonus', () => {
  it("is active for the teacher's group, so the demo student and teacher see it", async () => {
    const url = `/api/${DEMO_SCHOOL}/school_bonuses/`;
    const student = await call(t.app, 'GET', url, { token: tokens.student });
    expect(student.body).toMatchObject({ count: 1 });
    expect(student.body!.results[0]).toMatchObject({ text: 'Скидка 20 % на второй курс школы', link: 'https://coursehub.ru/', active: true, logo: null });
    expect(Date.parse(student.body!.results[0].expire_date as string)).toBeGreaterThan(t.clock.now.getTime());
    expect((await call(t.app, 'GET', url, { token: tokens.teacher })).body).toMatchObject({ count: 1 });
    const groups = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/students_group/`, { token: tokens.admin })).body!.results;
    expect((await call(t.app, 'GET', url, { token: tokens.admin })).body!.results[0].student_groups).toEqual([groups[0].group_id]);
  });
});
