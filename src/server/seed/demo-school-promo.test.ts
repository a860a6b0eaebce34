// The demo school's promo code and invoice details (seed/demo-school-promo.ts) as the demo admin sees them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySchoolPromo } from '../features/school-promo/index.ts';
import { schools } from '../shared/db/core-tables.ts';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../tests/server/test-app.ts';

let t: TestApp;
const token = async (login: string) => (await call(t.app, 'POST', '/api/login/', { body: { login, password: DEMO_PASSWORD } })).body!.access as string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('the demo school promo', () => {
  it('gives the demo admin COURSE10 and one default set of invoice details', async () => {
    const admin = await token('admin@coursehub.ru');
    const promo = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/promo_codes/`, { token: admin });
    expect(promo.body).toMatchObject({ count: 1, results: [{ code: 'COURSE10', discount_type: 'percent', discount: 10, all_courses: true, is_active: true, max_uses: null, expires_at: null }] });
    const invoices = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/invoice-settings/`, { token: admin });
    expect(invoices.body!.count).toBe(1);
    expect(invoices.body!.results[0] as Body).toMatchObject({ organization_name: 'ООО «КурсХаб»', is_default: true });
    const list = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/courses/`, { token: admin })).body!;
    const course = (list.results as Body[]).find((row) => row.price > 0)!;
    const [{ id: schoolId }] = (await t.app.ctx.db.select({ id: schools.id }).from(schools).where(eq(schools.name, DEMO_SCHOOL))) as [{ id: number }];
    expect(await applySchoolPromo(t.app.ctx.db, { schoolId, courseId: course.course_id as number, code: 'course10', amount: 490_000, now: t.clock.now, held: async () => 0 })).toMatchObject({ amount: 441_000 });
  });
});
