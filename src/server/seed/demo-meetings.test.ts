// The demo school's meetings as `npm start` seeds them, read through the API by each demo role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { call, createTestApp, type TestApp } from '../../../tests/server/test-app.ts';
import { DEMO_MEETING_TITLE } from './demo-meetings.ts';

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

describe('the demo meetings', () => {
  it('show the demo student, teacher and admin two upcoming meetings and one past', async () => {
    for (const who of ['admin', 'teacher', 'student']) {
      const upcoming = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/school_meetings/`, { token: tokens[who] });
      expect(upcoming.status, who).toBe(200);
      expect(upcoming.body, who).toMatchObject({ count: 2 });
      expect(upcoming.body!.results[0], who).toMatchObject({ title: DEMO_MEETING_TITLE, link: expect.stringMatching(/^https:\/\//) });
      expect((await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/school_meetings/?past=1`, { token: tokens[who] })).body, who).toMatchObject({ count: 1 });
      expect((await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/school_meetings/count/`, { token: tokens[who] })).body, who).toEqual({ upcoming: 2 });
    }
  });
});
