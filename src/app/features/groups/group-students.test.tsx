import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { parseEmails } from './add-students-modal.tsx';
import { GroupStudents } from './group-students.tsx';
import type { Group } from './groups-api.ts';

const GROUP: Group = {
  group_id: 4,
  name: 'Поток 1',
  course_id: 7,
  course_name: 'Python',
  teacher_id: 2,
  teacher_name: 'Пётр Петров',
  type: 'WITH_TEACHER',
  certificate: false,
  training_duration: 30,
  students_count: 1,
  group_settings: {
    strict_task_order: false,
    task_submission_lock: false,
    submit_homework_to_go_on: false,
    submit_test_to_go_on: false,
    success_test_to_go_on: false,
    overai_lock: false,
    download: false,
  },
};
const STUDENT = {
  id: 11,
  email: 'anna@school.ru',
  first_name: 'Анна',
  last_name: 'Иванова',
  avatar: null,
  added_at: '2026-11-01T10:00:00.000Z',
  progress: { total: 10, completed: 4, percent: 40 },
  remaining_period: null,
  last_activity: '2026-11-03T10:00:00.000Z',
};
const LIST = 'GET Alpha/students_group/4/get_students_for_group/';
const page = (rows: unknown[]) => json({ count: rows.length, next: null, previous: null, results: rows });

function stubStudents(extra: Record<string, Answer> = {}) {
  return stubApi({ [LIST]: () => page([STUDENT]), ...extra });
}

function renderStudents(admin = true) {
  const onChanged = vi.fn();
  render(<GroupStudents school="Alpha" group={GROUP} admin={admin} onChanged={onChanged} />);
  return onChanged;
}

const reads = (sent: { method: string; path: string }[]) => sent.filter((request) => request.method === 'GET' && request.path === 'Alpha/students_group/4/get_students_for_group/').length;

