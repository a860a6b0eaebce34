// The demo school's boxes as `npm start` seeds them (seed/demo-boxes.ts), read through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../../shared/demo-accounts.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

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

describe('the demo boxes', () => {
  it('give the demo student two boxes to open and one to buy; the admin sees the box with its two prizes', async () => {
    const mine = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/user_boxes/`, { token: tokens.student });
    expect(mine.body).toMatchObject({ count: 1, results: [{ box: { name: 'Коробка знаний', price: 500 }, unopened_count: 2, remaining_to_guarantee: 3 }] });
    const onSale = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/school_box/`, { token: tokens.student });
    expect(onSale.body!.results).toHaveLength(1);
    const admin = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/school_box/`, { token: tokens.admin });
    expect(admin.body!.results[0].prizes).toHaveLength(2);
    const opened = await call(t.app, 'POST', `/api/${DEMO_SCHOOL}/open_box/${mine.body!.results[0].box.id}/`, { token: tokens.student, body: {} });
    expect(opened.status).toBe(200);
    expect(opened.body!.unopened_count).toBe(1);
  });
});
