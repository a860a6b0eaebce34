import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $router } from '../../router.ts';
import { $toasts } from '../../ui/toasts.tsx';
import GroupPage from './group-page.tsx';

const SETTINGS = {
  strict_task_order: false,
  task_submission_lock: false,
  submit_homework_to_go_on: false,
  submit_test_to_go_on: false,
  success_test_to_go_on: false,
  overai_lock: false,
  download: false,
};
const GROUP = {
  group_id: 4,
  name: 'Поток 1',
  course_id: 7,
  course_name: 'Python',
  teacher_id: 2,
  teacher_name: 'Пётр Петров',
  type: 'WITH_TEACHER',
  certificate: false,
  training_duration: 0,
  students_count: 1,
  group_settings: SETTINGS,
};
const STUDENT = {
  id: 11,
  email: 'anna@school.ru',
  first_name: 'Анна',
  last_name: 'Иванова',
  avatar: null,
  added_at: '2026-11-01T10:00:00.000Z',
  progress: { total: 10, completed: 4, percent: 40 },
  remaining_period: 12,
  last_activity: null,
};
const OUTLINE = {
  group_id: 4,
  course_id: 7,
  sections: [{ section_id: 1, name: 'Введение', order: 1, lessons: [{ lesson_id: 21, type: 'lesson', name: 'Первый урок', availability: true, active: true, order: 1 }] }],
};

