// The demo chats as `npm start` seeds them (seed/demo-chats.ts), read through the chats API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../../shared/demo-accounts.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

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

describe('the demo chats', () => {
  it('are the teacher’s personal chat with the student (two unread) and the chat of the teacher’s group', async () => {
    const list = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/chats/`, { token: tokens.student })).body!;
    const personal = list.results.find((chat: Body) => chat.type === 'personal');
    expect(personal).toMatchObject({ name: 'Пётр Преподавателев', members: 2, unread: 2, last_message: { text: expect.stringContaining('python --version') } });
    expect(list.results.find((chat: Body) => chat.name === 'Python с нуля — поток 1')).toMatchObject({ type: 'group', unread: 2 });
    // Newest activity first; the student's other group's chat is empty.
    expect(list.results.map((chat: Body) => chat.name)).toEqual(['Python с нуля — поток 1', 'Пётр Преподавателев', 'Веб-дизайн — самостоятельно']);
    expect(list.total_unread).toBe(4);
    const messages = (await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/chats/${personal.id}/messages/`, { token: tokens.teacher })).body!;
    expect(messages.results).toHaveLength(4);
    expect(messages.has_more).toBe(false);
  });
});
