import { $school, $unread, ApiError, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, setUnread, signIn, type ChatMessage } from '#core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, stubApi, type SentRequest } from '../../../../tests/helpers/api-stub.ts';
import { FakeWebSocket } from '../../../../tests/helpers/fake-websocket.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $router } from '../../router.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';
import { uploadAttachment, type Chat } from './chat-api.ts';
import { closeChatConnection } from './chat-connection.ts';
import ChatPage from './chat-page.tsx';
import { ChatUnreadBadge } from './chat-unread-badge.tsx';
import { WriteToChatButton } from './write-to-chat-button.tsx';

vi.mock('../../ui/upload-with-progress.ts', () => ({ uploadWithProgress: vi.fn() }));

const ME = 1;
/** A chat link in the list as heard: its accessible name is its visible text (issue 25); here the name and the unread count. */
const chatLabel = (link: HTMLElement) => [link.querySelector('.chat-list-name')?.textContent, link.querySelector('.chat-unread .visually-hidden')?.textContent].filter(Boolean).join(', ');
const message = (id: number, own: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chat_id: 'c1',
  author: { id: 2, name: 'Ирина Ученица', avatar: null },
  text: `Сообщение ${id}`,
  files: [],
  created_at: `2026-03-05T10:${String(id % 60).padStart(2, '0')}:00Z`,
  ...own,
});
const chat = (id: string, own: Partial<Chat> = {}): Chat => ({
  id,
  type: 'personal',
  name: `Чат ${id}`,
  group_id: null,
  members: 2,
  last_message: null,
  unread: 0,
  updated_at: '2026-03-01T10:00:00Z',
  ...own,
});
const chatsPage = (chats: Chat[], totalUnread = 0) => json({ count: chats.length, next: null, previous: null, results: chats, total_unread: totalUnread });
const messagesPage = (results: ChatMessage[], hasMore = false) => json({ results, has_more: hasMore });
/** The query of a recorded request, read from the fetch call's URL. */
const queryOf = (fetch: { mock: { calls: unknown[][] } }, index: number) => Object.fromEntries(new URL(String(fetch.mock.calls[index]![0]), 'http://x').searchParams);
const threadList = () => screen.getByRole('list', { name: 'Переписка' });
const typeAndEnter = (text: string, shiftKey = false) => {
  const box = screen.getByLabelText('Сообщение');
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter', shiftKey });
};

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: ME, email: 'teacher@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Teacher);
  setUnread({ messages: 0 });
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.mocked(uploadWithProgress).mockReset();
});
afterEach(() => {
  cleanup();
  closeChatConnection();
  vi.useRealTimers();
});

