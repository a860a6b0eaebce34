import { $school, ADMIN_SETTINGS, appMessages, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn, SUPER_ADMIN_SETTINGS } from '#core';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import SettingsPage from './settings-page.tsx';
import { SETTINGS_TABS } from './settings-tabs.ts';

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
});

const tabBar = () => screen.getByRole('navigation', { name: 'Разделы настроек' });
const tabLinks = () => within(tabBar()).getAllByRole('link');

describe('SettingsPage', () => {
  it.each([
    [Role.Admin, ADMIN_SETTINGS, ['Основные', 'Сотрудники', 'Оформление', 'Паспорт школы', 'Способы оплаты', 'Домен', 'Промокоды', 'Рассылки', 'Баннер', 'Бонусы', 'Приглашения']],
    [Role.SuperAdmin, SUPER_ADMIN_SETTINGS, ['Основные', 'Сотрудники', 'Журнал запросов', 'Способы оплаты', 'Оформление', 'Паспорт школы', 'Домен', 'Промокоды', 'Бонусы', 'Приглашения']],
  ])("role %i links every tab of its settings set, in Russian", (role, tabs, labels) => {
    setRole(role);
    render(<SettingsPage school="Alpha" tab="main" />);
    expect(tabLinks().map((link) => link.textContent)).toEqual(labels);
    expect(tabLinks().map((link) => link.getAttribute('href'))).toEqual(tabs.map((tab) => `/school/Alpha/settings/${tab}`));
  });

  // A tab of the set without a screen yet (tabs get theirs one by one; none left: nothing to show).
  const soon = ADMIN_SETTINGS.find((tab) => !(tab in SETTINGS_TABS));
  it.skipIf(!soon)('marks the current tab and shows the coming-soon notice under its heading', () => {
    setRole(Role.Admin);
    render(<SettingsPage school="Alpha" tab={soon!} />);
    const label = appMessages.settings.tabs[soon!]!;
    const current = tabLinks().filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([label]);
    expect(screen.getByRole('heading', { level: 1, name: label })).toBeTruthy();
    expect(screen.getByText(appMessages.sectionSoon)).toBeTruthy();
  });

  it("shows the school's users on the employees tab, the tab bar staying above", async () => {
    setRole(Role.Admin);
    stubApi({ 'GET Alpha/all_users/': () => json({ count: 1, results: [{ id: 5, email: 'student@school.ru', first_name: 'Анна', last_name: 'Иванова', role: 'Student', pseudonym: null }] }) });
    render(<SettingsPage school="Alpha" tab="employees" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Пользователи школы' })).toBeTruthy();
    expect(await screen.findByText('student@school.ru')).toBeTruthy();
    expect(within(tabBar()).getByRole('link', { name: 'Сотрудники' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText(appMessages.sectionSoon)).toBeNull();
  });
});
