// The demo school's colours and legal details (seed/demo-school-settings.ts) as its admin and student see them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { call, createTestApp, type TestApp } from '../../../tests/server/test-app.ts';

let t: TestApp;
const token = async (login: string) => (await call(t.app, 'POST', '/api/login/', { body: { login, password: DEMO_PASSWORD } })).body!.access as string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('the demo school settings', () => {
  it('give the admin the legal details and every member the colours', async () => {
    const admin = await token('admin@coursehub.ru');
    const branding = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/school_branding/`, { token: admin })).body!;
    expect(branding).toMatchObject({ accent_color: '#7c4dff', accent_text_color: '#ffffff', full_organization_name: 'ООО «КурсХаб»', unp: '192000000', email: 'info@coursehub.ru' });
    const student = await token('student@coursehub.ru');
    const school = (await call(t.app, 'GET', `/api/schools/${branding.school}/`, { token: student })).body!;
    expect(school).toMatchObject({ title: 'CourseHub', accent_color: '#7c4dff', accent_text_color: '#ffffff', logo: null, time_zone: 'Europe/Moscow' });
  });
});
