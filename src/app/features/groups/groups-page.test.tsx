import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import GroupsPage from './groups-page.tsx';

const group = (id: number, students: number) => ({ group_id: id, name: `Поток ${id}`, course_id: 7, course_name: 'Python', teacher_id: 2, teacher_name: 'Пётр', students_count: students });

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 2, email: 'teacher@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Teacher);
});

describe('GroupsPage', () => {
  it("lists the teacher's groups, each opening its own page, with the course and the students", async () => {
    stubApi({ 'GET Alpha/students_group/': () => json({ count: 2, next: null, previous: null, results: [group(1, 1), group(2, 5)] }) });
    render(<GroupsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Группы' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Поток 1' });
    expect(link.getAttribute('href')).toBe('/school/Alpha/group/1');
    expect(within(link.closest('li')!).getByText('Python · 1 ученик')).toBeTruthy();
    expect(screen.getByText('Python · 5 учеников')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Создать группу' })).toBeNull();
  });

  it("opens an admin's group on the courses' side, and lets the admin create one", async () => {
    setRole(Role.Admin);
    stubApi({
      'GET Alpha/students_group/': () => json({ count: 1, next: null, previous: null, results: [group(4, 2)] }),
      'GET Alpha/all_users/': () => json({ count: 0, next: null, previous: null, results: [] }),
      'GET Alpha/courses/': () => json({ count: 0, next: null, previous: null, results: [] }),
    });
    render(<GroupsPage />);
    expect((await screen.findByRole('link', { name: 'Поток 4' })).getAttribute('href')).toBe('/school/Alpha/courses/group/4');
    fireEvent.click(screen.getByRole('button', { name: 'Создать группу' }));
    expect(within(screen.getByRole('dialog', { name: 'Новая группа' })).getByRole('combobox', { name: 'Курс' })).toBeTruthy();
  });

  it('says so when the teacher has no groups', async () => {
    stubApi({ 'GET Alpha/students_group/': () => json({ count: 0, next: null, previous: null, results: [] }) });
    render(<GroupsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'У вас пока нет групп' })).toBeTruthy();
  });

  it('pages a long list and shows a failed load with a retry', async () => {
    let calls = 0;
    const { sent } = stubApi({
      'GET Alpha/students_group/': () => (++calls === 1 ? json({ code: 'DB_UNAVAILABLE', message: 'База данных недоступна.' }, 503) : json({ count: 45, next: null, previous: null, results: [group(calls, 0)] })),
    });
    render(<GroupsPage />);
    // A 5xx is shown as the client's own message, never the server's text.
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByRole('link', { name: 'Поток 2' });
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Страницы' })).getByRole('button', { name: '3' }));
    await screen.findByRole('link', { name: 'Поток 3' });
    expect(sent.at(-1)!.path).toBe('Alpha/students_group/');
  });
});
