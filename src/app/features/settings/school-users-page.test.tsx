import { $impersonation, $school, $user, INITIAL_IMPERSONATION, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import SchoolUsersPage from './school-users-page.tsx';

const student = { id: 5, email: 'student@school.ru', first_name: 'Анна', last_name: 'Иванова', role: 'Student', pseudonym: null };
const teacher = { id: 6, email: 'teacher@school.ru', first_name: 'Пётр', last_name: 'Петров', role: 'Teacher', pseudonym: null };

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $impersonation.set(INITIAL_IMPERSONATION);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('SchoolUsersPage', () => {
  it('lists students first, staff on the other tab', async () => {
    // The first request is the students' tab, the second the staff's.
    let calls = 0;
    stubApi({ 'GET Alpha/all_users/': () => json({ count: 1, results: [++calls === 1 ? student : teacher] }) });
    render(<SchoolUsersPage role={Role.Admin} />);
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
      'GET Alpha/all_users/': () => json({ count: 1, results: [student] }),
      'POST impersonate/start/': () => json({ access: 'sa', refresh: 'sr', user: { id: 5, email: 'student@school.ru', first_name: 'Анна', last_name: 'Иванова' }, impersonator: { id: 1, email: 'admin@school.ru' } }),
    });
    render(<SchoolUsersPage role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Просмотреть как ученик' }));
    await screen.findByRole('button', { name: 'Просмотреть как ученик' });
    expect($impersonation.get()).toMatchObject({ isImpersonating: true, impersonatedUserId: 5, impersonatedUserEmail: 'student@school.ru' });
    expect($user.get()).toMatchObject({ role: Role.Student, userName: 'Анна Иванова (просмотр от имени)', authState: { access: 'sa', refresh: 'sr' } });
  });

  it('offers "view as" only for students', async () => {
    stubApi({ 'GET Alpha/all_users/': () => json({ count: 1, results: [teacher] }) });
    render(<SchoolUsersPage role={Role.Admin} />);
    await screen.findByText('teacher@school.ru');
    expect(screen.queryByRole('button', { name: 'Просмотреть как ученик' })).toBeNull();
  });

  it('shows a refused start and a failed list with a retry', async () => {
    let calls = 0;
    stubApi({
      'GET Alpha/all_users/': () => (++calls === 1 ? json({ code: 'DOWN', message: 'x' }, 503) : json({ count: 1, results: [student] })),
      'POST impersonate/start/': () => json({ code: 'IMPERSONATION_FORBIDDEN', message: 'Просматривать сайт можно только от имени ученика своей школы.' }, 403),
    });
    render(<SchoolUsersPage role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Просмотреть как ученик' }));
    expect(await screen.findByText('Просматривать сайт можно только от имени ученика своей школы.')).toBeTruthy();
    expect($impersonation.get().isImpersonating).toBe(false);
  });

  it('says so when there is nobody', async () => {
    stubApi({ 'GET Alpha/all_users/': () => json({ count: 0, results: [] }) });
    render(<SchoolUsersPage role={Role.Admin} />);
    expect(await screen.findByText('Здесь пока никого нет.')).toBeTruthy();
  });
});
