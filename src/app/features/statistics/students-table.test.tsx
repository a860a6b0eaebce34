import { $filters, $school, commonMessages, DEFAULT_FILTERS, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn, STUDENTS_TABLE_COLUMNS, studentsTableColumnTitle } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import type { StudentRow, TableColumn } from './students-table-api.ts';
import { StudentsTable } from './students-table.tsx';

const row = (id: number, own: Partial<StudentRow> = {}): StudentRow => ({
  student_id: 30 + id,
  email: `anna${id}@school.ru`,
  first_name: 'Анна',
  last_name: 'Иванова',
  avatar: null,
  phone_number: null,
  course_id: 4,
  course_name: 'Python с нуля',
  group_id: 6,
  group_name: 'Поток 1',
  date_added: '2026-03-05T09:00:00.000Z',
  last_active: null,
  last_login: null,
  mark_sum: 9,
  average_mark: 4.5,
  progress: 42.5,
  ...own,
});

const page = (rows: StudentRow[], count = rows.length, unique = count) => json({ count, next: null, previous: null, results: rows, unique_students_count: unique });
const columnsOf = (ids: readonly string[], unchecked: readonly string[] = []) =>
  ids.map((id, i) => ({ id, name: studentsTableColumnTitle(id as TableColumn['id']), order: i + 1, checked: !unchecked.includes(id) }));
const SETTINGS = { columns: columnsOf(STUDENTS_TABLE_COLUMNS) };
const GROUPS = {
  count: 3,
  next: null,
  previous: null,
  results: [
    { group_id: 6, name: 'Поток 1', course_id: 4, course_name: 'Python с нуля' },
    { group_id: 7, name: 'Поток 2', course_id: 4, course_name: 'Python с нуля' },
    { group_id: 8, name: 'SQL-1', course_id: 5, course_name: 'SQL' },
  ],
};

function stubTable(rows: Answer = () => page([row(1)]), extra: Record<string, Answer> = {}) {
  const stub = stubApi({
    'GET schools/1/stats/': rows,
    'GET Alpha/students_table_info/': () => json(SETTINGS),
    'GET Alpha/students_group/': () => json(GROUPS),
    ...extra,
  });
  /** The query strings of the requests to a path, oldest first. */
  const queries = (path = '/api/schools/1/stats/') =>
    stub.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname === path)
      .map((url) => Object.fromEntries(url.searchParams));
  return { ...stub, queries };
}

const table = () => screen.findByRole('table', { name: 'Статистика учеников' });
const headers = (element: HTMLElement) => within(element).getAllByRole('columnheader').map((header) => header.textContent);
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

