import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { AccessLogEntry } from './access-logs-api.ts';
import AccessLogsPage, { checkLogFilters } from './access-logs-page.tsx';
import AccessLogsTab from './access-logs-tab.tsx';

const entry = (id: number, own: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
  id,
  user_id: 5,
  user_email: 'teacher@school.ru',
  impersonator_id: null,
  method: 'GET',
  path: `/api/Alpha/courses/${id}/`,
  status: 200,
  duration_ms: 12,
  ip: '127.0.0.1',
  event: null,
  created_at: '2026-03-05T10:00:07Z',
  ...own,
});
const page = (count: number, ...entries: AccessLogEntry[]) => json({ count, next: null, previous: null, results: entries });
const lastQuery = (fetch: ReturnType<typeof stubApi>['fetch']) => new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x').searchParams;

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AccessLogsPage', () => {
  it('shows loading, then the school\'s requests with who made them', async () => {
    const { fetch } = stubApi({
      'GET api-request-logs/': () =>
        page(3, entry(1), entry(2, { user_id: null, user_email: null, method: 'POST', status: 401, path: '/api/login/' }), entry(3, { user_email: 'student@school.ru', impersonator_id: 9, event: 'impersonation' })),
    });
    render(<AccessLogsPage school="Alpha" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Журнал доступа' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    const table = await screen.findByRole('table', { name: 'Запросы к API школы' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('teacher@school.ru')).toBeTruthy();
    expect(within(rows[0]!).getByText('/api/Alpha/courses/1/')).toBeTruthy();
    expect(within(rows[0]!).getByText(/05\.03\.2026/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Без входа')).toBeTruthy();
    expect(within(rows[1]!).getByText('401').className).toContain('failed');
    expect(within(rows[2]!).getByText(/просмотр от имени, администратор №9/)).toBeTruthy();
    expect(within(rows[2]!).getByText('impersonation')).toBeTruthy();
    expect(screen.getByText('Найдено записей: 3')).toBeTruthy();
    const query = lastQuery(fetch);
    expect([query.get('school'), query.get('p'), query.get('s')]).toEqual(['Alpha', '1', '20']);
  });

  it('sends the well-formed filters, shows the others under their fields, and resets them', async () => {
    const { fetch } = stubApi({ 'GET api-request-logs/': () => page(0) });
    render(<AccessLogsPage school="Alpha" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Записей нет' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Метод'), { target: { value: 'POST' } });
    fireEvent.change(screen.getByLabelText('Код ответа'), { target: { value: '403' } });
    fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('ID пользователя'), { target: { value: '7' } });
    await screen.findByRole('heading', { level: 2, name: 'Ничего не найдено' });
    await expect.poll(() => lastQuery(fetch).get('user_id')).toBe('7');
    const query = lastQuery(fetch);
    expect([query.get('method'), query.get('status'), query.get('date_from'), query.get('p')]).toEqual(['POST', '403', '2026-03-01', '1']);

    // A period ending before it starts is shown and not sent.
    fireEvent.change(screen.getByLabelText('По дату'), { target: { value: '2026-02-01' } });
    expect((await screen.findByText('Конец периода раньше его начала.')).getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('По дату').getAttribute('aria-invalid')).toBe('true');
    expect(lastQuery(fetch).get('date_to')).toBeNull();
    fireEvent.change(screen.getByLabelText('Код ответа'), { target: { value: '42' } });
    expect(await screen.findByText('Код ответа — число от 100 до 599.')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Сбросить фильтры' })[0]!);
    await expect.poll(() => [...lastQuery(fetch).keys()].sort().join()).toBe('p,s,school');
    expect((screen.getByLabelText('Метод') as HTMLSelectElement).value).toBe('');
  });

  it('searches the address a moment after typing, without control characters', async () => {
    const { fetch } = stubApi({ 'GET api-request-logs/': () => page(0) });
    render(<AccessLogsPage school="Alpha" />);
    await screen.findByRole('heading', { level: 2, name: 'Записей нет' });
    vi.useFakeTimers();
    const calls = fetch.mock.calls.length;
    fireEvent.change(screen.getByLabelText('Адрес'), { target: { value: ' course-appeals\u0000 ' } });
    expect(fetch.mock.calls.length).toBe(calls);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    vi.useRealTimers();
    await expect.poll(() => lastQuery(fetch).get('path')).toBe('course-appeals');
  });

  it('shows a failed load with a retry, the count cap, and pages', async () => {
    let calls = 0;
    const { fetch } = stubApi({
      'GET api-request-logs/': () => (++calls === 1 ? json({ code: 'FORBIDDEN', message: 'У вас нет прав для выполнения этого действия.' }, 403) : page(10_000, entry(calls))),
    });
    render(<AccessLogsPage school="Alpha" />);
    expect((await screen.findByRole('alert')).textContent).toContain('У вас нет прав');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Показаны первые 10 000 записей. Сузьте период, чтобы увидеть остальные.')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Страницы' })).getByRole('button', { name: '500' }));
    await expect.poll(() => lastQuery(fetch).get('p')).toBe('500');
  });
});

describe('AccessLogsTab', () => {
  it('is the same log under the settings tab\'s name', async () => {
    setRole(Role.SuperAdmin);
    stubApi({ 'GET api-request-logs/': () => page(1, entry(1)) });
    render(<AccessLogsTab school="Alpha" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Журнал запросов' })).toBeTruthy();
    expect(await screen.findByText('teacher@school.ru')).toBeTruthy();
  });
});

describe('checkLogFilters', () => {
  it('keeps only well-formed values', () => {
    expect(checkLogFilters({ user_id: '0', method: 'TRACE', status: '99', path: '  ', date_from: '2026-02-30', date_to: '' })).toEqual({
      query: {},
      errors: { user_id: 'Введите целое положительное число.', status: 'Код ответа — число от 100 до 599.' },
    });
    expect(checkLogFilters({ user_id: ' 12 ', method: 'DELETE', status: '204', path: 'a'.repeat(300), date_from: '2026-01-01', date_to: '2026-01-01' }).query).toEqual({
      user_id: 12,
      method: 'DELETE',
      status: 204,
      path: 'a'.repeat(200),
      date_from: '2026-01-01',
      date_to: '2026-01-01',
    });
  });
});
