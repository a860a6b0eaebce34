import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $router } from '../../router.ts';
import { $toasts } from '../../ui/toasts.tsx';
import type { Course } from './course-api.ts';
import CoursesPage from './courses-page.tsx';

const course = (id: number, own: Partial<Course> = {}): Course => ({
  course_id: id,
  name: `Курс ${id}`,
  description: '',
  format: 'ОН',
  price: 0,
  currency: 'BYN',
  duration_days: null,
  public: 'О',
  is_catalog: false,
  is_direct: false,
  folder: null,
  photo_url: null,
  course_removed: null,
  school: 1,
  order: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  baselessons_count: 1,
  lesson_count: 1,
  homework_count: 0,
  test_count: 0,
  video_count: 0,
  students_count: 0,
  ...own,
});
const page = (...courses: Course[]) => json({ count: courses.length, next: null, previous: null, results: courses });
const folders = () => json([{ id: 2, name: 'Программирование', school: 1, courses_count: 1 }]);
const cards = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const search = (url: string) => new URL(url, 'http://x').searchParams;

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $toasts.set([]);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});
afterEach(() => vi.useRealTimers());

describe('CoursesPage for an admin', () => {
  it('lists the courses as cards linking to their constructors, with the folder filter', async () => {
    stubApi({ 'GET Alpha/courses/': () => page(course(1), course(2, { folder: { id: 2, name: 'Программирование' } })), 'GET Alpha/folder_course/': folders });
    render(<CoursesPage school="Alpha" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Курсы' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Курс 1' })).toBeTruthy();
    expect(cards()).toEqual(['Курс 1', 'Курс 2']);
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Папка' })).getAllByRole('option')).toHaveLength(3));
  });

  it('searches after the typing pauses, from page 1', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetch } = stubApi({ 'GET Alpha/courses/': () => page(course(1)), 'GET Alpha/folder_course/': folders });
    render(<CoursesPage school="Alpha" />);
    await act(async () => {});
    const field = screen.getByRole('searchbox', { name: 'Поиск по названию' });
    fireEvent.change(field, { target: { value: 'Py' } });
    fireEvent.change(field, { target: { value: 'Python' } });
    const courseCalls = () => fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/courses/'));
    expect(courseCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(courseCalls()).toHaveLength(2);
    expect(search(courseCalls()[1]!).get('search')).toBe('Python');
  });

  it('filters by folder, and says when nothing matches', async () => {
    const { fetch } = stubApi({ 'GET Alpha/courses/': () => page(), 'GET Alpha/folder_course/': folders });
    render(<CoursesPage school="Alpha" />);
    const filter = await screen.findByRole('combobox', { name: 'Папка' });
    await waitFor(() => expect(within(filter).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(filter, { target: { value: 'none' } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ничего не найдено' })).toBeTruthy();
    expect(search(String(fetch.mock.calls.at(-1)![0])).get('folder')).toBe('0');
  });

  it('offers to create the first course when there is none, and opens the new course in the constructor', async () => {
    stubApi({ 'GET Alpha/courses/': () => page(), 'GET Alpha/folder_course/': () => json([]), 'POST Alpha/courses/': () => json(course(9), 201) });
    const open = vi.spyOn($router, 'open').mockImplementation(() => {});
    render(<CoursesPage school="Alpha" />);
    const empty = (await screen.findByRole('heading', { level: 2, name: 'Курсов пока нет' })).parentElement!;
    fireEvent.click(within(empty).getByRole('button', { name: 'Создать курс' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Название' }), { target: { value: 'Новый' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/school/Alpha/courses/create-course/9/constructor'));
  });

  it('moves a course to the bin after the confirmation, and restores it from the bin', async () => {
    let removed = false;
    const { sent } = stubApi({
      'GET Alpha/courses/': () => (removed ? page(course(2)) : page(course(1), course(2))),
      'GET Alpha/folder_course/': folders,
      'DELETE Alpha/courses/1/': () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
      'PATCH Alpha/courses/1/': () => json(course(1)),
    });
    render(<CoursesPage school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'В корзину: Курс 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Переместить курс в корзину?' });
    expect(dialog.textContent).toContain('Курс «Курс 1» будет перемещён в корзину. Его можно восстановить в течение 7 дней.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'В корзину: Курс 1' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'В корзину' }));
    await waitFor(() => expect(cards()).toEqual(['Курс 2']));
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Курс перемещён в корзину.']);

    stubApi({ 'GET Alpha/courses/': () => page(course(1, { course_removed: '2026-03-01T10:00:00Z' })), 'GET Alpha/folder_course/': folders, 'PATCH Alpha/courses/1/': () => json(course(1)) });
    fireEvent.click(screen.getByRole('button', { name: 'Корзина' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Корзина' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'К курсам' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Создать курс' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Восстановить' }));
    await waitFor(() => expect($toasts.get().map((toast) => toast.text)).toContain('Курс восстановлен.'));
  });

  it('shows a failed load with a retry, and pages a long list', async () => {
    let calls = 0;
    const { fetch } = stubApi({
      'GET Alpha/courses/': () => (++calls === 1 ? json({ code: 'X', message: 'x' }, 503) : json({ count: 45, next: null, previous: null, results: [course(calls)] })),
      'GET Alpha/folder_course/': folders,
    });
    render(<CoursesPage school="Alpha" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByRole('link', { name: 'Курс 2' });
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Страницы' })).getByRole('button', { name: '3' }));
    await screen.findByRole('link', { name: 'Курс 3' });
    expect(search(String(fetch.mock.calls.at(-1)![0])).get('p')).toBe('3');
  });

  it('shows «Первые шаги» on top while the first steps are not all done', async () => {
    const tasks = ['Создать свой курс', 'Создать первый урок'].map((task, i) => ({ task, completed: i === 0 }));
    stubApi({
      'GET Alpha/courses/': () => page(course(1)),
      'GET Alpha/folder_course/': folders,
      'GET Alpha/school_tasks/': () => json({ total_tasks: 2, total_completed_tasks: 1, completion_percentage: 50, tasks }),
    });
    render(<CoursesPage school="Alpha" />);
    const card = (await screen.findByRole('heading', { level: 2, name: 'Первые шаги' })).closest('section')!;
    expect(within(card).getByText('Выполнено 1 из 2 (50 %)')).toBeTruthy();
    expect(card.compareDocumentPosition(screen.getByRole('searchbox')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('CoursesPage for a teacher', () => {
  it('lists the courses of their groups, read only', async () => {
    setRole(Role.Teacher);
    const { sent } = stubApi({ 'GET Alpha/courses/': () => page(course(1)) });
    render(<CoursesPage school="Alpha" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Курс 1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Курс 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Создать курс' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Корзина' })).toBeNull();
    expect(screen.queryByRole('button', { name: /В корзину/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Папка' })).toBeNull();
    expect(sent.map((request) => request.path)).toEqual(['Alpha/courses/']);
  });

  it('says what will appear when they have no courses yet', async () => {
    setRole(Role.Teacher);
    stubApi({ 'GET Alpha/courses/': () => page() });
    render(<CoursesPage school="Alpha" />);
    expect(await screen.findByText('Когда вас назначат преподавателем группы, её курс появится здесь.')).toBeTruthy();
  });
});
