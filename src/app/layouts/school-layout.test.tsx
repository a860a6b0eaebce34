import { $impersonation, $school, $user, employeesMessages, INITIAL_IMPERSONATION, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../tests/helpers/api-stub.ts';
import { json } from '../../../tests/helpers/json-response.ts';
import { SchoolLayout } from './school-layout.tsx';
import { forgetPersonName } from './use-person-name.ts';
import { forgetSchoolDecoration } from './use-school-decoration.ts';

const account = { id: 1, email: 'teacher@school.ru', username: 'teacher@school.ru', first_name: 'Пётр', last_name: 'Петров' };

beforeEach(() => {
  resetUser();
  forgetPersonName();
  forgetSchoolDecoration();
  $school.set(INITIAL_SCHOOL);
  $impersonation.set(INITIAL_IMPERSONATION);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'teacher@school.ru', userName: 'Пётр' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  stubApi({ 'GET user/': () => json(account) });
});

/** How many times the header asked for the person (`GET user/`), the school's own request aside. */
const userCalls = (fetch: { mock: { calls: unknown[][] } }) => fetch.mock.calls.filter(([input]) => String(input).endsWith('/user/')).length;
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
    expect(userCalls(fetch)).toBe(1);
  });

  it('keeps the name it has when user/ fails, and asks once per page load', async () => {
    const { fetch } = stubApi({ 'GET user/': () => json({ code: 'DOWN', message: 'x' }, 503) });
    setRole(Role.Teacher);
    const { unmount } = layout();
    await waitFor(() => expect(userCalls(fetch)).toBe(1));
    expect(header().querySelector('.user-name')!.textContent).toBe('Пётр');
    unmount();
    layout();
    expect(header().querySelector('.user-name')!.textContent).toBe('Пётр');
    expect(userCalls(fetch)).toBe(1);
  });

  it('does not overwrite the "viewing as" name while impersonating', () => {
    const { fetch } = stubApi({ 'GET user/': () => json(account) });
    setRole(Role.Student);
    $impersonation.set({ ...INITIAL_IMPERSONATION, isImpersonating: true, impersonatedUserId: 1, impersonatedUserEmail: 'teacher@school.ru' });
    $user.set({ ...$user.get(), userName: 'Анна Иванова (просмотр от имени)' });
    layout();
    expect(header().querySelector('.user-name')!.textContent).toBe('Анна Иванова (просмотр от имени)');
    expect(userCalls(fetch)).toBe(0);
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
    expect(screen.getByText('Преподаватель')).toBeTruthy();
  });

  // The header once said «Пользователь» and «Помощник» where every list and the help say «Ученик» and «Преподаватель».
  it.each([
    [Role.Student, 'Ученик', 'Student'],
    [Role.Teacher, 'Преподаватель', 'Teacher'],
    [Role.Admin, 'Администратор', 'Admin'],
  ] as const)('names role %i in the header as the rest of the product does: %s', (role, label, name) => {
    setRole(role);
    layout();
    expect(header().querySelector('.role')!.textContent).toBe(label);
    expect(employeesMessages.roleNames[name]).toBe(label);
  });
});

describe('the skip link', () => {
  it('is the first stop of the keyboard, before the impersonation banner and the header (issue 25)', () => {
    setRole(Role.Teacher);
    const { container } = layout();
    expect(container.querySelector('a[href], button, input, select, textarea')!.textContent).toBe('Перейти к содержимому');
  });
});

describe("the school's own look", () => {
  const school = { school_id: 1, name: 'Alpha', title: 'Альфа Плюс', contact_link: 'https://t.me/alpha', accent_color: '#1557b0', accent_text_color: '#ffffff', logo: 'http://x/api/files/5/logo.png?t=1' };

  it("asks for the school once per page load and paints the area with its colours, title and logo", async () => {
    const { fetch } = stubApi({ 'GET user/': () => json(account), 'GET schools/1/': () => json(school) });
    setRole(Role.Student);
    const { container, unmount } = layout();
    await waitFor(() => expect(header().querySelector('.school-name')!.textContent).toBe('Альфа Плюс'));
    const shell = container.querySelector<HTMLElement>('.school-shell')!;
    expect(shell.style.getPropertyValue('--ch-accent')).toBe('#1557b0');
    expect(shell.style.getPropertyValue('--ch-accent-contrast')).toBe('#ffffff');
    expect(screen.getByRole('img', { name: 'Альфа Плюс' }).getAttribute('src')).toBe(school.logo);
    expect($school.get()).toMatchObject({ schoolName: 'Alpha', contactLink: 'https://t.me/alpha', accentColor: '#1557b0' });
    unmount();
    layout();
    expect(fetch.mock.calls.filter(([input]) => String(input).includes('/schools/1/'))).toHaveLength(1);
  });

  it('paints with colours that read: a light accent darkened for text, a text colour that does not read on it moved (issue 25)', () => {
    $school.set({ ...$school.get(), accentColor: '#ba75ff', accentTextColor: '#000000' });
    setRole(Role.Student);
    const shell = layout().container.querySelector<HTMLElement>('.school-shell')!;
    expect(shell.style.getPropertyValue('--ch-accent')).toBe('#9933ff');
    expect(shell.style.getPropertyValue('--ch-accent-contrast')).toBe('#f5f5f5');
    // A yellow stays a yellow, dark enough to read on the page.
    act(() => $school.set({ ...$school.get(), accentColor: '#FFEB3B', accentTextColor: null }));
    expect(shell.style.getPropertyValue('--ch-accent')).toBe('#7d7100');
  });

  it('keeps the platform colours while the school has none, and ignores anything but #rrggbb', () => {
    $school.set({ ...$school.get(), accentColor: 'red;background:url(x)', accentTextColor: null });
    setRole(Role.Student);
    const { container } = layout();
    expect(container.querySelector<HTMLElement>('.school-shell')!.getAttribute('style')).toBeNull();
    expect(header().querySelector('.brand')!.textContent).toBe('CourseHub');
  });
});
