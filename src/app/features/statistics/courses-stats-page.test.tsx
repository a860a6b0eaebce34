import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import type { CourseStatsRow, MonthCount } from './courses-stats-api.ts';
import CoursesStatsPage from './courses-stats-page.tsx';
import { saveFile } from './save-file.ts';
import type { StudentsChartProps } from './students-chart.tsx';

// The chart's chunk draws on a canvas (uPlot); here it shows what it was given. Its own test draws.
vi.mock('./students-chart.tsx', () => ({
  default: ({ labels, counts }: StudentsChartProps) => <p data-testid="chart">{labels.map((label, i) => `${label}:${counts[i]}`).join(' ')}</p>,
}));
// The students table has its own tests; here it only has to be there for a teacher.
vi.mock('./students-table.tsx', () => ({ StudentsTable: () => <p data-testid="students-table">students</p> }));
vi.mock('./save-file.ts', () => ({ saveFile: vi.fn() }));

const row = (id: number, own: Partial<CourseStatsRow> = {}): CourseStatsRow => ({
  course_id: id,
  course_name: `Курс ${id}`,
  groups: 2,
  students: 40,
  active_students: 12,
  average_progress: 45.5,
  average_mark: 4.25,
  ...own,
});

const months = (...counts: number[]): MonthCount[] => counts.map((count, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, count }));

function stub(summary: Answer = () => json([row(1), row(2, { average_progress: null, average_mark: null, active_students: 0 })]), extra: Record<string, Answer> = {}) {
  const api = stubApi({
    'GET Alpha/courses_stats/': summary,
    'GET Alpha/user_count_by_month/': () => json(months(0, 3, 5)),
    ...extra,
  });
  /** The query strings of one path's requests, oldest first. */
  const queries = (path: string) =>
    api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname === `/api/Alpha/${path}`)
      .map((url) => Object.fromEntries(url.searchParams));
  return { ...api, queries };
}

