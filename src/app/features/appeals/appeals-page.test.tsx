import { $school, $unread, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, setUnread, signIn } from '#core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { Appeal } from './appeals-api.ts';
import { $toasts } from '../../ui/toasts.tsx';
import AppealsPage from './appeals-page.tsx';
import { UnreadAppealsBadge } from './unread-appeals-badge.tsx';

const appeal = (id: number, own: Partial<Appeal> = {}): Appeal => ({
  id,
  course_id: 1,
  course_name: 'Python с нуля',
  name: `Посетитель ${id}`,
  email: `visitor${id}@example.com`,
  phone: null,
  message: `Сообщение ${id}`,
  is_read: false,
  status: 'new',
  created_at: '2026-03-05T10:00:00Z',
  ...own,
});
const page = (count: number, ...appeals: Appeal[]) => json({ count, next: null, previous: null, results: appeals });
const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
  setUnread({ appeals: 0 });
});

describe('AppealsPage', () => {
  it('shows loading, then the appeals with unread ones marked', async () => {
    const { sent } = stubApi({
      'GET Alpha/course-appeals/': () => page(2, appeal(1, { phone: '+375291112233' }), appeal(2, { is_read: true, status: 'done', email: null, message: '' })),
    });
    render(<AppealsPage school="Alpha" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Заявки' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    await screen.findByRole('rowheader', { name: 'Посетитель 1' });

    const first = row('Посетитель 1');
    expect(within(first).getByText('Не прочитана')).toBeTruthy();
    expect(within(first).getByText('Python с нуля')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'visitor1@example.com' }).getAttribute('href')).toBe('mailto:visitor1@example.com');
    expect(within(first).getByRole('link', { name: '+375291112233' }).getAttribute('href')).toBe('tel:+375291112233');
    expect(within(first).getByText('Сообщение 1')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Отметить прочитанным: Посетитель 1' }).textContent).toBe('Отметить прочитанным');
    expect((within(first).getByRole('combobox', { name: 'Статус: Посетитель 1' }) as HTMLSelectElement).value).toBe('new');

    const second = row('Посетитель 2');
    expect(within(second).queryByText('Не прочитана')).toBeNull();
    expect(within(second).queryByRole('button', { name: /Отметить прочитанным/ })).toBeNull();
    expect(within(second).getByText('Без сообщения')).toBeTruthy();
    expect((within(second).getByRole('combobox', { name: 'Статус: Посетитель 2' }) as HTMLSelectElement).value).toBe('done');
    expect(sent[0]!.path).toBe('Alpha/course-appeals/');
  });

  it('marks an appeal read from its row, and the menu count follows', async () => {
    setUnread({ appeals: 3 });
    const { sent } = stubApi({
      'GET Alpha/course-appeals/': () => page(1, appeal(7)),
      'PATCH Alpha/course-appeals/7/': () => json(appeal(7, { is_read: true })),
    });
    render(<AppealsPage school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Отметить прочитанным: Посетитель 7' }));
    await expect.poll(() => screen.queryByRole('button', { name: /Отметить прочитанным/ })).toBeNull();
    expect(within(row('Посетитель 7')).queryByText('Не прочитана')).toBeNull();
    expect(sent.at(-1)).toMatchObject({ method: 'PATCH', path: 'Alpha/course-appeals/7/', body: { is_read: true } });
    expect($unread.get().appeals).toBe(2);
  });

  it('opens an appeal whole, which marks it read; the dialog changes its status and marks it unread again', async () => {
    setUnread({ appeals: 1 });
    let current = appeal(4, { message: 'Хочу записаться на поток в марте', phone: '+375291112233' });
    const { sent } = stubApi({
      'GET Alpha/course-appeals/': () => page(1, appeal(4, { message: 'Хочу записаться на поток в марте', phone: '+375291112233' })),
      'PATCH Alpha/course-appeals/4/': (request) => {
        current = { ...current, ...(request.body as Partial<Appeal>) };
        if ((request.body as Partial<Appeal>).status && (request.body as Partial<Appeal>).is_read === undefined) current.is_read = true;
        return json(current);
      },
    });
    render(<AppealsPage school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Открыть заявку: Посетитель 4' }));
    const dialog = screen.getByRole('dialog', { name: 'Посетитель 4' });
    expect(within(dialog).getByText('Хочу записаться на поток в марте')).toBeTruthy();
    expect(within(dialog).getByText(/05\.03\.2026/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '+375291112233' })).toBeTruthy();
    await within(dialog).findByRole('button', { name: 'Отметить непрочитанным' });
    expect(sent.at(-1)).toMatchObject({ method: 'PATCH', body: { is_read: true } });
    expect($unread.get().appeals).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('Статус'), { target: { value: 'in_progress' } });
    await expect.poll(() => (within(dialog).getByLabelText('Статус') as HTMLSelectElement).value).toBe('in_progress');
    expect(sent.at(-1)).toMatchObject({ method: 'PATCH', body: { status: 'in_progress' } });
    expect($toasts.get().map((toast) => toast.text)).toContain('Заявка обновлена.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Отметить непрочитанным' }));
    await within(dialog).findByRole('button', { name: 'Отметить прочитанным' });
    expect($unread.get().appeals).toBe(1);
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Закрыть' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The row shows what the dialog changed.
    expect((within(row('Посетитель 4')).getByRole('combobox', { name: 'Статус: Посетитель 4' }) as HTMLSelectElement).value).toBe('in_progress');
  });

  it('filters by status and by unread, and says when nothing matches', async () => {
    const { fetch } = stubApi({
      'GET Alpha/course-appeals/': () => page(0),
    });
    render(<AppealsPage school="Alpha" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Заявок пока нет' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Статус'), { target: { value: 'done' } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Таких заявок нет' })).toBeTruthy();
    let query = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x').searchParams;
    expect(query.get('status')).toBe('done');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Только непрочитанные' }));
    await expect.poll(() => new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x').searchParams.get('is_read')).toBe('false');
    query = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x').searchParams;
    expect([query.get('status'), query.get('p'), query.get('s')]).toEqual(['done', '1', '20']);
  });

  it('shows a failed load with a retry, pages a long list, and shows a refused change', async () => {
    let calls = 0;
    const { fetch } = stubApi({
      'GET Alpha/course-appeals/': () => (++calls === 1 ? json({ code: 'DB_UNAVAILABLE', message: 'внутреннее' }, 503) : page(45, appeal(calls))),
      'PATCH Alpha/course-appeals/2/': () => json({ code: 'APPEAL_NOT_FOUND', message: 'Заявка не найдена.' }, 404),
    });
    render(<AppealsPage school="Alpha" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Отметить прочитанным: Посетитель 2' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Заявка не найдена.');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Страницы' })).getByRole('button', { name: '3' }));
    await screen.findByRole('rowheader', { name: 'Посетитель 3' });
    const query = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x').searchParams;
    expect(query.get('p')).toBe('3');
  });
});

describe('UnreadAppealsBadge', () => {
  it('reads the count once and shows it; nothing when there are none', async () => {
    stubApi({ 'GET Alpha/course-appeals/unread/': () => json({ unread: 3 }) });
    const { container } = render(<UnreadAppealsBadge school="Alpha" />);
    expect(container.textContent).toBe('');
    expect((await screen.findByTitle('3 непрочитанные заявки')).textContent).toBe('3: 3 непрочитанные заявки');
    setUnread({ appeals: 0 });
    await expect.poll(() => container.textContent).toBe('');
  });

  it('stays silent when the count cannot be read', async () => {
    const { sent } = stubApi({ 'GET Alpha/course-appeals/unread/': () => json({ code: 'FORBIDDEN', message: 'Нет прав.' }, 403) });
    const { container } = render(<UnreadAppealsBadge school="Alpha" />);
    await expect.poll(() => sent.length).toBe(1);
    expect(container.textContent).toBe('');
  });
});
