import { $schoolTasks, ApiError, INITIAL_SCHOOL_TASKS, resetUser, schoolTasksMessages, signIn, type SchoolTask } from '#core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type * as tasksApi from './school-tasks-api.ts';
import { getSchoolTasks } from './school-tasks-api.ts';
import { schoolScreen } from '../../school-screens.tsx';
import { SchoolTasksCard, taskPath } from './school-tasks-card.tsx';

// The real call, which one test replaces by a refusal it can wait for.
vi.mock('./school-tasks-api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof tasksApi>();
  return { getSchoolTasks: vi.fn(real.getSchoolTasks) };
});

const NAMES = ['Создать свой курс', 'Создать первый урок', 'Загрузить видео', 'Опубликовать курс', 'Добавить первого сотрудника', 'Создать первую группу', 'Добавить первого ученика'];
const checklist = (done: number) => {
  const tasks: SchoolTask[] = NAMES.map((task, i) => ({ task, completed: i < done }));
  return { total_tasks: 7, total_completed_tasks: done, completion_percentage: Math.round((done / 7) * 100), tasks };
};

beforeEach(() => {
  resetUser();
  $schoolTasks.set(INITIAL_SCHOOL_TASKS);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
});

describe('SchoolTasksCard', () => {
  it('shows «Первые шаги» with the share done and each step ticked or not, and keeps them in the client state', async () => {
    const { sent } = stubApi({ 'GET Alpha/school_tasks/': () => json(checklist(3)) });
    render(<SchoolTasksCard school="Alpha" />);
    const card = (await screen.findByRole('heading', { level: 2, name: 'Первые шаги' })).closest('section')!;
    expect(within(card).getByText('Выполнено 3 из 7 (43 %)')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('value')).toBe('43');
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '✓Создать свой курс: выполнено',
      '✓Создать первый урок: выполнено',
      '✓Загрузить видео: выполнено',
      'Опубликовать курс: не выполнено',
      'Добавить первого сотрудника: не выполнено',
      'Создать первую группу: не выполнено',
      'Добавить первого ученика: не выполнено',
    ]);
    // Each step is a link to where it is done; without a course, the course steps lead to the courses page.
    expect(within(card).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Создать свой курс: выполнено', '/school/Alpha/courses'],
      ['Создать первый урок: выполнено', '/school/Alpha/courses'],
      ['Загрузить видео: выполнено', '/school/Alpha/courses'],
      ['Опубликовать курс: не выполнено', '/school/Alpha/courses'],
      ['Добавить первого сотрудника: не выполнено', '/school/Alpha/settings/employees'],
      ['Создать первую группу: не выполнено', '/school/Alpha/courses'],
      ['Добавить первого ученика: не выполнено', '/school/Alpha/courses'],
    ]);
    expect(sent.map((request) => request.path)).toEqual(['Alpha/school_tasks/']);
    await waitFor(() => expect($schoolTasks.get()).toMatchObject({ total_tasks: 7, total_completed_tasks: 3, completion_percentage: 43 }));
  });

  it("links the course steps to the listed course's constructor, settings and students", async () => {
    stubApi({ 'GET Alpha/school_tasks/': () => json(checklist(1)) });
    render(<SchoolTasksCard school="Alpha" course={12} />);
    await screen.findByRole('heading', { level: 2, name: 'Первые шаги' });
    expect(screen.getByRole('link', { name: /Создать первый урок/ }).getAttribute('href')).toBe('/school/Alpha/courses/create-course/12/constructor');
    expect(screen.getByRole('link', { name: /Загрузить видео/ }).getAttribute('href')).toBe('/school/Alpha/courses/create-course/12/constructor');
    expect(screen.getByRole('link', { name: /Опубликовать курс/ }).getAttribute('href')).toBe('/school/Alpha/courses/create-course/12/settings');
    expect(screen.getByRole('link', { name: /Создать первую группу/ }).getAttribute('href')).toBe('/school/Alpha/courses/create-course/12/student');
    expect(screen.getByRole('link', { name: /Добавить первого ученика/ }).getAttribute('href')).toBe('/school/Alpha/courses/create-course/12/student');
  });

  it('leads only to screens an admin has', () => {
    for (const course of [undefined, 12]) {
      for (const key of Object.keys(schoolTasksMessages) as (keyof typeof schoolTasksMessages)[]) {
        expect(schoolScreen('Admin', taskPath(key, course)), `${key} ${course}`).not.toBeNull();
      }
    }
  });

  it('goes away once every step is done', async () => {
    stubApi({ 'GET Alpha/school_tasks/': () => json(checklist(7)) });
    const { container } = render(<SchoolTasksCard school="Alpha" />);
    await waitFor(() => expect($schoolTasks.get().total_completed_tasks).toBe(7));
    expect(container.innerHTML).toBe('');
  });

  it('takes no room while it loads or when it cannot be read (the courses page must not depend on it)', async () => {
    const refusal = Promise.reject(new ApiError({ status: 503, code: 'SERVER_ERROR', message: 'Сервер недоступен.' }));
    vi.mocked(getSchoolTasks).mockReturnValueOnce(refusal);
    const { container } = render(<SchoolTasksCard school="Alpha" />);
    expect(container.innerHTML).toBe('');
    // The card's handler was attached first, so it has run once this one has; then React renders.
    await act(() => refusal.catch(() => undefined));
    expect(getSchoolTasks).toHaveBeenCalledWith('Alpha');
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
