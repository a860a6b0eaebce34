// The demo school's sandbox payment method (seed/demo-sales.ts): a visitor buys a priced catalogue course.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../tests/server/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('the demo school sales', () => {
  it('shows the admin a sandbox method and lets a visitor buy a priced catalogue course', async () => {
    const admin = (await call(t.app, 'POST', '/api/login/', { body: { login: 'admin@coursehub.ru', password: DEMO_PASSWORD } })).body!.access as string;
    const methods = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/payment_method/`, { token: admin });
    expect(methods.body).toMatchObject({ count: 1, results: [{ payment_method: 'sandbox', usable: true, has_api_key: false }] });
    const catalog = (await call(t.app, 'GET', `/api/course_catalog/?school=${DEMO_SCHOOL}`)).body!.results as Body[];
    const priced = catalog.find((course) => course.price > 0)!;
    expect((await call(t.app, 'GET', `/api/sales/courses/${priced.course_id}/offer/`)).body).toMatchObject({ purchasable: true });
    const made = await call(t.app, 'POST', `/api/sales/courses/${priced.course_id}/orders/`, { body: { email: 'visitor@example.com', promo_code: 'COURSE10' } });
    expect(made.status).toBe(201);
    expect(made.body!.payment_url).toContain('/api/sales/sandbox/');
  });
});