beforeEach(() => {
  localStorage.clear();
  resetUser();
  $filters.set(DEFAULT_FILTERS);
  $school.set(INITIAL_SCHOOL);
  $toasts.set([]);
  signIn({ access: 'a', refresh: 'r', userId: 2, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('StudentsTable', () => {
  it("shows a course's students in the caller's columns and order, their figures in Russian", async () => {
    const settings = { columns: columnsOf(['email', 'name', 'group_name', 'progress', 'average_mark', 'mark_sum', 'date_added', 'last_active', 'phone_number', 'course_name', 'last_login'], ['course_name', 'last_login']) };
    const { queries } = stubTable(() => page([row(1, { last_active: '2026-03-06T10:30:00.000Z', phone_number: '+375291234567' }), row(2, { first_name: '', last_name: '', average_mark: null, group_id: 7, group_name: 'Поток 2' })], 2, 2), {
      'GET Alpha/students_table_info/': () => json(settings),
    });
    render(<StudentsTable courseId={4} />);
    const grid = await table();
    expect(queries()).toEqual([{ course_id: '4', p: '1', s: '20' }]);
    expect(headers(grid)).toEqual(['Email', 'Имя', 'Группа', 'Прогресс', 'Средний балл', 'Сумма баллов', 'Дата добавления▼', 'Последняя активность', 'Телефон']);
    const [first, second] = within(grid).getAllByRole('row').slice(1);
    // An admin reads the name; the teacher's link to a student's statistics is not theirs.
    expect(within(first!).getByRole('rowheader').textContent).toBe('Анна Иванова');
    expect(within(first!).queryByRole('link')).toBeNull();
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'anna1@school.ru',
      'Поток 1',
      '42,5\u00a0%',
      '4,5',
      '9',
      '05.03.2026',
      expect.stringMatching(/^06\.03\.2026, \d\d:30$/),
      '+375291234567',
    ]);
    // A student without a name is named by their email; a missing figure is a dash.
    expect(within(second!).getByRole('rowheader').textContent).toBe('anna2@school.ru');
    expect(within(second!).getAllByRole('cell')[3]!.textContent).toBe('—');
    expect(screen.getByText('Найдено учеников: 2')).toBeTruthy();
    // Newest first until a header is clicked: the server's default order, shown on its column.
    expect(within(grid).getByRole('columnheader', { name: 'Дата добавления' }).getAttribute('aria-sort')).toBe('descending');
  });

  it("links a teacher to a student's statistics, and names the groups of every course", async () => {
    setRole(Role.Teacher);
    const { queries } = stubTable(() => page([row(1), row(2, { student_id: 31, group_id: 8, group_name: 'SQL-1' })], 2, 1));
    render(<StudentsTable />);
    const grid = await table();
    expect(queries()).toEqual([{ p: '1', s: '20' }]);
    expect(within(grid).getAllByRole('link', { name: 'Анна Иванова' })[0]!.getAttribute('href')).toBe('/school/Alpha/student-stats/31');
    expect(screen.getByText('Найдено учеников: 1 (строк: 2)')).toBeTruthy();
    await screen.findByRole('option', { name: 'SQL-1 — SQL' });
    expect(within(screen.getByLabelText('Группа')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Все группы', 'Поток 1 — Python с нуля', 'Поток 2 — Python с нуля', 'SQL-1 — SQL']);
  });

  it('sorts on the server by a clicked header, turning the order round on a second click, and keeps it', async () => {
    const { queries } = stubTable();
    const { unmount } = render(<StudentsTable courseId={4} />);
    let grid = await table();
    fireEvent.click(within(grid).getByRole('button', { name: 'Прогресс' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ course_id: '4', sort_by: 'progress', sort_order: 'desc', p: '1', s: '20' }));
    grid = await table();
    await waitFor(() => expect(within(grid).getByRole('columnheader', { name: 'Прогресс' }).getAttribute('aria-sort')).toBe('descending'));
    expect(within(grid).getByRole('columnheader', { name: 'Дата добавления' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(grid).getByRole('button', { name: 'Прогресс' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ sort_by: 'progress', sort_order: 'asc' }));
    // A text column starts А→Я; the name sorts by the first name; the phone has no order.
    fireEvent.click(within(grid).getByRole('button', { name: 'Имя' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ sort_by: 'first_name', sort_order: 'asc' }));
    expect(within(grid).queryByRole('button', { name: 'Телефон' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('filters')!)['students-table-course-4']).toMatchObject({ sort_by: 'first_name', sort_order: 'asc' });
    unmount();

    const again = stubTable();
    render(<StudentsTable courseId={4} />);
    await table();
    expect(again.queries()[0]).toEqual({ course_id: '4', sort_by: 'first_name', sort_order: 'asc', p: '1', s: '20' });
  });

  it('sends the filters, keeps them per table in local storage, restores them, and resets them but the order', async () => {
    const { queries } = stubTable();
    const { unmount } = render(<StudentsTable courseId={4} />);
    await table();
    // Only the course's groups are offered.
    await screen.findByRole('option', { name: 'Поток 2' });
    expect(within(screen.getByLabelText('Группа')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Все группы', 'Поток 1', 'Поток 2']);
    fireEvent.change(screen.getByLabelText('Группа'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Активность с'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Активность по'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByLabelText('Средний балл от'), { target: { value: '3.5' } });
    fireEvent.change(screen.getByLabelText('Прогресс до, %'), { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: ' Анна ' } });
    await waitFor(() =>
      expect(queries().at(-1)).toEqual({
        course_id: '4',
        group_id: '7',
        search_value: 'Анна',
        last_active_min: '2026-03-01',
        last_active_max: '2026-03-31',
        average_mark_min: '3.5',
        progress_max: '80',
        p: '1',
        s: '20',
      }),
    );
    expect(JSON.parse(localStorage.getItem('filters')!)['students-table-course-4']).toMatchObject({ group_id: '7', search_value: ' Анна ', average_mark_min: '3.5' });
    // Another table's filters are its own.
    expect(JSON.parse(localStorage.getItem('filters')!)['students-table']).toBeUndefined();
    fireEvent.click(within(await table()).getByRole('button', { name: 'Имя' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ sort_by: 'first_name' }));
    unmount();

    const again = stubTable();
    render(<StudentsTable courseId={4} />);
    await table();
    expect(again.queries()[0]).toMatchObject({ group_id: '7', search_value: 'Анна', progress_max: '80', sort_by: 'first_name' });
    expect(valueOf('Поиск')).toBe(' Анна ');
    expect(valueOf('Средний балл от')).toBe('3.5');
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(again.queries().at(-1)).toEqual({ course_id: '4', sort_by: 'first_name', sort_order: 'asc', p: '1', s: '20' }));
    expect(valueOf('Поиск')).toBe('');
    expect(valueOf('Группа')).toBe('');
  });

  it('says why a range is not applied and leaves it out of the request', async () => {
    const { queries } = stubTable();
    render(<StudentsTable courseId={4} />);
    await table();
    fireEvent.change(screen.getByLabelText('Прогресс от, %'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Прогресс до, %'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Средний балл до'), { target: { value: '1001' } });
    expect((await screen.findByText('Значение «до» меньше значения «от».')).getAttribute('role')).toBe('alert');
    expect(screen.getByText('Средний балл — число от 0 до 1000.')).toBeTruthy();
    expect(screen.getByLabelText('Средний балл до').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(queries().at(-1)).toEqual({ course_id: '4', progress_min: '60', p: '1', s: '20' }));
  });

  it('drops a stored group the caller is no longer offered', async () => {
    $filters.set({ ...DEFAULT_FILTERS, 'students-table-course-4': { group_id: '99' } });
    const { queries } = stubTable();
    render(<StudentsTable courseId={4} />);
    await table();
    await waitFor(() => expect(queries().at(-1)).toEqual({ course_id: '4', p: '1', s: '20' }));
    expect(queries()[0]).toMatchObject({ group_id: '99' });
  });

  it('pages by 20, and a page past the end (students removed since) shows the last one', async () => {
    const { queries } = stubTable(() => (queries().at(-1)?.p === '3' ? page([], 40) : page([row(1)], 45)));
    render(<StudentsTable courseId={4} />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(queries().map((query) => query.p)).toEqual(['1', '3', '2']));
    await waitFor(() => expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page'));
  });

  it('says when there are no students, and when the filters leave none, with a reset', async () => {
    stubTable(() => page([], 0));
    const { unmount } = render(<StudentsTable courseId={4} />);
    expect(await screen.findByRole('heading', { name: 'Учеников пока нет' })).toBeTruthy();
    unmount();

    $filters.set({ ...DEFAULT_FILTERS, 'students-table-course-4': { search_value: 'Пётр' } });
    const { queries } = stubTable(() => page([], 0));
    render(<StudentsTable courseId={4} />);
    expect(await screen.findByRole('heading', { name: 'Нет учеников по этим фильтрам' })).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Сбросить фильтры' });
    fireEvent.click(buttons.at(-1)!);
    await waitFor(() => expect(queries().at(-1)).toEqual({ course_id: '4', p: '1', s: '20' }));
  });

  it('shows a failure with a retry; without the settings it shows every column and says so', async () => {
    let fail = true;
    stubTable(() => (fail ? json({ code: 'SERVER_ERROR', message: 'Сервер недоступен.' }, 500) : page([row(1)])), {
      'GET Alpha/students_table_info/': () => json({ code: 'SERVER_ERROR', message: 'Сервер недоступен.' }, 500),
      'GET Alpha/students_group/': () => json({ code: 'SERVER_ERROR', message: 'Сервер недоступен.' }, 500),
    });
    render(<StudentsTable courseId={4} />);
    expect(await screen.findByText(commonMessages.serverError)).toBeTruthy();
    expect(await screen.findByText('Не удалось загрузить список групп.')).toBeTruthy();
    expect(await screen.findByText('Не удалось загрузить настройки столбцов: показаны все столбцы.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(headers(await table())).toEqual(STUDENTS_TABLE_COLUMNS.map((id) => studentsTableColumnTitle(id) + (id === 'date_added' ? '▼' : '')));
  });
});

describe('StudentsTable columns settings', () => {
  it('checks, unchecks and moves columns, saves the layout and shows the table by it', async () => {
    const saved = { columns: columnsOf(['group_name', 'name', 'email', 'phone_number', 'course_name', 'progress', 'average_mark', 'mark_sum', 'date_added', 'last_active', 'last_login'], ['email', 'phone_number', 'course_name', 'average_mark', 'mark_sum', 'date_added', 'last_active', 'last_login']) };
    const { sent } = stubTable(undefined, { 'PATCH Alpha/students_table_info/': () => json(saved) });
    render(<StudentsTable courseId={4} />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Настроить столбцы' }));
    const dialog = await screen.findByRole('dialog', { name: 'Столбцы таблицы' });
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((box) => box.parentElement!.textContent)).toEqual(STUDENTS_TABLE_COLUMNS.map(studentsTableColumnTitle));
    expect((within(dialog).getByRole('button', { name: 'Поднять столбец «Имя»' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Email' }));
    // «Группа» up four places: the focus stays on its button as it climbs.
    for (let i = 0; i < 4; i++) fireEvent.click(within(dialog).getByRole('button', { name: 'Поднять столбец «Группа»' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Опустить столбец «Группа»'));
    expect(within(dialog).getAllByRole('checkbox').map((box) => box.parentElement!.textContent).slice(0, 3)).toEqual(['Группа', 'Имя', 'Email']);

    // Nothing checked cannot be saved.
    const checked = within(dialog).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked);
    for (const box of checked) fireEvent.click(box);
    expect(within(dialog).getByText('Отметьте хотя бы один столбец.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(true);
    for (const box of checked) fireEvent.click(box);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = sent.find((request) => request.method === 'PATCH')!;
    expect(patch.body).toEqual({
      columns: ['group_name', 'name', 'email', 'phone_number', 'course_name', 'progress', 'average_mark', 'mark_sum', 'date_added', 'last_active', 'last_login'].map((id, i) => ({ id, order: i + 1, checked: id !== 'email' })),
    });
    expect(headers(await table())).toEqual(['Группа', 'Имя', 'Прогресс']);
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Столбцы таблицы сохранены']);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    stubTable(undefined, { 'PATCH Alpha/students_table_info/': () => json({ code: 'VALIDATION_ERROR', message: 'Неизвестный столбец.' }, 400) });
    render(<StudentsTable courseId={4} />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Настроить столбцы' }));
    const dialog = await screen.findByRole('dialog', { name: 'Столбцы таблицы' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect((await within(dialog).findByText('Неизвестный столбец.')).getAttribute('role')).toBe('alert');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('StudentsTable export', () => {
  function watchDownloads() {
    const made: Blob[] = [];
    const clicked: { name: string; href: string }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return `blob:x/${made.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href });
    });
    return { made, clicked };
  }

  it('exports the rows under the current filters and order as XLSX, busy until the file is saved', async () => {
    const { made, clicked } = watchDownloads();
    const file = deferred<Response>();
    $filters.set({ ...DEFAULT_FILTERS, 'students-table-course-4': { group_id: '6', sort_by: 'progress', sort_order: 'asc' } });
    const { queries } = stubTable(undefined, { 'GET schools/1/all_stats/': () => file.promise });
    render(<StudentsTable courseId={4} />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Скачать XLSX' }));
    const busy = await screen.findByRole('button', { name: 'Скачивание...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Скачать CSV' }) as HTMLButtonElement).disabled).toBe(true);
    expect(queries('/api/schools/1/all_stats/')).toEqual([{ course_id: '4', group_id: '6', sort_by: 'progress', sort_order: 'asc', format: 'xlsx' }]);
    file.resolve(new Response(new Uint8Array([80, 75, 3, 4]), { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }));
    await screen.findByRole('button', { name: 'Скачать XLSX' });
    expect(clicked).toEqual([{ name: expect.stringMatching(/^students-\d{4}-\d{2}-\d{2}\.xlsx$/), href: 'blob:x/1' }]);
    expect(new Uint8Array(await made[0]!.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
  });

  it('keeps the byte-order mark of a CSV, and shows a refusal as an error toast', async () => {
    const { made, clicked } = watchDownloads();
    let refuse = false;
    stubTable(undefined, {
      'GET schools/1/all_stats/': () =>
        refuse ? json({ code: 'FORBIDDEN', message: 'Недостаточно прав.' }, 403) : new Response('\uFEFFИмя;Email\r\nАнна;a@b.ru\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    });
    render(<StudentsTable courseId={4} />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Скачать CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.name).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await made[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('Имя;Email\r\nАнна;a@b.ru\r\n');

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Скачать CSV' }));
    await waitFor(() => expect($toasts.get()).toEqual([expect.objectContaining({ text: 'Недостаточно прав.', kind: 'error' })]));
    expect(clicked).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Скачать CSV' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
