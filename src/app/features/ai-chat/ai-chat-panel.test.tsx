import { aiChatMessages, INITIAL_SCHOOL, $school, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi, type SentRequest } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { AiAssistantLauncher } from './ai-assistant-launcher.tsx';
import AiChatPanel from './ai-chat-panel.tsx';

const WELCOME = { show_welcome_message: true, welcome_message: 'Спрашивайте про Python!' };
const message = (id: number, role: 'user' | 'assistant', content: string) => ({ id, role, content, created_at: '2026-11-23T10:00:00Z' });

/** A streamed answer the test writes to part by part, as the server's text/event-stream. */
function sseStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  let signal: AbortSignal | undefined;
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    delta: (text: string) => controller.enqueue(encoder.encode(`data: ${JSON.stringify({ delta: text })}\n\n`)),
    /** A frame split across two chunks, as the network may cut it. */
    split: (text: string) => {
      const frame = `data: ${JSON.stringify({ delta: text })}\n\n`;
      controller.enqueue(encoder.encode(frame.slice(0, 9)));
      controller.enqueue(encoder.encode(frame.slice(9)));
    },
    done: (data: unknown) => {
      controller.enqueue(encoder.encode(`event: done\ndata: ${JSON.stringify(data)}\n\n`));
      controller.close();
    },
    error: (data: unknown) => {
      controller.enqueue(encoder.encode(`event: error\ndata: ${JSON.stringify(data)}\n\n`));
      controller.close();
    },
    set signal(value: AbortSignal | undefined) {
      signal = value;
    },
    get signal() {
      return signal;
    },
  };
}

function routes(extra: Record<string, (request: SentRequest) => Response | Promise<Response>> = {}) {
  return {
    'GET Alpha/chatgpt/user_welcome_message/': () => json(WELCOME),
    'GET Alpha/chatgpt/latest_chats/': () => json({ 7: { order: 2, chat_name: 'Про списки' }, 9: { order: 1, chat_name: 'Функции' } }),
    'GET Alpha/chatgpt/latest_messages/9/': () => json({ results: [message(1, 'user', 'Что такое def?'), message(2, 'assistant', 'Объявление функции.')], has_more: false }),
    'GET Alpha/chatgpt/latest_messages/7/': () => json({ results: [], has_more: false }),
    ...extra,
  };
}

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'token-a', refresh: 'r', userId: 1, email: 'teacher@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Teacher);
});

const composer = () => screen.getByRole('textbox', { name: aiChatMessages.composerLabel });

