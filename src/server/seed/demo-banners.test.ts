// The demo school's banner and invites programme as `npm start` seeds them, read through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { call, createTestApp, type TestApp } from '../../../tests/server/test-app.ts';
import { DEMO_BANNER_TITLE, DEMO_INVITE_LINK } from './demo-banners.ts';

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

describe('the demo banners and invites programme', () => {
  it("show the demo student the active banner and the programme; the admin sees both banners, one of them on", async () => {
    const shown = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/banners/current/`, { token: tokens.student });
    expect(shown.body).toMatchObject({ banner: { title: DEMO_BANNER_TITLE, link: 'https://coursehub.ru/' } });
    const program = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/invites_program/current/`, { token: tokens.student });
    expect(program.body).toMatchObject({ program: { link: DEMO_INVITE_LINK } });
    const list = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/banners/`, { token: tokens.admin });
    expect(list.body).toMatchObject({ count: 2 });
    expect(list.body!.results.map((banner: { is_active: boolean }) => banner.is_active)).toEqual([true, false]);
  });
});