describe('ChatPage: the list', () => {
  it('shows loading, then the chats newest first with their last message and unread count', async () => {
    stubApi({
      'GET Alpha/chats/': () =>
        chatsPage(
          [
            chat('old', { name: 'Группа Python', type: 'group', members: 12, updated_at: '2026-03-01T09:00:00Z' }),
            chat('c1', { name: 'Ирина Ученица', last_message: message(4), unread: 3, updated_at: '2026-03-05T10:04:00Z' }),
            chat('mine', { name: 'Олег', last_message: message(9, { chat_id: 'mine', author: { id: ME, name: 'Я', avatar: null }, text: 'Жду работу' }), updated_at: '2026-03-04T10:00:00Z' }),
          ],
          3,
        ),
    });
    render(<ChatPage school="Alpha" chatId={null} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Чат' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    const list = await screen.findByRole('list', { name: 'Чаты' });
    const links = within(list).getAllByRole('link');
    expect(links.map(chatLabel)).toEqual(['Ирина Ученица, 3 непрочитанных сообщения', 'Олег', 'Группа Python']);
    // Label in name (WCAG 2.5.3): each link is named by what it shows, no aria-label of other words.
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([null, null, null]);
    expect(within(list).getByRole('link', { name: /^Ирина Ученица .*Сообщение 4 3 непрочитанных сообщения$/ })).toBe(links[0]);
    expect(links[0]!.getAttribute('href')).toBe('/school/Alpha/chat/c1');
    expect(within(links[0]!).getByText('Сообщение 4')).toBeTruthy();
    expect(within(links[0]!).getByText('3')).toBeTruthy();
    expect(within(links[1]!).getByText('Вы: Жду работу')).toBeTruthy();
    expect(within(links[2]!).getByText('Нет сообщений')).toBeTruthy();
    expect(screen.getByText('Выберите чат, чтобы открыть переписку.')).toBeTruthy();
    expect($unread.get().messages).toBe(3);
    // Teachers start chats.
    expect(screen.getByRole('button', { name: 'Новый чат' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Написать' })).toBeTruthy();
  });

  it('says when there are no chats, and a student starts none', async () => {
    setRole(Role.Student);
    stubApi({ 'GET Alpha/chats/': () => chatsPage([]) });
    render(<ChatPage school="Alpha" chatId={null} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Чатов пока нет' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Новый чат' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Написать' })).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    stubApi({
      'GET Alpha/chats/': () => (fail ? json({ code: 'FORBIDDEN', message: 'Сервер недоступен.' }, 403) : chatsPage([chat('c1', { name: 'Ирина' })])),
    });
    render(<ChatPage school="Alpha" chatId={null} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Сервер недоступен.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: /^Ирина / })).toBeTruthy();
  });
});

describe('ChatPage: more chats («Показать ещё»)', () => {
  /** A page of the list; `more`: the server has one after it. */
  const listPage = (chats: Chat[], more: boolean) => json({ count: 0, next: more ? '/api/Alpha/chats/?p=next&s=50' : null, previous: null, results: chats, total_unread: 0 });
  const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00Z`;
  const listLabels = () => within(screen.getByRole('list', { name: 'Чаты' })).getAllByRole('link').map(chatLabel);
  /** The pages of the list asked for, in order. */
  const pagesAsked = (sent: SentRequest[], fetch: { mock: { calls: unknown[][] } }) => sent.flatMap((request, i) => (request.path === 'Alpha/chats/' ? [queryOf(fetch, i).p] : []));

  it('adds the next page under the list, a chat on both pages once, and is gone after the last page', async () => {
    const second = deferred<Response>();
    const { sent, fetch } = stubApi({
      'GET Alpha/chats/': (request) => {
        const { p } = queryOf(fetch, sent.indexOf(request));
        if (p === '1') return listPage([chat('a', { updated_at: at(9) }), chat('b', { updated_at: at(8), unread: 2 })], true);
        if (p === '2') return second.promise;
        return listPage([chat('e', { updated_at: at(1) })], false);
      },
    });
    render(<ChatPage school="Alpha" chatId={null} />);
    const more = await screen.findByRole('button', { name: 'Показать ещё' });
    expect(listLabels()).toEqual(['Чат a', 'Чат b, 2 непрочитанных сообщения']);
    more.focus();
    fireEvent.click(more);
    const busy = screen.getByRole('button', { name: 'Загрузка…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    // «b» slid onto the second page (a chat moved up meanwhile): it stays once, as shown.
    await act(async () => second.resolve(listPage([chat('b', { updated_at: at(8) }), chat('c', { updated_at: at(7) }), chat('d', { updated_at: at(6) })], true)));
    expect(listLabels()).toEqual(['Чат a', 'Чат b, 2 непрочитанных сообщения', 'Чат c', 'Чат d']);
    // The focus goes to the first chat added, from the button disabled while it loaded.
    await expect.poll(() => document.activeElement?.querySelector('.chat-list-name')?.textContent).toBe('Чат c');
    const again = screen.getByRole('button', { name: 'Показать ещё' });
    expect((again as HTMLButtonElement).disabled).toBe(false);
    expect(again.getAttribute('aria-busy')).toBeNull();

    fireEvent.click(again);
    expect(await screen.findByRole('link', { name: /^Чат e / })).toBeTruthy();
    expect(listLabels()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Загрузка…' })).toBeNull();
    expect(pagesAsked(sent, fetch)).toEqual(['1', '2', '3']);
    expect(queryOf(fetch, sent.findIndex((request, i) => request.path === 'Alpha/chats/' && queryOf(fetch, i).p === '2'))).toEqual({ p: '2', s: '50' });
  });

  it('has no button when the first page is the only one', async () => {
    stubApi({ 'GET Alpha/chats/': () => listPage([chat('a')], false) });
    render(<ChatPage school="Alpha" chatId={null} />);
    await screen.findByRole('link', { name: /^Чат a / });
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('says why the next page failed and reads it again on «Повторить», the chats shown kept', async () => {
    let fail = true;
    const { sent, fetch } = stubApi({
      'GET Alpha/chats/': (request) => {
        if (queryOf(fetch, sent.indexOf(request)).p === '1') return listPage([chat('a', { updated_at: at(9) })], true);
        return fail ? json({ code: 'INTERNAL', message: 'Сервер недоступен.' }, 500) : listPage([chat('c', { updated_at: at(7) })], false);
      },
    });
    render(<ChatPage school="Alpha" chatId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    // A server failure reads as the client's own words for it.
    expect((await screen.findByRole('alert')).textContent).toContain('Следующие чаты не загрузились: Что-то пошло не так на сервере. Попробуйте ещё раз через минуту.');
    expect(listLabels()).toEqual(['Чат a']);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: /^Чат c / })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(listLabels()).toEqual(['Чат a', 'Чат c']);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    expect(pagesAsked(sent, fetch)).toEqual(['1', '2', '2']);
  });

  it('keeps live updates on the chats added: a message moves one up with its unread count, and the first page read again keeps them', async () => {
    let first = [chat('a', { updated_at: at(9) }), chat('b', { updated_at: at(8) })];
    const { sent, fetch } = stubApi({
      'GET Alpha/chats/': (request) => {
        const { p } = queryOf(fetch, sent.indexOf(request));
        if (p === '1') return listPage(first, true);
        if (p === '2') return listPage([chat('c', { updated_at: at(7) }), chat('d', { updated_at: at(6) })], true);
        return listPage([], false);
      },
    });
    render(<ChatPage school="Alpha" chatId={null} />);
    await screen.findByRole('link', { name: /^Чат a / });
    act(() => FakeWebSocket.last.accept());
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await screen.findByRole('link', { name: /^Чат d / });

    act(() => FakeWebSocket.last.frame({ type: 'message', message: message(7, { chat_id: 'd', text: 'Новое в d', created_at: at(10) }) }));
    expect(listLabels()).toEqual(['Чат d, 1 непрочитанное сообщение', 'Чат a', 'Чат b', 'Чат c']);
    expect(within(screen.getByRole('link', { name: /Чат d/ })).getByText('Новое в d')).toBeTruthy();
    expect(pagesAsked(sent, fetch)).toEqual(['1', '2']);

    // A message in a chat not shown reads the first page again: its chats as they are now, the added ones kept.
    first = [chat('z', { updated_at: at(11), unread: 1 }), chat('d', { updated_at: at(10), unread: 1, last_message: message(7, { chat_id: 'd', text: 'Новое в d' }) }), chat('a', { updated_at: at(9) })];
    act(() => FakeWebSocket.last.frame({ type: 'message', message: message(8, { chat_id: 'z', created_at: at(11) }) }));
    await screen.findByRole('link', { name: /^Чат z .* 1 непрочитанное сообщение$/ });
    expect(listLabels()).toEqual(['Чат z, 1 непрочитанное сообщение', 'Чат d, 1 непрочитанное сообщение', 'Чат a', 'Чат b', 'Чат c']);
    // The pages read so far are kept: the next one asked for is the third.
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect.poll(() => screen.queryByRole('button', { name: /Показать ещё|Загрузка…/ })).toBeNull();
    expect(pagesAsked(sent, fetch)).toEqual(['1', '2', '1', '3']);
  });
});

describe('ChatPage: a thread', () => {
  it('opens a chat: its newest messages, «Показать ранние» for earlier ones, and a read marker', async () => {
    setUnread({ messages: 5 });
    const { sent, fetch } = stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('c1', { name: 'Ирина Ученица', last_message: message(52), unread: 2 })], 5),
      'GET Alpha/chats/c1/messages/': (request) => {
        const index = sent.indexOf(request);
        const { before } = queryOf(fetch, index);
        return before ? messagesPage([message(1), message(2)], false) : messagesPage([message(51), message(52, { author: { id: ME, name: 'Я', avatar: null }, text: 'Моё' })], true);
      },
      'PATCH Alpha/chats/c1/': () => json(chat('c1')),
    });
    render(<ChatPage school="Alpha" chatId="c1" />);
    const thread = await screen.findByRole('region', { name: 'Ирина Ученица' });
    expect(within(thread).getByText('Личный чат')).toBeTruthy();
    await within(thread).findByText('Сообщение 51');
    expect(within(threadList()).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Ирина Ученица'), expect.stringContaining('Вы')]);
    // Read up to the newest message, and the counts follow.
    await expect.poll(() => sent.find((request) => request.method === 'PATCH')?.body).toEqual({ last_read_id: 52 });
    expect(sent.find((request) => request.method === 'PATCH')!.path).toBe('Alpha/chats/c1/');
    expect($unread.get().messages).toBe(3);
    expect(await screen.findByRole('link', { name: /^Ирина Ученица / })).toBeTruthy();

    fireEvent.click(within(thread).getByRole('button', { name: 'Показать ранние' }));
    await within(thread).findByText('Сообщение 1');
    expect(within(threadList()).getAllByRole('listitem')).toHaveLength(4);
    expect(within(thread).queryByRole('button', { name: 'Показать ранние' })).toBeNull();
    const earlier = sent.findIndex((request, i) => request.path === 'Alpha/chats/c1/messages/' && queryOf(fetch, i).before);
    expect(queryOf(fetch, earlier)).toEqual({ before: '51', limit: '50' });
    // One marker: the earlier messages are older than what was read.
    expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it('marks nothing read while the page is hidden, and marks it once the page shows again', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { sent } = stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('c1', { name: 'Ирина', unread: 1 })], 1),
      'GET Alpha/chats/c1/messages/': () => messagesPage([message(7)]),
      'PATCH Alpha/chats/c1/': () => json(chat('c1')),
    });
    render(<ChatPage school="Alpha" chatId="c1" />);
    await screen.findByText('Сообщение 7');
    await screen.findByRole('link', { name: /^Ирина .* 1 непрочитанное сообщение$/ });
    expect(sent.some((request) => request.method === 'PATCH')).toBe(false);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => sent.find((request) => request.method === 'PATCH')?.body).toEqual({ last_read_id: 7 });
    expect(await screen.findByRole('link', { name: /^Ирина / })).toBeTruthy();
    expect($unread.get().messages).toBe(0);
  });

  it("lets an admin read a group's chat without a composer (admins only read group chats)", async () => {
    setRole(Role.Admin);
    stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('g1', { type: 'group', name: 'Поток 1', members: 14 })]),
      'GET Alpha/chats/g1/messages/': () => messagesPage([message(3, { chat_id: 'g1' })]),
      'PATCH Alpha/chats/g1/': () => json(chat('g1')),
    });
    render(<ChatPage school="Alpha" chatId="g1" />);
    const thread = await screen.findByRole('region', { name: 'Поток 1' });
    expect(within(thread).getByText('Чат группы, 14 участников')).toBeTruthy();
    await within(thread).findByText('Сообщение 3');
    expect(within(thread).getByText('Чат группы: администраторы читают его, но не пишут в него.')).toBeTruthy();
    expect(within(thread).queryByLabelText('Сообщение')).toBeNull();
  });

  it('shows a thread that failed to load with a retry', async () => {
    let fail = true;
    stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('c1', { name: 'Ирина' })]),
      'GET Alpha/chats/c1/messages/': () => (fail ? json({ code: 'FORBIDDEN', message: 'Нет доступа к чату.' }, 403) : messagesPage([message(3)])),
      'PATCH Alpha/chats/c1/': () => json(chat('c1')),
    });
    render(<ChatPage school="Alpha" chatId="c1" />);
    const thread = await screen.findByRole('region', { name: 'Ирина' });
    expect((await within(thread).findByRole('alert')).textContent).toContain('Нет доступа к чату.');
    fail = false;
    fireEvent.click(within(thread).getByRole('button', { name: 'Повторить' }));
    expect(await within(thread).findByText('Сообщение 3')).toBeTruthy();
    expect(within(thread).queryByRole('alert')).toBeNull();
  });

  it('says when a chat has no messages yet, and reads a chat that is not on the list by its id', async () => {
    stubApi({
      'GET Alpha/chats/': () => chatsPage([]),
      'GET Alpha/chats/new/': () => json(chat('new', { name: 'Новый ученик' })),
      'GET Alpha/chats/new/messages/': () => messagesPage([]),
    });
    render(<ChatPage school="Alpha" chatId="new" />);
    const thread = await screen.findByRole('region', { name: 'Новый ученик' });
    expect(await within(thread).findByRole('heading', { name: 'Сообщений пока нет' })).toBeTruthy();
  });

  it('sends with Enter (Shift+Enter is a new line), shows the message and moves its chat up', async () => {
    let answer = () => json(message(60, { author: { id: ME, name: 'Я', avatar: null }, text: 'Привет!\nКак дела?' }), 201);
    const { sent } = stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('c2', { name: 'Другой', updated_at: '2026-03-05T00:00:00Z' }), chat('c1', { name: 'Ирина Ученица', updated_at: '2026-01-01T00:00:00Z' })]),
      'GET Alpha/chats/c1/messages/': () => messagesPage([message(5)]),
      'POST Alpha/chats/c1/messages/': () => answer(),
      'PATCH Alpha/chats/c1/': () => json(chat('c1')),
    });
    render(<ChatPage school="Alpha" chatId="c1" />);
    await screen.findByText('Сообщение 5');
    typeAndEnter('Привет!', true);
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    typeAndEnter('Привет!\nКак дела?');
    await screen.findByText((_, element) => element?.className === 'chat-message-text' && element.textContent === 'Привет!\nКак дела?');
    expect(sent.find((request) => request.method === 'POST')).toMatchObject({ path: 'Alpha/chats/c1/messages/', body: { text: 'Привет!\nКак дела?' } });
    expect((screen.getByLabelText('Сообщение') as HTMLTextAreaElement).value).toBe('');
    const links = within(screen.getByRole('list', { name: 'Чаты' })).getAllByRole('link');
    expect(chatLabel(links[0]!)).toBe('Ирина Ученица');
    expect(within(links[0]!).getByText('Вы: Привет! Как дела?', { normalizer: (text) => text.replace(/\s+/g, ' ') })).toBeTruthy();

    // An empty message is not sent.
    answer = () => json({}, 500);
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Напишите сообщение или приложите файл.');
  });

  it('keeps the text of a message that could not be sent and says why', async () => {
    const { sent } = stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('c1', { name: 'Ирина' })]),
      'GET Alpha/chats/c1/messages/': () => messagesPage([]),
      'POST Alpha/chats/c1/messages/': () => json({ code: 'VALIDATION', message: 'Проверьте поля.', fields: { text: 'Слишком длинно.' } }, 400),
    });
    render(<ChatPage school="Alpha" chatId="c1" />);
    await screen.findByRole('heading', { name: 'Сообщений пока нет' });
    typeAndEnter('Важный вопрос');
    expect((await screen.findByRole('alert')).textContent).toBe('Сообщение не отправлено: Проверьте поля.');
    expect((screen.getByLabelText('Сообщение') as HTMLTextAreaElement).value).toBe('Важный вопрос');
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('attaches files uploaded first and sends their ids; a failed upload is shown and removed', async () => {
    const upload = deferred<unknown>();
    vi.mocked(uploadWithProgress).mockImplementation(async (_url, form, options) => {
      const file = form.get('file') as File;
      if (file.name === 'bad.exe') throw new ApiError({ status: 400, code: 'INVALID_FILE_TYPE', message: 'Загрузите файл PDF.' });
      options?.onProgress?.(0.5);
      return upload.promise;
    });
    const { sent } = stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('c1', { name: 'Ирина' })]),
      'GET Alpha/chats/c1/messages/': () => messagesPage([]),
      'POST Alpha/chats/c1/messages/': () => json(message(3, { author: { id: ME, name: 'Я', avatar: null }, text: '', files: [{ id: 8, name: 'plan.pdf', size: 2048, url: 'http://x/api/files/8/plan.pdf?t=1' }] }), 201),
    });
    render(<ChatPage school="Alpha" chatId="c1" />);
    await screen.findByRole('heading', { name: 'Сообщений пока нет' });
    fireEvent.change(screen.getByLabelText('Прикрепить файлы'), { target: { files: [new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }), new File(['MZ'], 'bad.exe')] } });
    const files = screen.getByRole('list', { name: 'Прикреплённые файлы' });
    expect(within(files).getByRole('progressbar', { name: 'Загрузка файла plan.pdf…' })).toBeTruthy();
    expect(await within(files).findByText('Файл bad.exe не загружен: Загрузите файл PDF.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Отправить' }) as HTMLButtonElement).disabled).toBe(true);
    const [url, form, options] = vi.mocked(uploadWithProgress).mock.calls[0]!;
    expect(url).toBe('/api/Alpha/chats/c1/files/');
    expect([...form.keys()]).toEqual(['file']);
    expect(options?.headers).toEqual({ Authorization: 'Bearer a' });
    // The name begins with the words the button shows (WCAG 2.5.3), not with a bare «×».
    expect(within(files).getByRole('button', { name: 'Убрать файл: bad.exe' }).textContent).toBe('Убрать');
    fireEvent.click(within(files).getByRole('button', { name: 'Убрать файл: bad.exe' }));
    await act(async () => upload.resolve({ id: 8, name: 'plan.pdf', size: 4, url: 'http://x/8' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByRole('link', { name: 'plan.pdf' })).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ text: '', file_ids: [8] });
    expect(screen.queryByRole('list', { name: 'Прикреплённые файлы' })).toBeNull();
  });
});

describe('uploadAttachment', () => {
  it('renews the token once on a 401 and sends the file again with the new one', async () => {
    vi.mocked(uploadWithProgress)
      .mockRejectedValueOnce(new ApiError({ status: 401, code: 'TOKEN_EXPIRED', message: 'Сессия истекла' }))
      .mockResolvedValueOnce({ id: 4, name: 'a.png', size: 3, url: 'http://x/4' });
    stubApi({ 'POST token/refresh/': () => json({ access: 'a2', refresh: 'r2' }) });
    await expect(uploadAttachment('Alpha', 'c1', new File(['png'], 'a.png'), () => undefined, new AbortController().signal)).resolves.toEqual({ id: 4, name: 'a.png', size: 3, url: 'http://x/4' });
    expect(vi.mocked(uploadWithProgress).mock.calls.map(([, , options]) => options?.headers)).toEqual([{ Authorization: 'Bearer a' }, { Authorization: 'Bearer a2' }]);
  });
});

describe('ChatPage: live', () => {
  it('appends a live message to the open chat, counts one in another chat as unread and moves it up', async () => {
    const { sent } = stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('c1', { name: 'Ирина', updated_at: '2026-03-05T00:00:00Z' }), chat('c2', { name: 'Олег', updated_at: '2026-03-01T00:00:00Z' })]),
      'GET Alpha/chats/c1/messages/': () => messagesPage([message(5)]),
      'PATCH Alpha/chats/c1/': () => json(chat('c1')),
    });
    render(<ChatPage school="Alpha" chatId="c1" />);
    await screen.findByText('Сообщение 5');
    const ws = FakeWebSocket.last;
    expect(ws.url).toMatch(/^ws:\/\/[^/]+\/api\/Alpha\/chats\/ws$/);
    act(() => ws.accept());
    expect(ws.sent).toEqual([{ type: 'auth', token: 'a' }]);

    act(() => ws.frame({ type: 'message', message: message(6, { text: 'Живое сообщение' }) }));
    expect(within(threadList()).getByText('Живое сообщение')).toBeTruthy();
    await expect.poll(() => sent.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ last_read_id: 5 }, { last_read_id: 6 }]);

    act(() => ws.frame({ type: 'message', message: message(7, { chat_id: 'c2', text: 'В другом чате', created_at: '2026-03-06T00:00:00Z' }) }));
    const links = within(screen.getByRole('list', { name: 'Чаты' })).getAllByRole('link');
    expect(links.map(chatLabel)).toEqual(['Олег, 1 непрочитанное сообщение', 'Ирина']);
    expect(within(threadList()).queryByText('В другом чате')).toBeNull();

    // An author whose account is gone.
    act(() => ws.frame({ type: 'message', message: message(10, { author: null, text: 'Без автора' }) }));
    expect(within(threadList()).getByText('Без автора').closest('li')!.textContent).toContain('Пользователь удалён');

    // A message in a chat the list does not know yet reads the list again.
    const lists = sent.filter((request) => request.path === 'Alpha/chats/').length;
    act(() => ws.frame({ type: 'message', message: message(8, { chat_id: 'c9' }) }));
    await expect.poll(() => sent.filter((request) => request.path === 'Alpha/chats/').length).toBe(lists + 1);
  });

  it('shows «…печатает» for five seconds, sends its own typing, and marks own messages read by the other side', async () => {
    stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('c1', { name: 'Ирина' })]),
      'GET Alpha/chats/c1/messages/': () => messagesPage([message(5, { author: { id: ME, name: 'Я', avatar: null }, text: 'Моё' })]),
      'PATCH Alpha/chats/c1/': () => json(chat('c1')),
    });
    render(<ChatPage school="Alpha" chatId="c1" />);
    await screen.findByText('Моё');
    const ws = FakeWebSocket.last;
    act(() => ws.accept());
    vi.useFakeTimers();
    act(() => ws.frame({ type: 'typing', chat_id: 'c1', user: { id: 2, name: 'Ирина' } }));
    act(() => ws.frame({ type: 'typing', chat_id: 'c2', user: { id: 3, name: 'Олег' } }));
    expect(screen.getByText('Ирина …печатает')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Ирина …печатает')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(/печатает/)).toBeNull();
    vi.useRealTimers();

    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: 'Пиш' } });
    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: 'Пишу' } });
    expect(ws.sent.slice(1)).toEqual([{ type: 'typing', chat_id: 'c1' }]);

    expect(screen.queryByText('Прочитано')).toBeNull();
    act(() => ws.frame({ type: 'read', chat_id: 'c1', user_id: 2, last_read_id: 5 }));
    expect(screen.getByText('Прочитано')).toBeTruthy();
  });

  it('after a lost connection says so, comes back and catches up with ?after= and the list', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { sent, fetch } = stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('c1', { name: 'Ирина' })]),
      'GET Alpha/chats/c1/messages/': (request) =>
        queryOf(fetch, sent.indexOf(request)).after ? messagesPage([message(6, { text: 'Пока вас не было' })]) : messagesPage([message(5)]),
      'PATCH Alpha/chats/c1/': () => json(chat('c1')),
      'GET Alpha/chats/unread/': () => json({ total_unread: 0 }),
    });
    render(<ChatPage school="Alpha" chatId="c1" />);
    await screen.findByText('Сообщение 5');
    act(() => FakeWebSocket.last.accept());
    act(() => FakeWebSocket.last.drop(1006));
    expect(screen.getByText('Связь с чатом потеряна. Переподключаемся…')).toBeTruthy();
    const lists = sent.filter((request) => request.path === 'Alpha/chats/').length;
    // Math.random 0: the first reconnect after half a second.
    await expect.poll(() => FakeWebSocket.instances.length, { timeout: 3000 }).toBe(2);
    act(() => FakeWebSocket.last.accept());
    expect(await screen.findByText('Пока вас не было')).toBeTruthy();
    expect(screen.queryByText(/Связь с чатом потеряна/)).toBeNull();
    const catchUp = sent.findIndex((request, i) => request.path === 'Alpha/chats/c1/messages/' && queryOf(fetch, i).after);
    expect(queryOf(fetch, catchUp)).toEqual({ after: '5', limit: '50' });
    await expect.poll(() => sent.filter((request) => request.path === 'Alpha/chats/').length).toBe(lists + 1);
  });
});

describe('ChatUnreadBadge', () => {
  it('shows the total read from the server, then follows the live unread frames', async () => {
    const { sent } = stubApi({ 'GET Alpha/chats/unread/': () => json({ total_unread: 2 }) });
    render(<ChatUnreadBadge school="Alpha" />);
    const badge = await screen.findByTitle('2 непрочитанных сообщения');
    expect(badge.textContent).toBe('2: 2 непрочитанных сообщения');
    expect(sent.map((request: SentRequest) => request.path)).toEqual(['Alpha/chats/unread/']);
    act(() => FakeWebSocket.last.accept());
    act(() => FakeWebSocket.last.frame({ type: 'unread', total_unread: 5 }));
    expect(screen.getByTitle('5 непрочитанных сообщений')).toBeTruthy();
    act(() => FakeWebSocket.last.frame({ type: 'unread', total_unread: 0 }));
    expect(screen.queryByTitle(/непрочитанн/)).toBeNull();
  });
});

describe('the chat connection', () => {
  it('is one per person: another person signed in (or viewed as) gets a socket of their own', async () => {
    const { sent } = stubApi({ 'GET Alpha/chats/unread/': () => json({ total_unread: 0 }) });
    render(<ChatUnreadBadge school="Alpha" />);
    render(<ChatUnreadBadge school="Alpha" />);
    await expect.poll(() => sent.length).toBe(2);
    expect(FakeWebSocket.instances).toHaveLength(1);
    const first = FakeWebSocket.last;
    act(() => signIn({ access: 'other', refresh: 'r', userId: 77, email: 'student@school.ru' }));
    await expect.poll(() => FakeWebSocket.instances.length).toBe(2);
    expect(first.closedWith).toBe(1000);
    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.sent).toEqual([{ type: 'auth', token: 'other' }]);
  });
});

describe('starting chats', () => {
  const students = () => json({ count: 2, results: [{ student_id: 5, email: 'ira@x.ru', first_name: 'Ирина', last_name: 'Ученица' }, { student_id: 5, email: 'ira@x.ru', first_name: 'Ирина', last_name: 'Ученица' }, { student_id: 6, email: 'oleg@x.ru', first_name: '', last_name: '' }] });

  it('«Новый чат»: a name and members chosen among the students; the new chat opens', async () => {
    const { sent } = stubApi({
      'GET Alpha/chats/': () => chatsPage([]),
      'GET schools/1/stats/': students,
      'POST Alpha/chats/': () => json(chat('new-1', { type: 'custom', name: 'Консультация', members: 3 }), 201),
      'GET Alpha/chats/new-1/messages/': () => messagesPage([]),
    });
    render(<ChatPage school="Alpha" chatId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Новый чат' }));
    const dialog = screen.getByRole('dialog', { name: 'Новый чат' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(within(dialog).getByText('Введите название чата.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: ' Консультация ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Выберите хотя бы одного участника.');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Ирина Ученица/ }));
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await expect.poll(() => $router.get()?.path).toBe('/school/Alpha/chat/new-1');
    expect(sent.find((request) => request.method === 'POST')).toMatchObject({ path: 'Alpha/chats/', body: { name: 'Консультация', member_ids: [5] } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('«Написать»: a student chosen opens the personal chat with them', async () => {
    const { sent } = stubApi({
      'GET Alpha/chats/': () => chatsPage([]),
      'GET schools/1/stats/': students,
      'POST Alpha/chats/create_personal_chat/': () => json(chat('p-6', { name: 'oleg@x.ru' })),
    });
    render(<ChatPage school="Alpha" chatId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Написать' }));
    const dialog = screen.getByRole('dialog', { name: 'Написать ученику' });
    fireEvent.change(within(dialog).getByLabelText('Поиск учеников'), { target: { value: 'oleg' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'oleg@x.ru' }));
    await expect.poll(() => $router.get()?.path).toBe('/school/Alpha/chat/p-6');
    expect(sent.find((request) => request.method === 'POST')).toMatchObject({ body: { student_id: 6 } });
  });

  it('«Написать ученику» / «Написать преподавателю» elsewhere opens the personal chat, or says why not', async () => {
    const { sent } = stubApi({
      'POST Alpha/chats/create_personal_chat/': (request) =>
        (request.body as { teacher_id?: number }).teacher_id ? json({ code: 'FORBIDDEN', message: 'Недостаточно прав.' }, 403) : json(chat('p-5')),
    });
    render(
      <>
        <WriteToChatButton school="Alpha" to={{ studentId: 5 }} />
        <WriteToChatButton school="Alpha" to={{ teacherId: 3 }} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Написать ученику' }));
    await expect.poll(() => $router.get()?.path).toBe('/school/Alpha/chat/p-5');
    fireEvent.click(screen.getByRole('button', { name: 'Написать преподавателю' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Недостаточно прав.');
    expect(sent.map((request) => request.body)).toEqual([{ student_id: 5 }, { teacher_id: 3 }]);
  });
});

describe('ChatPage: renaming a custom chat', () => {
  const custom = (id: string, own: Partial<Chat> = {}) => chat(id, { type: 'custom', name: 'Проект', members: 4, updated_at: '2026-03-05T10:00:00Z', ...own });
  /** The list's labels, as the sidebar shows them. */
  const listLabels = () => within(screen.getByRole('list', { name: 'Чаты' })).getAllByRole('link').map(chatLabel);
  const threadHeading = () => document.querySelector('.chat-thread-head h2')?.textContent;
  /** PATCH answers: the read marker as is, a name by `rename`. */
  const patch = (rename: (name: string) => Response | Promise<Response>) => (request: SentRequest) => {
    const body = request.body as { name?: string };
    return body.name === undefined ? json(custom('k1')) : rename(body.name);
  };
  const renames = (sent: SentRequest[]) => sent.filter((request) => request.method === 'PATCH' && (request.body as { name?: string }).name !== undefined).map((request) => request.body);

  it('shows «Переименовать» only on a custom chat, to its admins and teachers', async () => {
    stubApi({
      'GET Alpha/chats/': () => chatsPage([custom('k1'), chat('c1'), chat('g1', { type: 'group', name: 'Группа Python', members: 12 })]),
      'GET Alpha/chats/k1/messages/': () => messagesPage([]),
      'GET Alpha/chats/c1/messages/': () => messagesPage([]),
      'GET Alpha/chats/g1/messages/': () => messagesPage([]),
      'PATCH Alpha/chats/k1/': () => json(custom('k1')),
      'PATCH Alpha/chats/c1/': () => json(chat('c1')),
      'PATCH Alpha/chats/g1/': () => json(chat('g1')),
    });
    const { rerender, unmount } = render(<ChatPage school="Alpha" chatId="k1" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Проект' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Переименовать' })).toBeTruthy();
    for (const [id, name] of [
      ['c1', 'Чат c1'],
      ['g1', 'Группа Python'],
    ] as const) {
      rerender(<ChatPage school="Alpha" chatId={id} />);
      expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Переименовать' })).toBeNull();
    }
    unmount();
    // An admin renames a custom chat too; a student member may not (the server refuses them).
    setRole(Role.Admin);
    const admin = render(<ChatPage school="Alpha" chatId="k1" />);
    expect(await screen.findByRole('button', { name: 'Переименовать' })).toBeTruthy();
    admin.unmount();
    setRole(Role.Student);
    render(<ChatPage school="Alpha" chatId="k1" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Проект' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Переименовать' })).toBeNull();
  });

  it('renames with the name prefilled and trimmed, busy meanwhile; the header and the list show the new name', async () => {
    const answer = deferred<Response>();
    const { sent } = stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('c1', { updated_at: '2026-03-06T10:00:00Z' }), custom('k1', { unread: 2 })]),
      'GET Alpha/chats/k1/messages/': () => messagesPage([message(3, { chat_id: 'k1' })]),
      'PATCH Alpha/chats/k1/': patch(() => answer.promise),
    });
    render(<ChatPage school="Alpha" chatId="k1" />);
    const open = await screen.findByRole('button', { name: 'Переименовать' });
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Переименовать чат' });
    const field = within(dialog).getByLabelText('Название') as HTMLInputElement;
    expect(field.value).toBe('Проект');
    expect(field.maxLength).toBe(255);
    fireEvent.change(field, { target: { value: ' Проект 2 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const busy = await within(dialog).findByRole('button', { name: 'Сохранение…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(renames(sent)).toEqual([{ name: 'Проект 2' }]);
    await act(async () => answer.resolve(json(custom('k1', { name: 'Проект 2', unread: 0 }))));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(threadHeading()).toBe('Проект 2');
    // Only the name changes in the list: the chat keeps its place.
    expect(listLabels()).toEqual(['Чат c1', 'Проект 2']);
    expect(sent.find((request) => request.method === 'PATCH' && (request.body as { name?: string }).name)!.path).toBe('Alpha/chats/k1/');
  });

  it('renames a chat opened by its address but not on the list', async () => {
    stubApi({
      'GET Alpha/chats/': () => chatsPage([chat('c1')]),
      'GET Alpha/chats/k1/': () => json(custom('k1')),
      'GET Alpha/chats/k1/messages/': () => messagesPage([]),
      'PATCH Alpha/chats/k1/': patch((name) => json(custom('k1', { name }))),
    });
    render(<ChatPage school="Alpha" chatId="k1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Переименовать' }));
    const dialog = screen.getByRole('dialog', { name: 'Переименовать чат' });
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Консультация' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Консультация' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses an empty name here and sends nothing; Cancel keeps the old name', async () => {
    const { sent } = stubApi({
      'GET Alpha/chats/': () => chatsPage([custom('k1')]),
      'GET Alpha/chats/k1/messages/': () => messagesPage([]),
      'PATCH Alpha/chats/k1/': patch((name) => json(custom('k1', { name }))),
    });
    render(<ChatPage school="Alpha" chatId="k1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Переименовать' }));
    const dialog = screen.getByRole('dialog', { name: 'Переименовать чат' });
    const field = within(dialog).getByLabelText('Название');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Введите название чата.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('alert').textContent).toBe('Проверьте название.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(threadHeading()).toBe('Проект');
    expect(renames(sent)).toEqual([]);
  });

  it("shows the server's refusal of the name under the field, and another refusal over the form, the name typed kept", async () => {
    let refusal = json({ code: 'VALIDATION_ERROR', message: 'Поле не может быть пустым.', fields: { name: ['Поле не может быть пустым.'] } }, 400);
    const { sent } = stubApi({
      'GET Alpha/chats/': () => chatsPage([custom('k1')]),
      'GET Alpha/chats/k1/messages/': () => messagesPage([]),
      'PATCH Alpha/chats/k1/': patch(() => refusal),
    });
    render(<ChatPage school="Alpha" chatId="k1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Переименовать' }));
    const dialog = screen.getByRole('dialog', { name: 'Переименовать чат' });
    const field = within(dialog).getByLabelText('Название') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'Новое' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const error = await within(dialog).findByText('Поле не может быть пустым.');
    expect(error.className).toBe('field-error');
    expect(field.getAttribute('aria-describedby')).toBe(error.id);
    // Said once, under the field.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(field.value).toBe('Новое');
    expect((within(dialog).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(false);

    refusal = json({ code: 'FORBIDDEN', message: 'У вас нет прав для выполнения этого действия.' }, 403);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('У вас нет прав для выполнения этого действия.');
    expect(within(dialog).queryByText('Поле не может быть пустым.')).toBeNull();
    expect(field.value).toBe('Новое');
    expect(threadHeading()).toBe('Проект');
    expect(renames(sent)).toEqual([{ name: 'Новое' }, { name: 'Новое' }]);
  });

  it('keeps the new name when «Показать ещё» brings the chat again with its old one', async () => {
    const { sent, fetch } = stubApi({
      'GET Alpha/chats/': (request) => {
        const more = queryOf(fetch, sent.indexOf(request)).p === '2';
        const results = more ? [custom('k1'), chat('z', { updated_at: '2026-03-01T10:00:00Z' })] : [chat('a', { updated_at: '2026-03-09T10:00:00Z' }), custom('k1')];
        return json({ count: 3, next: more ? null : '/api/Alpha/chats/?p=2&s=50', previous: null, results, total_unread: 0 });
      },
      'GET Alpha/chats/k1/messages/': () => messagesPage([]),
      'PATCH Alpha/chats/k1/': patch((name) => json(custom('k1', { name }))),
    });
    render(<ChatPage school="Alpha" chatId="k1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Переименовать' }));
    const dialog = screen.getByRole('dialog', { name: 'Переименовать чат' });
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Итоги' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Итоги' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByRole('link', { name: /^Чат z / })).toBeTruthy();
    expect(listLabels()).toEqual(['Чат a', 'Итоги', 'Чат z']);
    expect(threadHeading()).toBe('Итоги');
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });
});