describe('AiChatPanel', () => {
  it('shows the chats (top first), the open chat, and the greeting until it is closed', async () => {
    const { sent } = stubApi(routes({ 'POST Alpha/chatgpt/update_welcome_message/': () => json({ ...WELCOME, show_welcome_message: false }) }));
    render(<AiChatPanel school="Alpha" />);
    expect(screen.getByText(aiChatMessages.loading)).toBeTruthy();
    await screen.findByText('Объявление функции.');
    const list = screen.getByRole('complementary', { name: 'Чаты' });
    expect(within(list).getAllByRole('button', { name: /^(Функции|Про списки)$/ }).map((b) => b.textContent)).toEqual(['Функции', 'Про списки']);
    expect(within(list).getByRole('button', { name: 'Функции' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('Что такое def?')).toBeTruthy();

    const note = screen.getByRole('note', { name: aiChatMessages.welcomeTitle });
    expect(note.textContent).toContain('Спрашивайте про Python!');
    fireEvent.click(within(note).getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByRole('note')).toBeNull();
    await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === 'Alpha/chatgpt/update_welcome_message/')).toBe(true));
    expect(sent.find((r) => r.path === 'Alpha/chatgpt/update_welcome_message/')!.body).toEqual({ show_welcome_message: false });

    fireEvent.click(within(list).getByRole('button', { name: 'Про списки' }));
    await waitFor(() => expect(screen.queryByText('Объявление функции.')).toBeNull());
  });

  it('shows the answer part by part as it streams, then the stored messages', async () => {
    const stream = sseStream();
    const { sent } = stubApi(
      routes({
        'POST Alpha/chatgpt/send_message/': () => stream.response(),
        'GET Alpha/chatgpt/latest_chats/': () => json({ 9: { order: 1, chat_name: 'Функции' } }),
      }),
    );
    render(<AiChatPanel school="Alpha" />);
    await screen.findByText('Объявление функции.');
    fireEvent.change(composer(), { target: { value: '  А лямбды?  ' } });
    fireEvent.change(screen.getByRole('combobox', { name: aiChatMessages.language }), { target: { value: 'ENG' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    await screen.findByText('А лямбды?');
    expect(screen.getByTestId('ai-draft').textContent).toBe(aiChatMessages.answering);
    expect(screen.getByRole('button', { name: 'Остановить' })).toBeTruthy();
    const request = sent.find((r) => r.path === 'Alpha/chatgpt/send_message/')!;
    expect(request.body).toEqual({ message: 'А лямбды?', overai_chat_id: 9, language: 'ENG' });
    expect(request.headers.get('authorization')).toBe('Bearer token-a');
    expect((composer() as HTMLTextAreaElement).value).toBe('');

    act(() => stream.delta('Лямбда — '));
    await waitFor(() => expect(screen.getByTestId('ai-draft').textContent).toBe('Лямбда — '));
    act(() => stream.split('анонимная функция.'));
    await waitFor(() => expect(screen.getByTestId('ai-draft').textContent).toBe('Лямбда — анонимная функция.'));

    act(() => stream.done({ question: message(3, 'user', 'А лямбды?'), answer: message(4, 'assistant', 'Лямбда — анонимная функция.') }));
    await waitFor(() => expect(screen.queryByTestId('ai-draft')).toBeNull());
    const shown = screen.getAllByRole('listitem').filter((li) => li.classList.contains('ai-chat-message'));
    expect(shown.map((li) => li.querySelector('p')!.textContent)).toEqual(['Что такое def?', 'Объявление функции.', 'А лямбды?', 'Лямбда — анонимная функция.']);
    expect(screen.getByRole('button', { name: 'Отправить' })).toBeTruthy();
  });

  it('creates a chat first when there is none, and stops an answer with «Остановить», keeping what came', async () => {
    const stream = sseStream();
    let created = false;
    // The new chat's (empty) history comes only after the answer was stopped, as on a slow network.
    let sendHistory!: () => void;
    const history = new Promise<Response>((resolve) => (sendHistory = () => resolve(json({ results: [], has_more: false }))));
    const { fetch } = stubApi(
      routes({
        'GET Alpha/chatgpt/latest_chats/': () => json(created ? { 12: { order: 1, chat_name: 'Новый чат' } } : {}),
        'GET Alpha/chatgpt/latest_messages/12/': () => history,
        'POST Alpha/chatgpt/create_chat/': () => {
          created = true;
          return json({ overai_chat_id: 12, chat_name: 'Новый чат', order: 1 }, 201);
        },
        'POST Alpha/chatgpt/send_message/': () => stream.response(),
      }),
    );
    render(<AiChatPanel school="Alpha" />);
    await screen.findByText(aiChatMessages.noChats);
    fireEvent.change(composer(), { target: { value: 'Привет' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await screen.findByText('Привет');
    const init = fetch.mock.calls.find(([url]) => String(url).includes('send_message'))![1]!;
    expect(JSON.parse(init.body as string)).toMatchObject({ overai_chat_id: 12 });
    act(() => stream.delta('Здравствуйте'));
    await waitFor(() => expect(screen.getByTestId('ai-draft').textContent).toBe('Здравствуйте'));

    fireEvent.click(screen.getByRole('button', { name: 'Остановить' }));
    expect(init.signal!.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('ai-draft')).toBeNull());
    expect(screen.getByText('Здравствуйте')).toBeTruthy();
    await act(async () => {
      sendHistory();
      await history;
    });
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('latest_messages/12/'))).toBe(true));
    // The late history keeps the question and what came of the answer.
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('ai-chat-message')).map((li) => li.querySelector('p')!.textContent)).toEqual(['Привет', 'Здравствуйте']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the assistant is not configured (503 AI_NOT_CONFIGURED)', async () => {
    stubApi(routes({ 'GET Alpha/chatgpt/user_welcome_message/': () => json({ code: 'AI_NOT_CONFIGURED', message: 'ИИ-ассистент не настроен' }, 503) }));
    render(<AiChatPanel school="Alpha" />);
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('ИИ-ассистент не настроен');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows the quota refusal (429) and a failed answer in Russian, and keeps the question to edit', async () => {
    let answer: () => Response = () => json({ code: 'AI_QUOTA_EXCEEDED', message: aiChatMessages.quotaExceeded }, 429);
    stubApi(routes({ 'POST Alpha/chatgpt/send_message/': () => answer() }));
    render(<AiChatPanel school="Alpha" />);
    await screen.findByText('Объявление функции.');
    fireEvent.change(composer(), { target: { value: 'Ещё вопрос' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect((await screen.findByRole('alert')).textContent).toBe(aiChatMessages.quotaExceeded);
    // The question goes back into the composer, to send again later.
    expect((composer() as HTMLTextAreaElement).value).toBe('Ещё вопрос');
    expect(screen.queryByText('Ещё вопрос', { selector: 'p' })).toBeNull();

    const stream = sseStream();
    answer = () => stream.response();
    fireEvent.change(composer(), { target: { value: 'И ещё' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await screen.findByTestId('ai-draft');
    act(() => stream.error({ code: 'AI_UPSTREAM_ERROR', message: aiChatMessages.upstreamError }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(aiChatMessages.upstreamError));
  });

  it('offers a retry when the chats fail to load', async () => {
    let fail = true;
    stubApi(routes({ 'GET Alpha/chatgpt/latest_chats/': () => (fail ? json({ code: 'INTERNAL_ERROR', message: 'x' }, 500) : json({})) }));
    render(<AiChatPanel school="Alpha" />);
    expect((await screen.findByRole('alert')).textContent).toContain(aiChatMessages.loadError);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByText(aiChatMessages.noChats);
  });

  it('moves a chat up and deletes one', async () => {
    let chats: Record<string, { order: number; chat_name: string }> = { 7: { order: 2, chat_name: 'Про списки' }, 9: { order: 1, chat_name: 'Функции' } };
    const { sent } = stubApi(
      routes({
        'GET Alpha/chatgpt/latest_chats/': () => json(chats),
        'POST Alpha/chatgpt/assign_chat_order/': () => {
          chats = { 7: { order: 1, chat_name: 'Про списки' }, 9: { order: 2, chat_name: 'Функции' } };
          return json(chats);
        },
        'POST Alpha/chatgpt/delete_chat/': () => {
          chats = { 9: { order: 1, chat_name: 'Функции' } };
          return json({ message: 'Чат успешно удален' });
        },
      }),
    );
    render(<AiChatPanel school="Alpha" />);
    await screen.findByText('Объявление функции.');
    fireEvent.click(screen.getByRole('button', { name: 'Поднять чат «Про списки»' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^(Функции|Про списки)$/ }).map((b) => b.textContent)).toEqual(['Про списки', 'Функции']));
    expect(sent.find((r) => r.path === 'Alpha/chatgpt/assign_chat_order/')!.body).toEqual({ 7: { order: 1 }, 9: { order: 2 } });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить чат «Про списки»' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Про списки' })).toBeNull());
    expect(sent.find((r) => r.path === 'Alpha/chatgpt/delete_chat/')!.body).toEqual({ chat_id: 7 });
  });
});

describe('AiAssistantLauncher', () => {
  it('opens the panel beside the page and closes it with Escape, giving the focus back', async () => {
    stubApi(routes());
    render(<AiAssistantLauncher school="Alpha" />);
    const button = screen.getByRole('button', { name: 'ИИ-ассистент' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: aiChatMessages.title });
    await within(dialog).findByText('Объявление функции.');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: aiChatMessages.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the greeting editor', () => {
  it("lets an admin change the school's greeting, and shows the server's refusal", async () => {
    setRole(Role.Admin);
    let refuse = false;
    const { sent } = stubApi(
      routes({
        'POST Alpha/chatgpt/update_welcome_message/': (request) =>
          refuse
            ? json({ code: 'VALIDATION_ERROR', message: 'Проверьте правильность заполнения полей.', fields: { welcome_message: ['Не длиннее 2000 символов.'] } }, 400)
            : json({ show_welcome_message: true, welcome_message: (request.body as { welcome_message: string }).welcome_message }),
      }),
    );
    render(<AiChatPanel school="Alpha" />);
    await screen.findByText('Объявление функции.');
    fireEvent.click(screen.getByText(aiChatMessages.welcomeEdit, { selector: 'summary' }));
    const field = screen.getByRole('textbox', { name: aiChatMessages.welcomeEdit });
    expect((field as HTMLTextAreaElement).value).toBe('Спрашивайте про Python!');
    fireEvent.change(field, { target: { value: '  Добро пожаловать в школу!  ' } });
    fireEvent.click(screen.getByRole('button', { name: aiChatMessages.welcomeSave }));
    expect((await screen.findByRole('status')).textContent).toContain(aiChatMessages.welcomeSaved);
    expect(sent.find((r) => r.path === 'Alpha/chatgpt/update_welcome_message/')!.body).toEqual({ welcome_message: 'Добро пожаловать в школу!' });
    expect(screen.getByRole('note', { name: aiChatMessages.welcomeTitle }).textContent).toContain('Добро пожаловать в школу!');

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: aiChatMessages.welcomeSave }));
    expect((await screen.findByRole('alert')).textContent).toBe('Не длиннее 2000 символов.');
  });

  it('is not shown to a teacher', async () => {
    stubApi(routes());
    render(<AiChatPanel school="Alpha" />);
    await screen.findByText('Объявление функции.');
    expect(screen.queryByText(aiChatMessages.welcomeEdit)).toBeNull();
  });
});
