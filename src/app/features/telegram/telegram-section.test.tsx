import { appMessages, resetUser, signIn, telegramMessages as t } from '#core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import ProfilePage from '../accounts/profile-page.tsx';
import { LINK_POLL_MS, TelegramSection, type TelegramKinds, type TelegramLink } from './telegram-section.tsx';

const UNLINKED: TelegramLink = { linked: false, username: '', linked_at: null, bot_configured: true };
const LINKED: TelegramLink = { linked: true, username: 'anna_tg', linked_at: '2026-11-23T10:00:00.000Z', bot_configured: true };
const ALL: TelegramKinds = { homework: true, checks: true, meetings: true, chat: true };
const CODE = { code: 'AbCdEfGhIjKlMnOpQrStUvWx', bot_link: 'https://t.me/coursehub_bot?start=AbCdEfGhIjKlMnOpQrStUvWx', expires_at: '2999-01-01T00:00:00.000Z' };

/**
 * Waits, with the clock stopped (no timer runs), until `check` passes: the stubbed requests answer
 * and React renders between its tries (testing-library's waitFor would wait on the faked clock).
 */
async function until(check: () => void) {
  for (let tries = 0; ; tries += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (tries >= 200) throw error;
    }
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}

const section = () => within(screen.getByRole('region', { name: t.title }));

async function renderSection(routes: Record<string, Answer>) {
  const api = stubApi({ 'GET tg_notification/tg_notif/': () => json(ALL), ...routes });
  render(<TelegramSection />);
  await screen.findByText(t.intro);
  return api;
}

beforeEach(() => {
  resetUser();
  signIn({ access: 'acc', refresh: 'ref', userId: 7, email: 'anna@example.ru' });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('TelegramSection', () => {
  it('«Подключить Telegram» shows the code and the bot link, then asks until the chat is linked', async () => {
    let linked = false;
    const { sent } = await renderSection({
      'GET telegram/link/': () => json(linked ? LINKED : UNLINKED),
      'POST telegram/link-code/': () => json(CODE),
    });
    expect(section().getByText(t.notConnected)).toBeTruthy();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(section().getByRole('button', { name: t.connect }));
    await until(() => section().getByRole('link', { name: t.openBot }));
    const open = section().getByRole('link', { name: t.openBot });
    expect(open.getAttribute('href')).toBe(CODE.bot_link);
    expect(section().getByText(t.codeHint(CODE.code))).toBeTruthy();
    expect(section().getByRole('status').textContent).toBe(t.waiting);

    const polls = () => sent.filter((r) => r.method === 'GET' && r.path === 'telegram/link/').length;
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(LINK_POLL_MS - 1));
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await until(() => expect(polls()).toBe(2));
    // Not linked yet: the next pause brings another question.
    linked = true;
    await act(() => vi.advanceTimersByTimeAsync(LINK_POLL_MS));
    await until(() => section().getByText(t.connected('anna_tg')));
    expect(polls()).toBe(3);
    expect(section().queryByRole('link', { name: t.openBot })).toBeNull();
    // Linked: no more questions.
    await act(() => vi.advanceTimersByTimeAsync(LINK_POLL_MS * 3));
    expect(polls()).toBe(3);
    expect(section().getByRole('button', { name: t.disconnect })).toBeTruthy();
  });

  it('stops asking once the code has run out, and offers to connect again', async () => {
    const { sent } = await renderSection({
      'GET telegram/link/': () => json(UNLINKED),
      'POST telegram/link-code/': () => json({ ...CODE, bot_link: null, expires_at: new Date(Date.now() + LINK_POLL_MS / 2).toISOString() }),
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(section().getByRole('button', { name: t.connect }));
    await until(() => section().getByText(t.codeHint(CODE.code)));
    // Without a bot on the server there is no link, only the code to send.
    expect(section().queryByRole('link', { name: t.openBot })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(LINK_POLL_MS));
    await until(() => section().getByRole('button', { name: t.connect }));
    expect(section().queryByText(t.codeHint(CODE.code))).toBeNull();
    // The code ran out before the first question: none was asked.
    expect(sent.filter((r) => r.method === 'GET' && r.path === 'telegram/link/')).toHaveLength(1);
  });

  it('«Отключить» unlinks the chat', async () => {
    const { sent } = await renderSection({ 'GET telegram/link/': () => json(LINKED), 'DELETE telegram/link/': () => json(UNLINKED) });
    expect(section().getByText(t.connected('anna_tg'))).toBeTruthy();
    fireEvent.click(section().getByRole('button', { name: t.disconnect }));
    expect(await section().findByRole('button', { name: t.connect })).toBeTruthy();
    expect(section().getByText(t.notConnected)).toBeTruthy();
    expect(sent.some((r) => r.method === 'DELETE' && r.path === 'telegram/link/')).toBe(true);
  });

  it('saves a kind of notice as it is ticked, and puts it back when the server refuses', async () => {
    let refuse = false;
    const { sent } = await renderSection({
      'GET telegram/link/': () => json(LINKED),
      'PATCH tg_notification/tg_notif/': (request) => (refuse ? json({ code: 'IMPERSONATION_READ_ONLY', message: 'Только просмотр.' }, 403) : json({ ...ALL, ...(request.body as object) })),
    });
    const chat = section().getByRole('checkbox', { name: t.kinds.chat }) as HTMLInputElement;
    expect(chat.checked).toBe(true);
    fireEvent.click(chat);
    expect((await section().findByRole('status')).textContent).toBe(t.saved);
    expect(chat.checked).toBe(false);
    expect(sent.find((r) => r.method === 'PATCH')!.body).toEqual({ chat: false });

    refuse = true;
    const checks = section().getByRole('checkbox', { name: t.kinds.checks }) as HTMLInputElement;
    fireEvent.click(checks);
    expect((await section().findByRole('alert')).textContent).toBe('Только просмотр.');
    expect(checks.checked).toBe(true);
  });

  it('offers a retry when its state could not be loaded', async () => {
    let calls = 0;
    stubApi({ 'GET telegram/link/': () => (++calls === 1 ? json({ code: 'X', message: 'Ошибка сервера.' }, 400) : json(UNLINKED)), 'GET tg_notification/tg_notif/': () => json(ALL) });
    render(<TelegramSection />);
    expect((await screen.findByRole('alert')).textContent).toContain('Ошибка сервера.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('button', { name: t.connect })).toBeTruthy();
  });
});

describe('ProfilePage', () => {
  it('has the «Telegram» section below the password', async () => {
    stubApi({
      'GET profile/': () => json({ profile_id: 7, avatar: null, avatar_url: null, city: '', sex: '', description: '', user: { first_name: 'Анна', last_name: '', patronymic: '', email: 'anna@example.ru', phone_number: null, username: 'anna' } }),
      'GET telegram/link/': () => json(UNLINKED),
      'GET tg_notification/tg_notif/': () => json(ALL),
    });
    render(<ProfilePage />);
    await screen.findByRole('heading', { name: appMessages.account.profileTitle });
    expect(await screen.findByRole('button', { name: t.connect })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.at(-1)).toBe(t.title);
  });
});