const table = () => screen.findByRole('table', { name: 'Статистика по курсам' });

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $toasts.set([]);
  vi.mocked(saveFile).mockClear();
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('CoursesStatsPage for an admin', () => {
  it("shows each course's groups, students, active students, average progress and mark, a row linking to the course's students", async () => {
    stub();
    render(<CoursesStatsPage school="Alpha" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Статистика' })).toBeTruthy();
    const rows = within(await table()).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Курс', 'Группы', 'Ученики', 'Активны за 30 дней', 'Средний прогресс', 'Средний балл']);
    const first = within(rows[1]!);
    expect(first.getByRole('link', { name: 'Ученики курса «Курс 1»' }).getAttribute('href')).toBe('/school/Alpha/courses-stats/1/students');
    expect(first.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '40', '12', '45,5\u00a0%', '4,25']);
    // No students' figures yet: a dash, not a zero.
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '40', '0', '—', '—']);
    expect(screen.queryByTestId('students-table')).toBeNull();
  });

  it('downloads the summary as CSV (with the byte-order mark spreadsheets need) and as XLSX through the signed-in client', async () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 3, 4]);
    const { sent, queries } = stub(undefined, {
      'GET Alpha/courses_stats/export/': (request) => {
        if (request.headers.get('authorization') !== 'Bearer a') return json({ code: 'NOT_AUTHENTICATED', message: 'Войдите.' }, 401);
        return sent.filter((one) => one.path === request.path).length === 1
          ? new Response('\uFEFFКурс,Группы\r\nКурс 1,2\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })
          : new Response(xlsx, { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
      },
    });
    render(<CoursesStatsPage school="Alpha" />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Скачать CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [csv, csvName] = vi.mocked(saveFile).mock.calls[0]!;
    expect(csvName).toMatch(/^courses-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(new Uint8Array(await csv.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(await csv.text()).toContain('Курс 1,2');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Скачать XLSX' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Скачать XLSX' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(2));
    const [file, fileName] = vi.mocked(saveFile).mock.calls[1]!;
    expect(fileName).toMatch(/^courses-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(xlsx);
    expect(queries('courses_stats/export/')).toEqual([{ format: 'csv' }, { format: 'xlsx' }]);
  });

  it('says so when a download fails', async () => {
    stub(undefined, { 'GET Alpha/courses_stats/export/': () => json({ code: 'SERVER_ERROR', message: 'Сервер недоступен.' }, 503) });
    render(<CoursesStatsPage school="Alpha" />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Скачать XLSX' }));
    await waitFor(() => expect($toasts.get().map((toast) => toast.kind)).toContain('error'));
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('draws the students who joined per month, and narrows them to a chosen course', async () => {
    const { queries } = stub();
    render(<CoursesStatsPage school="Alpha" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Новые ученики по месяцам' })).toBeTruthy();
    expect((await screen.findByTestId('chart')).textContent).toBe('янв.:0 февр.:3 март:5');
    // The figures are in a table for screen readers too.
    const figures = screen.getByRole('table', { name: 'Новые ученики по месяцам: всего 8' });
    expect(within(figures).getAllByRole('row').slice(1).map((tr) => tr.textContent)).toEqual(['январь 2026 г.0', 'февраль 2026 г.3', 'март 2026 г.5']);
    expect(queries('user_count_by_month/')).toEqual([{ months: '12' }]);

    await screen.findByRole('option', { name: 'Курс 2' });
    fireEvent.change(screen.getByLabelText('Курс'), { target: { value: '2' } });
    await waitFor(() => expect(queries('user_count_by_month/').at(-1)).toEqual({ months: '12', course_id: '2' }));
    fireEvent.change(screen.getByLabelText('Курс'), { target: { value: '' } });
    await waitFor(() => expect(queries('user_count_by_month/').at(-1)).toEqual({ months: '12' }));
  });

  it('says when nobody joined, and shows a failed chart with a retry', async () => {
    let calls = 0;
    stub(undefined, {
      'GET Alpha/user_count_by_month/': () => (++calls === 1 ? json({ code: 'SERVER_ERROR', message: 'Сервер недоступен.' }, 503) : json(months(0, 0, 0))),
    });
    render(<CoursesStatsPage school="Alpha" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось загрузить график.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('За последние 12 месяцев новых учеников не было.')).toBeTruthy();
    expect(screen.queryByTestId('chart')).toBeNull();
  });

  it('says what will appear while no course has a group, without the download buttons', async () => {
    stub(() => json([]));
    render(<CoursesStatsPage school="Alpha" />);
    expect(await screen.findByRole('heading', { name: 'Статистики пока нет' })).toBeTruthy();
    expect(screen.getByText('Здесь появятся курсы, в которых есть группы с учениками.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Скачать CSV' })).toBeNull();
    // Without courses the chart offers no course to choose.
    expect(screen.queryByLabelText('Курс')).toBeNull();
  });

  it('shows a failed load with its reason and tries again', async () => {
    let calls = 0;
    stub(() => (++calls === 1 ? json({ code: 'SERVER_ERROR', message: 'Сервер недоступен.' }, 503) : json([row(1)])));
    render(<CoursesStatsPage school="Alpha" />);
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    const alert = await screen.findByText(/не так на сервере/);
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Повторить' }));
    await table();
    expect(calls).toBe(2);
  });
});

describe('CoursesStatsPage for a teacher', () => {
  it('shows the courses of their groups without links, and their students below', async () => {
    setRole(Role.Teacher);
    stub(() => json([row(1)]));
    render(<CoursesStatsPage school="Alpha" />);
    const rows = within(await table()).getAllByRole('row');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Курс 1');
    expect(screen.getByRole('heading', { level: 2, name: 'Ученики ваших групп' })).toBeTruthy();
    expect(screen.getByTestId('students-table')).toBeTruthy();
  });

  it('says the courses of their groups will appear', async () => {
    setRole(Role.Teacher);
    stub(() => json([]));
    render(<CoursesStatsPage school="Alpha" />);
    expect(await screen.findByText('Здесь появятся курсы ваших групп.')).toBeTruthy();
  });
});
