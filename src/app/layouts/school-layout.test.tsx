import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { menuFor, SchoolLayout } from './school-layout.tsx';

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'teacher@school.ru', userName: 'Пётр' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
});

describe('the school menu', () => {
  it.each([
    ['Admin', ['courses', 'profile', 'courses-stats', 'settings', 'home-work', 'help-center', 'tariff-plans', 'school-appeals', 'meetings', 'webinars', 'rating', 'access-logs', 'pwa', 'chat']],
    ['SuperAdmin', ['profile', 'settings', 'help-center', 'tariff-plans', 'pwa']],
    ['Teacher', ['profile', 'group', 'home-work', 'courses-stats', 'courses', 'help-center', 'tariff-plans', 'meetings', 'pwa']],
    ['Student', ['profile', 'student-courses', 'help-center', 'tariff-plans', 'meetings', 'rating', 'pwa']],
    [null, []],
  ] as const)('%s sees exactly its sections', (role, keys) => {
    expect(menuFor(role)).toEqual(keys);
  });

  it('links each section into the chosen school and marks the current one', () => {
    setRole(Role.Teacher);
    render(<SchoolLayout rest="home-work" notFound={<p>нет</p>}><p>страница</p></SchoolLayout>);
    const current = screen.getByRole('link', { name: 'Домашние задания' });
    expect(current.getAttribute('href')).toBe('/school/Alpha/home-work');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('страница')).toBeTruthy();
    expect(screen.getByText('Помощник')).toBeTruthy();
  });

  it("shows not-found instead of a page outside the role's set", () => {
    setRole(Role.Teacher);
    render(<SchoolLayout rest="settings/main" notFound={<p>нет такой страницы</p>}><p>страница</p></SchoolLayout>);
    expect(screen.getByText('нет такой страницы')).toBeTruthy();
    expect(screen.queryByText('страница')).toBeNull();
  });
});
