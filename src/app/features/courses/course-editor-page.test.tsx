import { $school, appMessages, defaultLanding, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import CourseEditorPage from './course-editor-page.tsx';

const course = { course_id: 5, name: 'Python с нуля', description: '', format: 'ОН', price: 0, currency: 'BYN', duration_days: null, public: 'О', is_catalog: true, is_direct: false, folder: null, photo_url: null, course_removed: null };

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

const tabs = () => within(screen.getByRole('navigation', { name: 'Разделы курса' })).getAllByRole('link');

describe('CourseEditorPage', () => {
  it("names the course and links every tab of spec §2 in Russian, the current one marked; the browser tab shows the course's name", async () => {
    stubApi({ 'GET Alpha/courses/5/': () => json(course), 'GET Alpha/courses/5/sections/': () => json({ course_id: 5, course_name: 'Python с нуля', sections: [] }) });
    render(<CourseEditorPage school="Alpha" courseId={5} tab="constructor" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Python с нуля' })).toBeTruthy();
    expect(tabs().map((link) => link.textContent)).toEqual(['Конструктор', 'Настройки', 'Баннер', 'Ученики', 'Страница курса', 'Комментарии', 'Материалы', 'Сертификаты']);
    expect(tabs()[1]!.getAttribute('href')).toBe('/school/Alpha/courses/create-course/5/settings');
    expect(tabs().filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual(['Конструктор']);
    expect(await screen.findByRole('heading', { level: 2, name: 'В курсе пока нет модулей' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Python с нуля — CourseHub'));
  });

  it("opens the course's cover on the banner tab", async () => {
    stubApi({ 'GET Alpha/courses/5/': () => json(course) });
    render(<CourseEditorPage school="Alpha" courseId={5} tab="banner" />);
    expect(await screen.findByLabelText('Загрузить обложку')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Баннер' })).toBeTruthy();
    expect(screen.queryByText(appMessages.sectionSoon)).toBeNull();
  });

  it("lists the course's files on the materials tab and edits the certificate template on the certificates tab", async () => {
    stubApi({
      'GET Alpha/courses/5/': () => json(course),
      'GET Alpha/files/': () => json([]),
      'GET Alpha/courses/5/certificate/': () => json({ course_id: 5, director_name: 'Директоров', teacher_name: '', signature_file: null, stamp_file: null, signature_url: null, stamp_url: null }),
    });
    const { unmount } = render(<CourseEditorPage school="Alpha" courseId={5} tab="materials" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'В курсе пока нет файлов' })).toBeTruthy();
    expect(screen.queryByText(appMessages.sectionSoon)).toBeNull();
    unmount();
    render(<CourseEditorPage school="Alpha" courseId={5} tab="certificates" />);
    expect(((await screen.findByLabelText('Директор')) as HTMLInputElement).value).toBe('Директоров');
    expect(screen.queryByText(appMessages.sectionSoon)).toBeNull();
  });

  it('opens the landing constructor on the page tab', async () => {
    stubApi({
      'GET Alpha/courses/5/': () => json(course),
      'GET Alpha/course_landing/5/': () => json({ course: { course_id: 5, name: 'Python с нуля' }, landing: defaultLanding() }),
    });
    render(<CourseEditorPage school="Alpha" courseId={5} tab="page" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Страница курса' })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Блоки страницы' })).toBeTruthy();
    expect(screen.queryByText(appMessages.sectionSoon)).toBeNull();
  });

  it("moderates the lessons' comments on the comments tab", async () => {
    stubApi({
      'GET Alpha/courses/5/': () => json(course),
      'GET Alpha/courses/5/sections/': () => json({ course_id: 5, course_name: 'Python с нуля', sections: [{ section_id: 1, name: 'Модуль', order: 1, lessons: [{ type: 'lesson', id: 10, baselesson_ptr_id: 10, name: 'Введение', order: 1, active: true }] }] }),
      'GET Alpha/lesson_comments/': () => json({ count: 0, next: null, previous: null, results: [] }),
    });
    render(<CourseEditorPage school="Alpha" courseId={5} tab="comments" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Комментарии' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Комментариев пока нет' })).toBeTruthy();
    expect(screen.queryByText(appMessages.sectionSoon)).toBeNull();
  });

  it("shows the course's settings on the settings tab", async () => {
    stubApi({ 'GET Alpha/courses/5/': () => json(course), 'GET Alpha/folder_course/': () => json([]) });
    render(<CourseEditorPage school="Alpha" courseId={5} tab="settings" />);
    expect(((await screen.findByRole('textbox', { name: 'Название' })) as HTMLInputElement).value).toBe('Python с нуля');
  });

  it('says when the course does not exist, with a retry', async () => {
    stubApi({ 'GET Alpha/courses/5/': () => json({ code: 'COURSE_NOT_FOUND', message: 'Курс не найден.' }, 404) });
    render(<CourseEditorPage school="Alpha" courseId={5} tab="constructor" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Курс не найден' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Курс не найден.');
  });
});
