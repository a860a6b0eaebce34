import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $router } from '../../router.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { formatDateTime } from './learning-format.ts';
import type { StudentLesson, StudentOutline } from './learning-api.ts';
import StudentCoursePage from './student-course-page.tsx';

const lesson = (id: number, own: Partial<StudentLesson> = {}): StudentLesson => ({
  type: 'lesson',
  id,
  baselesson_ptr_id: id,
  section_id: 1,
  section: 1,
  name: `Урок ${id}`,
  order: id,
  active: true,
  points: 0,
  viewed: false,
  completed: false,
  sended: null,
  locked: null,
  ...own,
});

const outline = (own: Partial<StudentOutline> = {}): StudentOutline => ({
  course_id: 7,
  course_name: 'Python с нуля',
  group_id: 3,
  teacher_id: 2,
  group_settings: { strict_task_order: true, task_submission_lock: false, submit_homework_to_go_on: false, submit_test_to_go_on: false, success_test_to_go_on: false },
  remaining_period: null,
  certificate: true,
  progress: { total: 5, completed: 2, percent: 40 },
  finished: false,
  sections: [
    {
      section: 1,
      section_id: 1,
      course: 7,
      section_name: 'Введение',
      name: 'Введение',
      order: 1,
      lessons: [
        lesson(11, { viewed: true, completed: true }),
        lesson(12, { type: 'test', name: 'Проверка', sended: true }),
        lesson(13, { type: 'homework', name: 'Задание', sended: false, locked: { code: 'STRICT_ORDER', message: 'Необходимо пройти предыдущие уроки.', blocked_by: 12 } }),
      ],
    },
    {
      section: 2,
      section_id: 2,
      course: 7,
      section_name: 'Практика',
      name: 'Практика',
      order: 2,
      lessons: [lesson(21, { section_id: 2, section: 2, type: 'webinar', name: 'Эфир', locked: { code: 'NOT_YET_OPEN', message: 'Урок пока закрыт.', opens_at: '2026-03-05T10:00:00.000Z' } })],
    },
    { section: 3, section_id: 3, course: 7, section_name: 'Скоро', name: 'Скоро', order: 3, lessons: [] },
  ],
  ...own,
});

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $toasts.set([]);
  signIn({ access: 'a', refresh: 'r', userId: 5, email: 'student@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Student);
});

const row = (name: string) => screen.getByText(name).closest('li')!;

