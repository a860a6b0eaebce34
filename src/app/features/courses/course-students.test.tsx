import { $school, DEFAULT_DEBOUNCE_MS, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import CourseStudents from './course-students.tsx';

const PATH = 'GET Alpha/courses/7/get_students_for_course/';
const row = (id: number, group = 'Поток 1') => ({ student_id: id, email: `s${id}@school.ru`, first_name: `Имя${id}`, last_name: 'Фамилия', group_id: 1, group_name: group, date_added: '2026-11-01T10:00:00.000Z', last_login: null });
const page = (rows: unknown[], count = rows.length) => json({ count, next: null, previous: null, results: rows });

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});
afterEach(() => vi.useRealTimers());

describe('CourseStudents', () => {
  it('lists who studies the course in a table: name, email, group and the date they joined', async () => {
    stubApi({ [PATH]: () => page([row(1), row(2, 'Поток 2')]) });
    render(<CourseStudents school="Alpha" courseId={7} />);
    const table = await screen.findByRole('table', { name: 'Ученики курса' });
    const first = within(table).getByRole('rowheader', { name: 'Фамилия Имя1' }).closest('tr')!;
    expect(within(first).getByText('s1@school.ru')).toBeTruthy();
    expect(within(first).getByText('Поток 1')).toBeTruthy();
    expect(within(first).getByText('01.11.2026')).toBeTruthy();
  });

  it('searches after a pause in typing, from the first page', async () => {
    const { fetch } = stubApi({ [PATH]: () => page([row(1)]) });
    render(<CourseStudents school="Alpha" courseId={7} />);
    await screen.findByRole('table');
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Поиск по имени или почте'), { target: { value: ' Имя1 ' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(DEFAULT_DEBOUNCE_MS));
    vi.useRealTimers();
    const url = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://localhost');
    expect(url.searchParams.get('search')).toBe('Имя1');
    expect(url.searchParams.get('p')).toBe('1');
  });

  it("lets the admin create a group of the course ('Создать группу'); a teacher has no such button", async () => {
    stubApi({ [PATH]: () => page([]), 'GET Alpha/all_users/': () => json({ count: 0, next: null, previous: null, results: [] }) });
    const { unmount } = render(<CourseStudents school="Alpha" courseId={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Создать группу' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новая группа' });
    expect(within(dialog).getByRole('textbox', { name: 'Название группы' })).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Курс' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    setRole(Role.Teacher);
    render(<CourseStudents school="Alpha" courseId={7} />);
    await screen.findByRole('heading', { name: 'Курс пока никто не изучает' });
    expect(screen.queryByRole('button', { name: 'Создать группу' })).toBeNull();
  });

  it('says when nobody studies the course, and shows a failed load with a retry', async () => {
    let calls = 0;
    stubApi({ [PATH]: () => (++calls === 1 ? json({ code: 'DB_UNAVAILABLE', message: 'База данных недоступна.' }, 503) : page([])) });
    render(<CourseStudents school="Alpha" courseId={7} />);
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Курс пока никто не изучает' })).toBeTruthy();
  });
});
