import { $filters, $school, DEFAULT_FILTERS, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { QueueRow } from './homework-review-api.ts';
import HomeworkQueuePage from './homework-queue-page.tsx';
import { $listPages } from './queue-page-store.ts';

const row = (id: number, own: Partial<QueueRow> = {}): QueueRow => ({
  user_homework_id: id,
  user: 30 + id,
  user_first_name: 'Анна',
  user_last_name: 'Иванова',
  user_email: `anna${id}@school.ru`,
  user_avatar: null,
  homework: 9,
  homework_name: 'Калькулятор расходов',
  section_id: 2,
  course_id: 4,
  course_name: 'Python с нуля',
  group_id: 6,
  group_name: 'Поток 1',
  teacher_id: 8,
  teacher_name: 'Мария Ивановна',
  teacher_email: 'teacher@school.ru',
  status: 'pending',
  mark: null,
  last_reply: '2026-03-05T09:00:00.000Z',
  unread: false,
  ...own,
});

const QUEUE = 'GET Alpha/homeworks_stats/';
const OPTIONS = {
  courses: [
    { id: 4, name: 'Python с нуля' },
    { id: 5, name: 'SQL' },
  ],
  groups: [
    { id: 6, name: 'Поток 1', course_id: 4 },
    { id: 7, name: 'SQL-1', course_id: 5 },
  ],
  homeworks: [
    { id: 9, name: 'Калькулятор расходов', course_id: 4 },
    { id: 10, name: 'Запросы', course_id: 5 },
  ],
};
const page = (rows: QueueRow[], count = rows.length) => json({ count, next: null, previous: null, results: rows });

function stubQueue(queue: Answer = () => page([row(1)]), extra: Record<string, Answer> = {}) {
  const stub = stubApi({
    [QUEUE]: queue,
    'GET Alpha/homeworks_stats/filters/': () => json(OPTIONS),
    'GET Alpha/homeworks_stats/teachers/': () => json([{ id: 8, name: 'Мария Ивановна', email: 'teacher@school.ru' }]),
    ...extra,
  });
  /** The queue's requests' query strings, oldest first. */
  const queries = () =>
    stub.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname === '/api/Alpha/homeworks_stats/')
      .map((url) => Object.fromEntries(url.searchParams));
  return { ...stub, queries };
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const table = () => screen.findByRole('table', { name: 'Домашние задания учеников' });

beforeEach(() => {
  localStorage.clear();
  resetUser();
  $filters.set(DEFAULT_FILTERS);
  $listPages.set({});
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 8, email: 'teacher@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Teacher);
});

describe('HomeworkQueuePage', () => {
  it("asks for every status with 'Все статусы', and shows each hand-in's student, work, status, mark and the unread marker", async () => {
    const { queries } = stubQueue(() => page([row(1, { unread: true, mark: 4, status: 'revision' }), row(2, { group_id: null, group_name: null, teacher_id: null, teacher_name: null, teacher_email: null })]));
    render(<HomeworkQueuePage />);
    const rows = within(await table()).getAllByRole('row').slice(1);
    expect(queries()).toEqual([{ p: '1' }]);
    expect(valueOf('Статус')).toBe('Все статусы');

    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Открыть работу: Анна Иванова, «Калькулятор расходов»' }).getAttribute('href')).toBe('/school/Alpha/home-work/9/1/4');
    expect(first.getByText('anna1@school.ru')).toBeTruthy();
    expect(first.getByText('Новое').getAttribute('title')).toBe('Есть непрочитанные сообщения ученика');
    expect(first.getByText('На доработке')).toBeTruthy();
    expect(first.getByRole('cell', { name: '4' })).toBeTruthy();
    expect(first.getByText('Поток 1')).toBeTruthy();

    const second = within(rows[1]!);
    expect(second.queryByText('Новое')).toBeNull();
    expect(second.getByText('Без группы')).toBeTruthy();
    expect(second.getByText('Не назначен')).toBeTruthy();
    expect(second.getByText('Ждет проверки')).toBeTruthy();
    expect(screen.getByText('Найдено: 2')).toBeTruthy();
    // A teacher's queue is always their own: no teacher filter.
    expect(screen.queryByLabelText('Преподаватель')).toBeNull();
  });

  it('sends the chosen filters, keeps them in local storage and restores them on the next visit', async () => {
    const { queries } = stubQueue();
    const { unmount } = render(<HomeworkQueuePage />);
    await table();
    fireEvent.change(screen.getByLabelText('Статус'), { target: { value: 'revision' } });
    await waitFor(() => expect(queries().at(-1)).toEqual({ p: '1', status: 'revision' }));
    await screen.findByRole('option', { name: 'SQL' });
    fireEvent.change(screen.getByLabelText('Курс'), { target: { value: '4' } });
    // Only the chosen course's groups and homework are offered.
    expect(within(screen.getByLabelText('Группа')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Все', 'Поток 1']);
    fireEvent.change(screen.getByLabelText('Группа'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Оценка от'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Последний ответ с'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Ученик'), { target: { value: ' Анна ' } });
    await waitFor(() =>
      expect(queries().at(-1)).toEqual({ p: '1', status: 'revision', course_id: '4', group_id: '6', start_mark: '3', start_date: '2026-03-01', student: 'Анна' }),
    );
    expect(JSON.parse(localStorage.getItem('filters')!).homework).toMatchObject({ status: 'revision', course_id: '4', group_id: '6', student: ' Анна ' });
    unmount();

    const again = stubQueue();
    render(<HomeworkQueuePage />);
    await table();
    expect(again.queries()[0]).toEqual({ p: '1', status: 'revision', course_id: '4', group_id: '6', start_mark: '3', start_date: '2026-03-01', student: 'Анна' });
    expect(valueOf('Статус')).toBe('revision');
    expect(valueOf('Ученик')).toBe(' Анна ');

    // Another course clears a group that is not of it; «Сбросить фильтры» brings back 'Все статусы'.
    await screen.findByRole('option', { name: 'SQL' });
    fireEvent.change(screen.getByLabelText('Курс'), { target: { value: '5' } });
    await waitFor(() => expect(again.queries().at(-1)).toEqual({ p: '1', status: 'revision', course_id: '5', start_mark: '3', start_date: '2026-03-01', student: 'Анна' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(again.queries().at(-1)).toEqual({ p: '1' }));
    expect(valueOf('Статус')).toBe('Все статусы');
    expect(valueOf('Ученик')).toBe('');
    expect(JSON.parse(localStorage.getItem('filters')!).homework).toEqual({ status: 'Все статусы' });
  });

  it('says why a mark or a day range is not applied, and leaves it out of the request', async () => {
    const { queries } = stubQueue();
    render(<HomeworkQueuePage />);
    await table();
    fireEvent.change(screen.getByLabelText('Оценка от'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Оценка до'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Последний ответ с'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('Последний ответ по'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('Оценка «до» меньше оценки «от».')).toBeTruthy();
    expect(screen.getByText('Дата «по» раньше даты «с».')).toBeTruthy();
    expect(screen.getByLabelText('Оценка до').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(queries().at(-1)).toEqual({ p: '1', start_mark: '5', start_date: '2026-03-05' }));
  });

  it('pages with the window of §9, stores the page on leaving and comes back to it', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => row(i + 1));
    const { queries } = stubQueue(() => page(rows, 150));
    const { unmount } = render(<HomeworkQueuePage />);
    await table();
    const pager = screen.getByRole('navigation', { name: 'Страницы' });
    expect(within(pager).getAllByRole('button').map((button) => button.textContent)).toEqual(['1', '2', '3', '4', '8']);
    fireEvent.click(within(pager).getByRole('button', { name: '4' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ p: '4' }));
    await table();
    expect(within(screen.getByRole('navigation', { name: 'Страницы' })).getAllByRole('button').map((button) => button.textContent)).toEqual(['1', '3', '4', '5', '8']);
    expect(JSON.parse(localStorage.getItem('pages')!)).toEqual({});
    unmount();
    expect(JSON.parse(localStorage.getItem('pages')!)).toEqual({ homework: 4 });

    const again = stubQueue(() => page(rows, 150));
    render(<HomeworkQueuePage />);
    await table();
    expect(again.queries()).toEqual([{ p: '4' }]);
    // A filter starts the list over.
    fireEvent.change(screen.getByLabelText('Статус'), { target: { value: 'pending' } });
    await waitFor(() => expect(again.queries().at(-1)).toEqual({ p: '1', status: 'pending' }));
  });

  it('goes to the last page when the stored one is past the end', async () => {
    $listPages.set({ homework: 9 });
    let calls = 0;
    const { queries } = stubQueue(() => (++calls === 1 ? page([], 25) : page([row(21)], 25)));
    render(<HomeworkQueuePage />);
    await table();
    await waitFor(() => expect(queries().map((query) => query.p)).toEqual(['9', '2']));
  });

  it("says 'Нет домашних заданий' when nothing was handed in, and offers to reset filters that found nothing", async () => {
    stubQueue(() => page([]));
    const { unmount } = render(<HomeworkQueuePage />);
    expect(await screen.findByRole('heading', { name: 'Нет домашних заданий' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    $filters.set({ homework: { status: 'accepted' } });
    const { queries } = stubQueue(() => page([]));
    render(<HomeworkQueuePage />);
    expect(await screen.findByRole('heading', { name: 'Нет домашних заданий по этим фильтрам' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('heading', { name: 'Нет домашних заданий по этим фильтрам' }).parentElement!).getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ p: '1' }));
  });

  it('shows a failed load with its reason and tries again', async () => {
    let calls = 0;
    stubQueue(() => (++calls === 1 ? json({ code: 'SERVER_ERROR', message: 'Сервер недоступен.' }, 503) : page([row(1)])));
    render(<HomeworkQueuePage />);
    expect(await screen.findByText(/не так на сервере/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await table();
    expect(calls).toBe(2);
  });

  it("lets an admin filter by teacher, and drops a stored choice the school does not offer", async () => {
    setRole(Role.Admin);
    $filters.set({ homework: { status: 'Все статусы', course_id: '99', teacher_id: '77' } });
    const { queries } = stubQueue();
    render(<HomeworkQueuePage />);
    await screen.findByRole('option', { name: 'Мария Ивановна' });
    await waitFor(() => expect(queries().at(-1)).toEqual({ p: '1' }));
    fireEvent.change(screen.getByLabelText('Преподаватель'), { target: { value: '8' } });
    await waitFor(() => expect(queries().at(-1)).toEqual({ p: '1', teacher_id: '8' }));
  });

  it('opens a hand-in from a click anywhere on its row, through the row link', async () => {
    stubQueue();
    render(<HomeworkQueuePage />);
    const link = within(await table()).getByRole('link', { name: /Открыть работу/ });
    const opened: string[] = [];
    link.addEventListener('click', (event) => {
      event.preventDefault();
      opened.push(link.getAttribute('href')!);
    });
    fireEvent.click(screen.getByText('Калькулятор расходов', { selector: 'td' }));
    expect(opened).toEqual(['/school/Alpha/home-work/9/1/4']);
  });
});