describe('StudentCoursePage', () => {
  it('«Написать преподавателю» opens the personal chat with the group\'s teacher; none without a teacher (issue 15)', async () => {
    const { sent } = stubApi({
      'GET Alpha/courses/7/sections/': () => json(outline()),
      'POST Alpha/chats/create_personal_chat/': () => json({ id: 'chat-2', type: 'personal', name: 'Преподаватель' }),
    });
    const { unmount } = render(<StudentCoursePage school="Alpha" courseId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Написать преподавателю' }));
    await waitFor(() => expect($router.get()?.path).toBe('/school/Alpha/chat/chat-2'));
    expect(sent.find((request) => request.method === 'POST')).toMatchObject({ path: 'Alpha/chats/create_personal_chat/', body: { teacher_id: 2 } });
    unmount();

    stubApi({ 'GET Alpha/courses/7/sections/': () => json(outline({ teacher_id: null })) });
    render(<StudentCoursePage school="Alpha" courseId={7} />);
    await screen.findByRole('heading', { level: 1, name: 'Python с нуля' });
    expect(screen.queryByRole('button', { name: 'Написать преподавателю' })).toBeNull();
  });

  it('shows loading, then the modules with their lessons, each with its type, progress, and a link to its page', async () => {
    stubApi({ 'GET Alpha/courses/7/sections/': () => json(outline()) });
    render(<StudentCoursePage school="Alpha" courseId={7} />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Python с нуля' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Python с нуля — CourseHub'));

    // The progress header.
    expect(screen.getByRole('progressbar', { name: 'Прогресс' }).getAttribute('value')).toBe('40');
    expect(screen.getByText('2 из 5')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();

    const intro = screen.getByRole('region', { name: 'Введение' });
    const links = within(intro).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Урок 11', '/school/Alpha/student-course/7/module/1/lesson/11'],
      ['Проверка', '/school/Alpha/student-course/7/module/1/test/12'],
    ]);
    expect(within(row('Урок 11')).getByText('Урок')).toBeTruthy();
    expect(within(row('Урок 11')).getByText('Пройдено')).toBeTruthy();
    expect(within(row('Проверка')).getByText('Тест')).toBeTruthy();
    expect(within(row('Проверка')).getByText('Отправлено')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Скоро' })).getByText('В модуле пока нет уроков.')).toBeTruthy();
  });

  it('says «На доработке» for a homework sent back, «Отклонено» for one refused, not «Отправлено»; the status read again on a remount', async () => {
    const homework = (own: Partial<StudentLesson>) => lesson(13, { type: 'homework', name: 'Задание', ...own });
    const withHomework = (own: Partial<StudentLesson>) =>
      outline({ sections: [{ section: 1, section_id: 1, course: 7, section_name: 'Введение', name: 'Введение', order: 1, lessons: [lesson(11, { viewed: true }), homework(own)] }] });
    let answer = withHomework({ sended: true, homework_status: 'revision' });
    stubApi({ 'GET Alpha/courses/7/sections/': () => json(answer) });
    const first = render(<StudentCoursePage school="Alpha" courseId={7} />);
    await screen.findByRole('heading', { level: 1, name: 'Python с нуля' });
    expect(within(row('Задание')).getByText('На доработке').className).toContain('lesson-state');
    expect(within(row('Задание')).queryByText('Отправлено')).toBeNull();
    first.unmount();

    answer = withHomework({ sended: true, homework_status: 'pending' });
    const second = render(<StudentCoursePage school="Alpha" courseId={7} />);
    expect(await within(await waitFor(() => row('Задание'))).findByText('Отправлено')).toBeTruthy();
    second.unmount();

    answer = withHomework({ sended: true, homework_status: 'rejected' });
    render(<StudentCoursePage school="Alpha" courseId={7} />);
    expect(await within(await waitFor(() => row('Задание'))).findByText('Отклонено')).toBeTruthy();
  });

  it('shows a locked lesson disabled, without a link, with the reason: strict order, or the date it opens in Russian', async () => {
    stubApi({ 'GET Alpha/courses/7/sections/': () => json(outline()) });
    render(<StudentCoursePage school="Alpha" courseId={7} />);
    await screen.findByRole('heading', { level: 1, name: 'Python с нуля' });
    const homework = row('Задание');
    expect(homework.getAttribute('aria-disabled')).toBe('true');
    expect(within(homework).queryByRole('link')).toBeNull();
    expect(within(homework).getByText('Домашнее задание')).toBeTruthy();
    expect(homework.textContent).toContain('Необходимо пройти предыдущие уроки.');
    expect(document.getElementById(homework.getAttribute('aria-describedby')!)?.textContent).toContain('Необходимо пройти предыдущие уроки.');

    const webinar = row('Эфир');
    expect(within(webinar).queryByRole('link')).toBeNull();
    expect(webinar.textContent).toContain(`Урок откроется ${formatDateTime('2026-03-05T10:00:00.000Z')}`);
    expect(formatDateTime('2026-03-05T10:00:00.000Z')).toMatch(/марта 2026/);
  });

  it('offers «Получить сертификат» only for a finished course of a group that gives certificates, and opens the issued one', async () => {
    const open = vi.spyOn($router, 'open').mockImplementation(() => {});
    let answer = outline();
    const { sent } = stubApi({
      'GET Alpha/courses/7/sections/': () => json(answer),
      'POST certificate/': () => json({ cert_link: 'abc.def', url: 'http://127.0.0.1:3000/certificate/abc.def' }),
    });
    const { unmount } = render(<StudentCoursePage school="Alpha" courseId={7} />);
    await screen.findByRole('heading', { level: 1, name: 'Python с нуля' });
    expect(screen.queryByRole('button', { name: 'Получить сертификат' })).toBeNull();
    unmount();

    answer = outline({ finished: true, certificate: false, progress: { total: 5, completed: 5, percent: 100 } });
    const second = render(<StudentCoursePage school="Alpha" courseId={7} />);
    await screen.findByText('Курс пройден');
    expect(screen.queryByRole('button', { name: 'Получить сертификат' })).toBeNull();
    second.unmount();

    answer = outline({ finished: true, certificate: true, progress: { total: 5, completed: 5, percent: 100 } });
    render(<StudentCoursePage school="Alpha" courseId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Получить сертификат' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/certificate/abc.def'));
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ course_id: 7 });
  });

  it("shows the server's refusal of the certificate as an error toast and lets the student try again", async () => {
    stubApi({
      'GET Alpha/courses/7/sections/': () => json(outline({ finished: true })),
      'POST certificate/': () => json({ code: 'FORBIDDEN', message: 'У вас нет доступа к сертификату' }, 403),
    });
    render(<StudentCoursePage school="Alpha" courseId={7} />);
    const button = await screen.findByRole('button', { name: 'Получить сертификат' });
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Получение...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect($toasts.get().map((toast) => [toast.text, toast.kind])).toEqual([['У вас нет доступа к сертификату', 'error']]));
    expect(screen.getByRole('button', { name: 'Получить сертификат' })).toHaveProperty('disabled', false);
  });

  it.each([
    ['COURSE_CLOSED', 'Доступ к курсу временно заблокирован. Обратитесь к администратору'],
    ['ACCESS_EXPIRED', 'Срок доступа к курсу истек.'],
  ])('shows 403 %s as a page with the reason and a way back to «Мои курсы»', async (code, message) => {
    stubApi({ 'GET Alpha/courses/7/sections/': () => json({ code, message }, 403) });
    render(<StudentCoursePage school="Alpha" courseId={7} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Курс недоступен' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Мои курсы' }).getAttribute('href')).toBe('/school/Alpha/student-courses');
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it('says a course it cannot see is not found, and offers a retry for other failures', async () => {
    let calls = 0;
    stubApi({
      'GET Alpha/courses/7/sections/': () => (++calls === 1 ? json({ code: 'DB_UNAVAILABLE', message: 'x' }, 503) : json(outline())),
      'GET Alpha/courses/8/sections/': () => json({ code: 'COURSE_NOT_FOUND', message: 'Курс не найден.' }, 404),
    });
    const { unmount } = render(<StudentCoursePage school="Alpha" courseId={8} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Курс не найден' })).toBeTruthy();
    unmount();
    render(<StudentCoursePage school="Alpha" courseId={7} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Python с нуля' })).toBeTruthy();
  });
});
