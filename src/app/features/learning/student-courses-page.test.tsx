import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { StudentCourse } from './learning-api.ts';
import StudentCoursesPage from './student-courses-page.tsx';

const course = (id: number, own: Partial<StudentCourse> = {}): StudentCourse => ({
  course_id: id,
  school: 1,
  name: `Курс ${id}`,
  description: '',
  format: 'ОН',
  price: 0,
  currency: 'RUB',
  duration_days: null,
  public: 'О',
  is_catalog: false,
  is_direct: false,
  folder: null,
  photo_url: null,
  order: id,
  course_removed: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  baselessons_count: 10,
  lesson_count: 10,
  homework_count: 0,
  test_count: 0,
  video_count: 0,
  students_count: 1,
  group_id: 10 + id,
  remaining_period: null,
  certificate: false,
  progress: { total: 10, completed: 3, percent: 30 },
  finished: false,
  access_expired: false,
  published: true,
  ...own,
});
const page = (count: number, ...courses: StudentCourse[]) => json({ count, next: null, previous: null, results: courses });
const card = (name: string) => screen.getByRole('link', { name }).closest('li')!;

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 5, email: 'student@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Student);
});

describe('StudentCoursesPage', () => {
  it("shows loading, then the student's courses as cards opening their programme, with progress and what is left", async () => {
    stubApi({
      'GET Alpha/courses/': () =>
        page(
          4,
          course(1, { photo_url: '/api/files/9/cover.png?t=x', remaining_period: 5 }),
          course(2, { remaining_period: 1, progress: { total: 4, completed: 0, percent: 0 } }),
          course(3, { remaining_period: 0, access_expired: true }),
          course(4, { finished: true, progress: { total: 2, completed: 2, percent: 100 } }),
        ),
    });
    render(<StudentCoursesPage school="Alpha" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Мои курсы' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Бонусы' }).getAttribute('href')).toBe('/school/Alpha/student-courses/bonus');
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    const first = await screen.findByRole('link', { name: 'Курс 1' });
    expect(first.getAttribute('href')).toBe('/school/Alpha/student-course/1');
    expect(screen.queryByRole('status')).toBeNull();

    const one = card('Курс 1');
    const bar = within(one).getByRole('progressbar', { name: 'Прогресс' });
    expect(bar.getAttribute('value')).toBe('30');
    expect(one.textContent).toContain('30%');
    expect(one.textContent).toContain('3 из 10');
    expect(within(one).getByText('Осталось 5 дней')).toBeTruthy();
    expect(one.querySelector('img')?.getAttribute('src')).toBe('/api/files/9/cover.png?t=x');

    expect(within(card('Курс 2')).getByText('Остался 1 день')).toBeTruthy();
    expect(card('Курс 2').textContent).toContain('0 из 4');
    expect(within(card('Курс 3')).getByText('Доступ закончился')).toBeTruthy();
    expect(within(card('Курс 4')).getByText('Курс пройден')).toBeTruthy();
    expect(card('Курс 4').textContent).toContain('100%');
  });

  it('says so when the student studies nothing yet', async () => {
    stubApi({ 'GET Alpha/courses/': () => page(0) });
    render(<StudentCoursesPage school="Alpha" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'У вас пока нет курсов' })).toBeTruthy();
  });

  it('shows a failed load with a retry, and pages a long list', async () => {
    let calls = 0;
    const { sent, fetch } = stubApi({
      'GET Alpha/courses/': () => (++calls === 1 ? json({ code: 'DB_UNAVAILABLE', message: 'внутреннее' }, 503) : page(30, course(calls))),
    });
    render(<StudentCoursesPage school="Alpha" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByRole('link', { name: 'Курс 2' });
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Страницы' })).getByRole('button', { name: '3' }));
    await screen.findByRole('link', { name: 'Курс 3' });
    expect(sent.at(-1)!.path).toBe('Alpha/courses/');
    const query = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x').searchParams;
    expect([query.get('p'), query.get('s')]).toEqual(['3', '12']);
  });
});
