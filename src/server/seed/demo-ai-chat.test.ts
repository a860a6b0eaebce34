// The demo school's AI assistant as `npm start` seeds it, read through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { call, createTestApp, type TestApp } from '../../../tests/server/test-app.ts';
import { DEMO_AI_CHAT_TITLE, DEMO_AI_WELCOME } from './demo-ai-chat.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true, ai: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, model: 'gpt-4o-mini' } });
  const res = await call(t.app, 'POST', '/api/login/', { body: { login: 'teacher@coursehub.ru', password: DEMO_PASSWORD } });
  token = res.body!.access as string;
});
afterAll(() => t.close());

describe('the demo AI assistant', () => {
  it("greets with the school's text and shows the demo teacher's chat", async () => {
    expect((await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/chatgpt/user_welcome_message/`, { token })).body).toEqual({ show_welcome_message: true, welcome_message: DEMO_AI_WELCOME });
    const chats = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/chatgpt/latest_chats/`, { token });
    const [id, chat] = Object.entries(chats.body!)[0]!;
    expect(chat).toEqual({ order: 1, chat_name: DEMO_AI_CHAT_TITLE });
    const messages = await call(t.app, 'GET', `/api/${DEMO_SCHOOL}/chatgpt/latest_messages/${id}/`, { token });
    expect(messages.body!.results.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });
});
