import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $router } from '../../router.ts';
import { $toasts } from '../../ui/toasts.tsx';
import CreateGroupModal from './create-group-modal.tsx';

const TEACHERS = 'GET Alpha/all_users/';
const teacher = (id: number) => ({ id, email: `t${id}@school.ru`, first_name: 'Пётр', last_name: `Петров${id}`, role: 'Teacher' });
const created = (body: { name: string; course_id: number; teacher_id?: number }) => ({
  group_id: 12,
  name: body.name,
  course_id: body.course_id,
  course_name: 'Python',
  teacher_id: body.teacher_id ?? null,
  teacher_name: null,
  type: body.teacher_id ? 'WITH_TEACHER' : 'WITHOUT_TEACHER',
  certificate: false,
  training_duration: 0,
  students_count: 0,
  group_settings: {},
});

beforeEach(() => {
  resetUser();
  $toasts.set([]);
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});
afterEach(() => vi.restoreAllMocks());

async function teacherSelect() {
  const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Преподаватель' });
  await waitFor(() => expect(select.disabled).toBe(false));
  return select;
}

describe('CreateGroupModal', () => {
  it("creates a course's group with a teacher of the school, then opens its page", async () => {
    const open = vi.spyOn($router, 'open').mockImplementation(() => {});
    const onClose = vi.fn();
    const { sent, fetch } = stubApi({
      [TEACHERS]: () => json({ count: 2, next: null, previous: null, results: [teacher(2), teacher(3)] }),
      'POST Alpha/students_group/': (request) => json(created(request.body as { name: string; course_id: number; teacher_id: number }), 201),
    });
    render(<CreateGroupModal school="Alpha" courseId={7} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Новая группа' });
    expect(within(dialog).queryByRole('combobox', { name: 'Курс' })).toBeNull();
    const select = await teacherSelect();
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(url.searchParams.get('role')).toBe('Teacher');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Без преподавателя', 'Петров2 Пётр (t2@school.ru)', 'Петров3 Пётр (t3@school.ru)']);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Название группы' }), { target: { value: '  Весна 2026 ' } });
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/school/Alpha/courses/group/12'));
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ name: 'Весна 2026', course_id: 7, teacher_id: 3 });
    expect(onClose).toHaveBeenCalled();
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Группа «Весна 2026» создана.']);
  });

  it("creates a group 'Без преподавателя' through students_group_no_teacher/", async () => {
    const open = vi.spyOn($router, 'open').mockImplementation(() => {});
    const { sent } = stubApi({
      [TEACHERS]: () => json({ count: 0, next: null, previous: null, results: [] }),
      'POST Alpha/students_group_no_teacher/': (request) => json(created(request.body as { name: string; course_id: number }), 201),
    });
    render(<CreateGroupModal school="Alpha" courseId={7} onClose={() => {}} />);
    const select = await teacherSelect();
    expect(select.value).toBe('');
    expect(screen.getByText('В школе пока нет преподавателей: пригласите их в настройках школы.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Название группы' }), { target: { value: 'Самостоятельные' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/school/Alpha/courses/group/12'));
    expect(sent.filter((request) => request.method === 'POST').map((request) => [request.path, request.body])).toEqual([['Alpha/students_group_no_teacher/', { name: 'Самостоятельные', course_id: 7 }]]);
  });

  it("asks for a name, and keeps what was typed when the server refuses", async () => {
    const open = vi.spyOn($router, 'open').mockImplementation(() => {});
    const { sent } = stubApi({
      [TEACHERS]: () => json({ count: 1, next: null, previous: null, results: [teacher(2)] }),
      'POST Alpha/students_group/': () => json({ code: 'NOT_A_TEACHER', message: 'Неверные данные.', fields: { teacher_id: ["Пользователь, указанный в поле 'teacher_id', не является учителем в вашей школе."] } }, 400),
    });
    render(<CreateGroupModal school="Alpha" courseId={7} onClose={() => {}} />);
    const select = await teacherSelect();
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(screen.getByText('Укажите название группы.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Название группы' });
    fireEvent.change(name, { target: { value: 'Поток 3' } });
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText("Пользователь, указанный в поле 'teacher_id', не является учителем в вашей школе.")).toBeTruthy();
    expect(name.value).toBe('Поток 3');
    expect(select.value).toBe('2');
    expect(open).not.toHaveBeenCalled();
  });

  it('lets the admin choose the course when opened outside a course', async () => {
    vi.spyOn($router, 'open').mockImplementation(() => {});
    const { sent } = stubApi({
      [TEACHERS]: () => json({ count: 0, next: null, previous: null, results: [] }),
      'GET Alpha/courses/': () => json({ count: 2, next: null, previous: null, results: [{ course_id: 7, name: 'Python' }, { course_id: 8, name: 'Java' }] }),
      'POST Alpha/students_group_no_teacher/': (request) => json(created(request.body as { name: string; course_id: number }), 201),
    });
    render(<CreateGroupModal school="Alpha" onClose={() => {}} />);
    const course = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Курс' });
    await waitFor(() => expect(course.disabled).toBe(false));
    await teacherSelect();
    fireEvent.change(screen.getByRole('textbox', { name: 'Название группы' }), { target: { value: 'Java 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(screen.getByText('Выберите курс.')).toBeTruthy();
    fireEvent.change(course, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ name: 'Java 1', course_id: 8 });
  });
});
