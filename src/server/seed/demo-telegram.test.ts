// The demo's Telegram (seed/demo-telegram.ts): the student's and teacher's chats linked, their
// notices in the outbox page (the demo has no bot), the school's reminder settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { call, createTestApp, type TestApp } from '../../../tests/server/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

const signIn = async (email: string) => (await call(t.app, 'POST', '/api/login/', { body: { login: email, password: DEMO_PASSWORD } })).body!.access as string;

describe('the demo Telegram', () => {
  it('shows the student linked with meetings off, the admin the reminders, and the outbox page', async () => {
    const student = await signIn('student@coursehub.ru');
    expect((await call(t.app, 'GET', '/api/telegram/link/', { token: student })).body).toMatchObject({ linked: true, username: 'coursehub_student', bot_configured: false });
    expect((await call(t.app, 'GET', '/api/tg_notification/tg_notif/', { token: student })).body).toEqual({ homework: true, checks: true, meetings: false, chat: true });
    const admin = await signIn('admin@coursehub.ru');
    expect((await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/tg_notification/reminders/`, { token: admin })).body).toEqual({ daily: true, in_three_hours: true, ten_minute: true });
    const page = await t.app.inject({ method: 'GET', url: '/api/dev/telegram-outbox/' });
    expect(page.body).toContain('добро пожаловать');
  });
});
