import { $impersonation, $school, $user, INITIAL_IMPERSONATION, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../tests/helpers/api-stub.ts';
import { json } from '../../../tests/helpers/json-response.ts';
import { SchoolLayout } from './school-layout.tsx';
import { forgetPersonName } from './use-person-name.ts';

const account = { id: 1, email: 'teacher@school.ru', username: 'teacher@school.ru', first_name: 'Пётр', last_name: 'Петров' };

beforeEach(() => {
  resetUser();
  forgetPersonName();
  $school.set(INITIAL_SCHOOL);
  $impersonation.set(INITIAL_IMPERSONATION);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'teacher@school.ru', userName: 'Пётр' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  stubApi({ 'GET user/': () => json(account) });
});

const layout = () => render(<SchoolLayout rest="profile"><p>страница</p></SchoolLayout>);
const header = () => screen.getByRole('banner');

describe('the school header', () => {
  it("shows the school's title and the person's first and last name", async () => {
    selectSchool({ schoolName: 'Shkola_Romashka', schoolTitle: 'Школа Ромашка', contactLink: '', schoolId: 1, headerId: null });
    signIn({ access: 'a', refresh: 'r', userId: 1, email: 'teacher@school.ru', userName: 'teacher@school.ru' });
    setRole(Role.Teacher);
    layout();
    expect(header().querySelector('.school-name')!.textContent).toBe('Школа Ромашка');
    expect(header().textContent).not.toContain('Shkola_Romashka');
    await waitFor(() => expect(header().querySelector('.user-name')!.textContent).toBe('Пётр Петров'));
    expect($user.get().userName).toBe('Пётр Петров');
  });

  it('falls back to the URL name for a school saved before titles were kept, and to the email for a nameless account', async () => {
    const { fetch } = stubApi({ 'GET user/': () => json({ ...account, first_name: '', last_name: ' ' }) });
    setRole(Role.Teacher);
    // What an older version of the app left in local storage: no schoolTitle.
    $school.set({ schoolName: 'Shkola_Romashka', contactLink: '', schoolId: 1, headerId: null });
    layout();
    expect(header().querySelector('.school-name')!.textContent).toBe('Shkola_Romashka');
    await waitFor(() => expect(header().querySelector('.user-name')!.textContent).toBe('teacher@school.ru'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the name it has when user/ fails, and asks once per page load', async () => {
    const { fetch } = stubApi({ 'GET user/': () => json({ code: 'DOWN', message: 'x' }, 503) });
    setRole(Role.Teacher);
    const { unmount } = layout();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(header().querySelector('.user-name')!.textContent).toBe('Пётр');
    unmount();
    layout();
    expect(header().querySelector('.user-name')!.textContent).toBe('Пётр');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not overwrite the "viewing as" name while impersonating', () => {
    const { fetch } = stubApi({ 'GET user/': () => json(account) });
    setRole(Role.Student);
    $impersonation.set({ ...INITIAL_IMPERSONATION, isImpersonating: true, impersonatedUserId: 1, impersonatedUserEmail: 'teacher@school.ru' });
    $user.set({ ...$user.get(), userName: 'Анна Иванова (просмотр от имени)' });
    layout();
    expect(header().querySelector('.user-name')!.textContent).toBe('Анна Иванова (просмотр от имени)');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the school menu', () => {
  it('links each section into the chosen school and marks the current one', () => {
    setRole(Role.Teacher);
    render(<SchoolLayout rest="home-work"><p>страница</p></SchoolLayout>);
    const current = screen.getByRole('link', { name: 'Домашние задания' });
    expect(current.getAttribute('href')).toBe('/school/Alpha/home-work');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('страница')).toBeTruthy();
    expect(screen.getByText('Помощник')).toBeTruthy();
  });
});
