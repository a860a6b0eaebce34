// The school area's routes that open something other than their own path: index paths redirect
// to their first tab, and the teacher's 'Группы' menu item opens its page.
import { $impersonation, $school, INITIAL_IMPERSONATION, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../tests/helpers/api-stub.ts';
import { json } from '../../tests/helpers/json-response.ts';
import { App } from './app.tsx';
import { startGuard } from './guard.ts';
import { $router } from './router.ts';

let stop: (() => void) | undefined;
beforeEach(() => {
  localStorage.clear();
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $impersonation.set(INITIAL_IMPERSONATION);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'owner@alpha.ru' });
  selectSchool({ schoolName: 'Alpha', schoolTitle: 'Школа Альфа', contactLink: '', schoolId: 1, headerId: null });
  stubApi({});
});
afterEach(() => stop?.());

/** Opens a path as a click on a link would: a new history entry, then the router. */
function go(path: string) {
  window.history.pushState(null, '', path);
  $router.open(path);
}

describe('index paths open their first tab, replacing the history entry', () => {
  it.each([
    [Role.Admin, '/school/Alpha/settings', '/school/Alpha/settings/main'],
    [Role.SuperAdmin, '/school/Alpha/settings/', '/school/Alpha/settings/main'],
    [Role.Admin, '/school/Alpha/courses/create-course/9', '/school/Alpha/courses/create-course/9/constructor'],
    [Role.Admin, '/school/Alpha/courses/create-course/9/', '/school/Alpha/courses/create-course/9/constructor'],
  ])('role %i: %s → %s', (role, path, target) => {
    setRole(role);
    stop = startGuard();
    go('/school/Alpha/profile');
    const entries = window.history.length;
    go(path);
    expect(window.location.pathname).toBe(target);
    expect($router.get()?.path).toBe(target);
    // One entry for the click, none for the redirect: Back leaves the index path, not loops into it.
    expect(window.history.length).toBe(entries + 1);
  });

  it("shows settings/main with the tab bar's first tab current", async () => {
    setRole(Role.Admin);
    stop = startGuard();
    go('/school/Alpha/settings');
    render(<App />);
    const tabs = await screen.findByRole('navigation', { name: 'Разделы настроек' });
    expect(within(tabs).getByRole('link', { name: 'Основные' }).getAttribute('aria-current')).toBe('page');
    // The tab's own screen (settings-tabs.ts), loaded on demand.
    expect(await screen.findByRole('heading', { level: 1, name: 'Основные настройки' })).toBeTruthy();
  });

  it('leaves a teacher on settings: not its section, so not found', async () => {
    setRole(Role.Teacher);
    stop = startGuard();
    go('/school/Alpha/settings');
    render(<App />);
    expect(window.location.pathname).toBe('/school/Alpha/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeTruthy();
  });
});

describe("the teacher's 'Группы'", () => {
  it('is a menu link to a page of that name, not not-found', async () => {
    setRole(Role.Teacher);
    stubApi({ 'GET Alpha/students_group/': () => json({ count: 0, next: null, previous: null, results: [] }) });
    go('/school/Alpha/group');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Группы' })).toBeTruthy();
    expect(await screen.findByText('У вас пока нет групп')).toBeTruthy();
    const link = within(screen.getByRole('navigation', { name: 'Меню' })).getByRole('link', { name: 'Группы' });
    expect(link.getAttribute('href')).toBe('/school/Alpha/group');
    expect(link.getAttribute('aria-current')).toBe('page');
  });
});