beforeEach(() => {
  resetUser();
  $toasts.set([]);
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('parseEmails', () => {
  it('takes addresses one per line or separated by commas, each once', () => {
    expect(parseEmails(' a@x.ru,b@x.ru\n\nA@X.ru; c@x.ru ')).toEqual(['a@x.ru', 'b@x.ru', 'c@x.ru']);
    expect(parseEmails(' \n ')).toEqual([]);
  });
});

describe('GroupStudents', () => {
  it('adds students by email, one answer per address, and leaves the ones that failed in the field', async () => {
    const { sent } = stubStudents({
      'POST Alpha/access-distribution/': (request) => {
        const [email] = (request.body as { emails: string[] }).emails;
        return email === 'boris@school.ru'
          ? json({ detail: 'Доступы предоставлены' }, 201)
          : json({ code: 'NOT_MEMBERS', message: 'Неверные данные.', fields: { emails: [`Эти адреса не состоят в вашей школе: ${email}.`] } }, 400);
      },
    });
    const onChanged = renderStudents();
    await screen.findByRole('table', { name: 'Ученики группы' });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить учеников' }));
    const dialog = screen.getByRole('dialog', { name: 'Добавить учеников' });
    const field = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Адреса почты' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(within(dialog).getByText('Укажите хотя бы один адрес почты.')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'boris@school.ru\nне-адрес, stranger@mail.ru' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await within(dialog).findByText('Результат');
    const results = within(dialog).getAllByRole('listitem').map((item) => item.textContent);
    expect(results).toEqual(['boris@school.ru — Добавлен в группу', 'не-адрес — Это не адрес почты.', 'stranger@mail.ru — Эти адреса не состоят в вашей школе: stranger@mail.ru.']);
    expect(field.value).toBe('не-адрес\nstranger@mail.ru');
    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.body)).toEqual([
      { emails: ['boris@school.ru'], role: 'Student', student_groups: [4] },
      { emails: ['stranger@mail.ru'], role: 'Student', student_groups: [4] },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(reads(sent)).toBe(2));
  });

  it('says which addresses were invited to the school, leaving the dialog open on them', async () => {
    const { sent } = stubStudents({
      'POST Alpha/access-distribution/': (request) => {
        const [email] = (request.body as { emails: string[] }).emails;
        return json({ detail: 'Доступы предоставлены', invited: email === 'boris@school.ru' ? [] : [email!.toLowerCase()] }, 201);
      },
    });
    const onChanged = renderStudents();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить учеников' }));
    const dialog = screen.getByRole('dialog', { name: 'Добавить учеников' });
    const field = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Адреса почты' });
    fireEvent.change(field, { target: { value: 'boris@school.ru, New@mail.ru' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await within(dialog).findByText('Результат');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'boris@school.ru — Добавлен в группу',
      'New@mail.ru — Отправлено приглашение в школу: попадёт в группу, когда примет его',
    ]);
    expect(field.value).toBe('');
    expect(within(dialog).queryByText(/остались в поле/)).toBeNull();
    expect(onChanged).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(reads(sent)).toBe(2));
  });

  it('closes the dialog with a notice when every address was added', async () => {
    stubStudents({ 'POST Alpha/access-distribution/': () => json({ detail: 'Доступы предоставлены' }, 201) });
    renderStudents();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить учеников' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Адреса почты' }), { target: { value: 'a@school.ru, b@school.ru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Добавлено: 2 ученика']);
  });

  it('removes a student from this group after a confirmation only', async () => {
    const { sent } = stubStudents({ 'DELETE Alpha/access-distribution/': () => json({ detail: 'Доступ успешно заблокирован' }) });
    const onChanged = renderStudents();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Удалить из группы: Иванова Анна' }));
    const confirm = screen.getByRole('dialog', { name: 'Удалить ученика из группы?' });
    expect(confirm.textContent).toContain('«Поток 1»');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Удалить из группы: Иванова Анна' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent.find((request) => request.method === 'DELETE')!.body).toEqual({ user_ids: [11], role: 'Student', student_groups: [4] });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Иванова Анна удалён(а) из группы.']);
  });

  it('moves a student to another group of the same course, showing a refusal and keeping the choice', async () => {
    let calls = 0;
    const { sent } = stubStudents({
      'GET Alpha/courses/with_student_groups/': () =>
        json([
          { course_id: 3, name: 'Java', student_groups: [{ group_id: 9, name: 'Java 1', teacher_id: null }] },
          {
            course_id: 7,
            name: 'Python',
            student_groups: [
              { group_id: 4, name: 'Поток 1', teacher_id: 2 },
              { group_id: 5, name: 'Поток 2', teacher_id: 2 },
              { group_id: 6, name: 'Поток 3', teacher_id: null },
            ],
          },
        ]),
      'PATCH Alpha/access-distribution/4/update-group/': () =>
        ++calls === 1 ? json({ code: 'ONE_GROUP_PER_COURSE', message: 'Нельзя преподавать либо учиться в нескольких группах одного и того же курса' }, 400) : json({ detail: 'Группа обновлена' }),
    });
    const onChanged = renderStudents();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Перевести в другую группу: Иванова Анна' }));
    const dialog = screen.getByRole('dialog', { name: 'Перевести в другую группу: Иванова Анна' });
    const select = await within(dialog).findByRole<HTMLSelectElement>('combobox', { name: 'Новая группа курса' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Поток 2', 'Поток 3']);
    fireEvent.change(select, { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Перевести' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Нельзя преподавать либо учиться в нескольких группах одного и того же курса');
    expect(select.value).toBe('6');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Перевести' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
      { user_ids: [11], role: 'Student', new_group_id: 6 },
      { user_ids: [11], role: 'Student', new_group_id: 6 },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Иванова Анна переведён(а) в группу «Поток 3».']);
  });

  it("sets a student's own training duration and download switch", async () => {
    const { sent, fetch } = stubStudents({
      'GET Alpha/students_group/4/student_training_duration/': () => json({ final_limit: 30, individual_limit: 0, download: false, created_at: '2026-11-01T10:00:00.000Z', remaining_period: 12 }),
      'POST Alpha/students_training_duration/': () => json({ detail: 'Продолжительность обучения и иные особенности установлены' }, 201),
    });
    renderStudents();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Срок обучения: Иванова Анна' }));
    const dialog = screen.getByRole('dialog', { name: 'Срок обучения: Иванова Анна' });
    const limit = await within(dialog).findByRole<HTMLInputElement>('textbox', { name: 'Свой срок ученика, дней' });
    expect(limit.value).toBe('0');
    expect(within(dialog).getByText('30 дней')).toBeTruthy();
    expect(within(dialog).getByText('12 дней')).toBeTruthy();
    const url = new URL(String(fetch.mock.calls.find(([input]) => String(input).includes('student_training_duration'))![0]), 'http://localhost');
    expect(url.searchParams.get('student_id')).toBe('11');
    fireEvent.change(limit, { target: { value: '45' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Разрешить ученику скачивание материалов' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ user: 11, students_group: 4, limit: 45, download: true });
  });

  it("switches a student's lessons over the group's and resets them to the group's after a confirmation", async () => {
    const sections = [
      {
        section_id: 1,
        name: 'Введение',
        order: 1,
        lessons: [
          { lesson_id: 21, type: 'lesson', name: 'Первый урок', availability: true, active: true, order: 1, access_time: null, completed: true },
          { lesson_id: 22, type: 'test', name: 'Проверка', availability: false, active: true, order: 2, access_time: null, completed: false },
        ],
      },
    ];
    const { sent, fetch } = stubStudents({
      'GET Alpha/schools/1/section_student/': () => json({ school_name: 'Alpha', student_id: 11, student_data: [{ group_id: 4, group_name: 'Поток 1', course_id: 7, course_name: 'Python', remaining_period: null, sections }] }),
      'POST Alpha/lesson-availability/': () => json({ detail: 'Доступность уроков обновлена.' }),
      'POST Alpha/lesson-availability/reset_to_group/': () => json({ detail: 'Доступы студента к урокам обновлены до групповых.' }),
    });
    renderStudents();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Доступ к урокам: Иванова Анна' }));
    const dialog = screen.getByRole('dialog', { name: 'Доступ к урокам: Иванова Анна' });
    expect((await within(dialog).findByRole<HTMLInputElement>('checkbox', { name: 'Проверка' })).checked).toBe(false);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Первый урок' }).checked).toBe(true);
    expect(within(dialog).getByText('Урок · пройден')).toBeTruthy();
    const url = new URL(String(fetch.mock.calls.find(([input]) => String(input).includes('section_student'))![0]), 'http://localhost');
    expect([url.searchParams.get('student_id'), url.searchParams.get('course_id')]).toEqual(['11', '7']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Сбросить к настройкам группы' }));
    const confirm = screen.getByRole('dialog', { name: 'Сбросить доступ ученика к урокам?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Сбросить к настройкам группы' }));
    await waitFor(() => expect(sent.some((request) => request.path === 'Alpha/lesson-availability/reset_to_group/')).toBe(true));
    expect(sent.find((request) => request.path === 'Alpha/lesson-availability/reset_to_group/')!.body).toEqual({ group_id: 4, student_id: 11 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Сбросить доступ ученика к урокам?' })).toBeNull());

    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Проверка' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((request) => request.path === 'Alpha/lesson-availability/')!.body).toEqual({ student_ids: [11], lesson_data: [{ lesson_id: 22, available: true }] });
  });

  it('gives a teacher the table without the buttons that change it', async () => {
    setRole(Role.Teacher);
    stubStudents();
    renderStudents(false);
    const table = await screen.findByRole('table', { name: 'Ученики группы' });
    expect(within(table).getByText('Без ограничения')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('says when the group has no students yet', async () => {
    stubApi({ [LIST]: () => page([]) });
    renderStudents();
    expect(await screen.findByRole('heading', { name: 'В группе пока нет учеников' })).toBeTruthy();
  });
});
