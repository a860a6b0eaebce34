import { $impersonation, $school, $user, INITIAL_IMPERSONATION, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import SchoolUsersPage from './school-users-page.tsx';

const student = { id: 5, email: 'student@school.ru', first_name: 'Анна', last_name: 'Иванова', role: 'Student', pseudonym: null };
const teacher = { id: 6, email: 'teacher@school.ru', first_name: 'Пётр', last_name: 'Петров', role: 'Teacher', pseudonym: null };
const owner = { id: 2, email: 'owner@school.ru', first_name: 'Ольга', last_name: 'Смирнова', role: 'Admin', pseudonym: null };
const me = { id: 1, email: 'admin@school.ru', first_name: '', last_name: '', role: 'Admin', pseudonym: null };
const page = (...rows: unknown[]) => json({ count: rows.length, results: rows });
/** What the page reads besides the users: the school (its owner) and the pending invitations. */
const AROUND: Record<string, Answer> = {
  'GET schools/1/': () => json({ school_id: 1, name: 'Alpha', owner: 2 }),
  'GET Alpha/invitations/': () => page(),
};
const toasts = () => $toasts.get().map((toast) => toast.text);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $impersonation.set(INITIAL_IMPERSONATION);
  $toasts.set([]);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('SchoolUsersPage', () => {
  it('lists students first, staff on the other tab', async () => {
    // The first request is the students' tab, the second the staff's.
    let calls = 0;
    stubApi({ ...AROUND, 'GET Alpha/all_users/': () => page(++calls === 1 ? student : teacher) });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    const row = (await screen.findByText('student@school.ru')).closest('tr')!;
    expect(within(row).getByText('Иванова Анна')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Пользователи школы' })).toBeTruthy();
    // The table is named by the tab it shows (a caption for screen readers only).
    expect(within(screen.getByRole('table', { name: 'Ученики' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Имя', 'Email', 'Роль', 'Действия']);
    fireEvent.click(screen.getByRole('button', { name: 'Сотрудники' }));
    expect(await screen.findByText('teacher@school.ru')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Сотрудники' })).toBeTruthy();
  });

  it('starts viewing as a student: the impersonation state and the student session', async () => {
    stubApi({
      ...AROUND,
      'GET Alpha/all_users/': () => page(student),
      'POST impersonate/start/': () => json({ access: 'sa', refresh: 'sr', user: { id: 5, email: 'student@school.ru', first_name: 'Анна', last_name: 'Иванова' }, impersonator: { id: 1, email: 'admin@school.ru' } }),
    });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Просмотреть как ученик' }));
    // The app then opens the student's home; here the caller is now the student.
    await waitFor(() => expect($impersonation.get().isImpersonating).toBe(true));
    expect($impersonation.get()).toMatchObject({ isImpersonating: true, impersonatedUserId: 5, impersonatedUserEmail: 'student@school.ru' });
    expect($user.get()).toMatchObject({ role: Role.Student, userName: 'Анна Иванова (просмотр от имени)', authState: { access: 'sa', refresh: 'sr' } });
  });

  it('offers "view as" only for students', async () => {
    stubApi({ ...AROUND, 'GET Alpha/all_users/': () => page(teacher) });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    await screen.findByText('teacher@school.ru');
    expect(screen.queryByRole('button', { name: 'Просмотреть как ученик' })).toBeNull();
  });

  it('shows a refused start and a failed list with a retry', async () => {
    let calls = 0;
    stubApi({
      ...AROUND,
      'GET Alpha/all_users/': () => (++calls === 1 ? json({ code: 'DOWN', message: 'x' }, 503) : page(student)),
      'POST impersonate/start/': () => json({ code: 'IMPERSONATION_FORBIDDEN', message: 'Просматривать сайт можно только от имени ученика своей школы.' }, 403),
    });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Просмотреть как ученик' }));
    expect(await screen.findByText('Просматривать сайт можно только от имени ученика своей школы.')).toBeTruthy();
    expect($impersonation.get().isImpersonating).toBe(false);
  });

  it('says so when there is nobody', async () => {
    stubApi({ ...AROUND, 'GET Alpha/all_users/': () => page() });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    expect(await screen.findByText('Здесь пока никого нет.')).toBeTruthy();
  });

  it('marks the owner and the admin themself, with no actions on their rows', async () => {
    stubApi({ ...AROUND, 'GET Alpha/all_users/': () => page(me, owner, teacher) });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    await waitFor(() => expect(within(rowOf('teacher@school.ru')).queryByRole('button', { name: 'Изменить роль: Петров Пётр' })).toBeTruthy());
    expect(within(rowOf('owner@school.ru')).getByText('Владелец школы')).toBeTruthy();
    expect(within(rowOf('owner@school.ru')).queryAllByRole('button')).toEqual([]);
    expect(within(rowOf('admin@school.ru')).getByText('Это вы')).toBeTruthy();
    expect(within(rowOf('admin@school.ru')).queryAllByRole('button')).toEqual([]);
    expect(within(rowOf('teacher@school.ru')).getByRole('button', { name: 'Удалить из школы: Петров Пётр' })).toBeTruthy();
  });

  it('changes a staff member’s role with assign_role, then reads the list again', async () => {
    let rows = [teacher];
    const { sent } = stubApi({
      ...AROUND,
      'GET Alpha/all_users/': () => page(...rows),
      'POST school-new-roles/assign_role/': () => {
        rows = [{ ...teacher, role: 'Admin' }];
        return json({ detail: 'Роль выдана успешно!' }, 201);
      },
    });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить роль: Петров Пётр' }));
    const dialog = screen.getByRole('dialog', { name: 'Роль пользователя Петров Пётр' });
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Новая роль');
    expect(select.value).toBe('Teacher');
    expect(Array.from(select.options).map((option) => option.text)).toEqual(['Администратор', 'Преподаватель', 'Ученик']);
    fireEvent.change(select, { target: { value: 'Admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ school_id: 1, user_id: 6, role_name: 'Admin' });
    expect(toasts()).toEqual(['Роль изменена.']);
    await waitFor(() => expect(within(rowOf('teacher@school.ru')).getByText('Администратор')).toBeTruthy());
  });

  it('keeps the dialog open with the server’s refusal of a role change', async () => {
    stubApi({
      ...AROUND,
      'GET Alpha/all_users/': () => page({ ...teacher, role: 'Admin' }),
      'POST school-new-roles/assign_role/': () => json({ code: 'LAST_ADMIN', message: 'В школе должен остаться хотя бы один администратор.' }, 400),
    });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить роль: Петров Пётр' }));
    const dialog = screen.getByRole('dialog', { name: 'Роль пользователя Петров Пётр' });
    fireEvent.change(within(dialog).getByLabelText('Новая роль'), { target: { value: 'Teacher' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('В школе должен остаться хотя бы один администратор.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the role dialog without a call when the role stays', async () => {
    const { sent } = stubApi({ ...AROUND, 'GET Alpha/all_users/': () => page(teacher) });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить роль: Петров Пётр' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Сохранить' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.some((request) => request.path.startsWith('school-new-roles/'))).toBe(false);
  });

  it('removes a staff member after a confirmation: remove_role of their main role', async () => {
    let rows = [teacher];
    const { sent } = stubApi({
      ...AROUND,
      'GET Alpha/all_users/': () => page(...rows),
      'DELETE school-new-roles/remove_role/': () => {
        rows = [];
        return new Response(null, { status: 204 });
      },
    });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить из школы: Петров Пётр' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить пользователя из школы?' });
    expect(within(dialog).getByText('Петров Пётр потеряет доступ к школе, её курсам и группам. Вернуть его можно только новым приглашением.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить из школы: Петров Пётр' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить из школы' }));
    expect(await screen.findByText('Здесь пока никого нет.')).toBeTruthy();
    expect(sent.find((request) => request.method === 'DELETE')!.body).toEqual({ school_id: 1, user_id: 6, role_name: 'Teacher' });
    expect(toasts()).toEqual(['Пользователь удалён из школы.']);
  });

  it('shows a refused removal and keeps the row', async () => {
    stubApi({
      ...AROUND,
      'GET Alpha/all_users/': () => page(teacher),
      'DELETE school-new-roles/remove_role/': () => json({ code: 'USER_NOT_IN_SCHOOL', message: 'Пользователь не состоит в этой школе.' }, 404),
    });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить из школы: Петров Пётр' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить из школы' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Пользователь не состоит в этой школе.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('teacher@school.ru')).toBeTruthy();
  });

  it('offers no staff actions while the owner is unknown, and a retry when it failed', async () => {
    let calls = 0;
    stubApi({
      ...AROUND,
      'GET schools/1/': () => (++calls === 1 ? json({ code: 'DOWN', message: 'x' }, 503) : json({ school_id: 1, name: 'Alpha', owner: 2 })),
      'GET Alpha/all_users/': () => page(teacher),
    });
    render(<SchoolUsersPage school="Alpha" role={Role.Admin} />);
    const retry = await screen.findByRole('button', { name: 'Повторить' });
    await screen.findByText('teacher@school.ru');
    expect(within(rowOf('teacher@school.ru')).queryAllByRole('button')).toEqual([]);
    fireEvent.click(retry);
    expect(await screen.findByRole('button', { name: 'Изменить роль: Петров Пётр' })).toBeTruthy();
  });
});