/** The page's reads, with any route replaced or added. */
function stubPage(extra: Record<string, Answer> = {}) {
  return stubApi({
    'GET Alpha/students_group/4/': () => json(GROUP),
    'GET Alpha/students_group/4/get_students_for_group/': () => json({ count: 1, next: null, previous: null, results: [STUDENT] }),
    'GET Alpha/students_group/4/section_student_group/': () => json(OUTLINE),
    'GET Alpha/all_users/': () => json({ count: 1, next: null, previous: null, results: [{ id: 2, email: 'petr@school.ru', first_name: 'Пётр', last_name: 'Петров', role: 'Teacher' }] }),
    ...extra,
  });
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const STRICT = 'Строгий порядок прохождения уроков';
const LOCK = 'Запретить отправку домашних заданий';
const HOMEWORK = 'Сдать домашнее задание, чтобы идти дальше';
const SEND_TEST = 'Сдать тест, чтобы идти дальше';
const PASS_TEST = 'Пройти тест успешно, чтобы идти дальше';

beforeEach(() => {
  resetUser();
  $toasts.set([]);
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});
afterEach(() => vi.restoreAllMocks());

describe('GroupPage for an admin', () => {
  it('shows the group: course, teacher and students count, its settings, students and lessons', async () => {
    stubPage();
    render(<GroupPage school="Alpha" groupId={4} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Поток 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Python' }).getAttribute('href')).toBe('/school/Alpha/courses/create-course/7/constructor');
    expect(screen.getByText('Пётр Петров')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Настройки группы' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Ученики группы' });
    const row = within(table).getByRole('rowheader', { name: 'Иванова Анна' }).closest('tr')!;
    expect(within(row).getByText('40%')).toBeTruthy();
    expect(within(row).getByText('12 дней')).toBeTruthy();
    expect(within(row).getByText('01.11.2026')).toBeTruthy();
    expect(within(row).getByText('—')).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: 'Первый урок' })).toBeTruthy();
  });

  it('applies the settings rules while clicking: the dependent settings need strict order, the lock excludes homework', async () => {
    stubPage();
    render(<GroupPage school="Alpha" groupId={4} />);
    await screen.findByRole('heading', { level: 1, name: 'Поток 1' });
    for (const name of [HOMEWORK, SEND_TEST, PASS_TEST]) expect(box(name).disabled).toBe(true);
    expect(box(SEND_TEST).getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(box(STRICT));
    expect(box(SEND_TEST).disabled).toBe(false);
    expect(box(PASS_TEST).disabled).toBe(true);
    fireEvent.click(box(SEND_TEST));
    fireEvent.click(box(PASS_TEST));
    expect(box(PASS_TEST).checked).toBe(true);
    fireEvent.click(box(LOCK));
    expect(box(HOMEWORK).disabled).toBe(true);
    expect(screen.getByText('Нельзя вместе с запретом отправки домашних заданий.')).toBeTruthy();
    // Strict order off takes the settings depending on it along.
    fireEvent.click(box(STRICT));
    expect(box(SEND_TEST).checked).toBe(false);
    expect(box(PASS_TEST).checked).toBe(false);
    expect(box(SEND_TEST).disabled).toBe(true);
    expect(box(LOCK).checked).toBe(true);
  });

  it("saves the settings, keeping what was chosen and showing the server's reason when it refuses", async () => {
    let calls = 0;
    const { sent } = stubPage({
      'PATCH Alpha/students_group/4/': (request) =>
        ++calls === 1
          ? json({ code: 'GROUP_SETTINGS_CONFLICT', message: 'Настройки группы противоречат друг другу', fields: { group_settings: ['Настройки группы противоречат друг другу'] } }, 400)
          : json({ ...GROUP, ...(request.body as object), group_settings: { ...SETTINGS, strict_task_order: true } }),
    });
    render(<GroupPage school="Alpha" groupId={4} />);
    await screen.findByRole('heading', { level: 1, name: 'Поток 1' });
    fireEvent.click(box(STRICT));
    fireEvent.click(box('Выдавать сертификат по окончании курса'));
    const days = screen.getByRole<HTMLInputElement>('textbox', { name: 'Срок обучения, дней' });
    fireEvent.change(days, { target: { value: 'много' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить настройки' }));
    expect(screen.getByText('Укажите целое число дней от 0 до 36500.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PATCH')).toBe(false);

    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить настройки' }));
    expect((await screen.findByText('Настройки группы противоречат друг другу')).closest('[role="alert"]')).toBeTruthy();
    expect(sent.find((request) => request.method === 'PATCH')!.body).toEqual({ group_settings: { ...SETTINGS, strict_task_order: true }, certificate: true, training_duration: 30 });
    expect(box(STRICT).checked).toBe(true);
    expect(days.value).toBe('30');

    fireEvent.click(screen.getByRole('button', { name: 'Сохранить настройки' }));
    await waitFor(() => expect($toasts.get().map((toast) => toast.text)).toEqual(['Настройки группы сохранены.']));
    expect(screen.queryByText('Настройки группы противоречат друг другу')).toBeNull();
  });

  it("changes the teacher, or leaves the group 'Без преподавателя'", async () => {
    const { sent } = stubPage({
      'PATCH Alpha/students_group/4/': () => json({ ...GROUP, teacher_id: null, teacher_name: null, type: 'WITHOUT_TEACHER' }),
    });
    render(<GroupPage school="Alpha" groupId={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Сменить преподавателя' }));
    const dialog = screen.getByRole('dialog', { name: 'Преподаватель группы' });
    const select = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Преподаватель' });
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('2');
    expect(within(select).getByRole('option', { name: 'Петров Пётр (petr@school.ru)' })).toBeTruthy();
    expect(sent.find((request) => request.path === 'Alpha/all_users/')).toBeTruthy();
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((request) => request.method === 'PATCH')!.body).toEqual({ teacher_id: null, type: 'WITHOUT_TEACHER' });
    expect(screen.getByText('Без преподавателя')).toBeTruthy();
  });

  it('deletes the group only after a confirmation, then opens the course’s students', async () => {
    const open = vi.spyOn($router, 'open').mockImplementation(() => {});
    const { sent } = stubPage({ 'DELETE Alpha/students_group/4/': () => new Response(null, { status: 204 }) });
    render(<GroupPage school="Alpha" groupId={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить группу' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить группу?' })).getByRole('button', { name: 'Отмена' }));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить группу' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить группу?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/school/Alpha/courses/create-course/7/student'));
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['Alpha/students_group/4/']);
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Группа «Поток 1» удалена.']);
  });

  it('opens or closes lessons for the whole group, sending only what changed', async () => {
    const { sent } = stubPage({ 'POST Alpha/lesson-enrollment/': () => json({ detail: 'Доступность уроков для группы студентов обновлена.' }) });
    render(<GroupPage school="Alpha" groupId={4} />);
    const lesson = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Первый урок' });
    const panel = screen.getByRole('region', { name: 'Доступ группы к урокам' });
    const save = within(panel).getByRole<HTMLButtonElement>('button', { name: 'Сохранить доступ к урокам' });
    expect(save.disabled).toBe(true);
    fireEvent.click(lesson);
    fireEvent.click(save);
    await waitFor(() => expect(sent.some((request) => request.path === 'Alpha/lesson-enrollment/')).toBe(true));
    expect(sent.find((request) => request.path === 'Alpha/lesson-enrollment/')!.body).toEqual({ student_group_id: 4, lesson_data: [{ lesson_id: 21, available: false }] });
  });

  it('says so when the group is not there, and offers a retry when loading failed', async () => {
    stubApi({ 'GET Alpha/students_group/4/': () => json({ code: 'GROUP_NOT_FOUND', message: 'Группа не найдена.' }, 404) });
    const { unmount } = render(<GroupPage school="Alpha" groupId={4} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Группа не найдена' })).toBeTruthy();
    unmount();
    let calls = 0;
    stubPage({ 'GET Alpha/students_group/4/': () => (++calls === 1 ? json({ code: 'DOWN', message: 'x' }, 503) : json(GROUP)) });
    render(<GroupPage school="Alpha" groupId={4} />);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Поток 1' })).toBeTruthy();
  });
});

describe('GroupPage for a teacher', () => {
  it('shows the same group with no control that writes', async () => {
    setRole(Role.Teacher);
    stubPage({ 'GET Alpha/students_group/4/': () => json({ ...GROUP, group_settings: { ...SETTINGS, strict_task_order: true } }) });
    render(<GroupPage school="Alpha" groupId={4} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Поток 1' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Ученики группы' });
    await screen.findByText(/Первый урок/);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    const buttons = screen.queryAllByRole('button').map((button) => button.textContent);
    for (const name of ['Сменить преподавателя', 'Удалить группу', 'Добавить учеников', 'Сохранить настройки', 'Сохранить доступ к урокам', 'Удалить', 'Перевести', 'Срок', 'Доступ']) expect(buttons).not.toContain(name);
    expect(screen.getByRole('link', { name: 'Мои группы' }).getAttribute('href')).toBe('/school/Alpha/group');
    const settings = screen.getByRole('region', { name: 'Настройки группы' });
    expect(within(settings).getByText(STRICT).nextElementSibling?.textContent).toBe('Да');
    expect(within(settings).getByText('Без ограничения')).toBeTruthy();
  });
});
