import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { homeworkCheck, userHomework } from '../../../../tests/helpers/homework-fixtures.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { formatDateTime } from './learning-format.ts';
import type { LessonDetail } from './learning-api.ts';
import LessonPage from './lesson-page.tsx';

// The panels are another part of this feature (their own tests); here only what the page gives them.
vi.mock('./test-panel.tsx', () => ({
  TestPanel: ({ school, lesson, onChanged }: { school: string; lesson: LessonDetail; onChanged: () => void }) => (
    <div data-testid="test-panel">
      {school}: {lesson.name}, осталось попыток {String(lesson.attempts_left)}
      <button type="button" onClick={onChanged}>
        Отправить тест
      </button>
    </div>
  ),
}));
vi.mock('./homework-panel.tsx', () => ({
  HomeworkPanel: ({ lesson }: { lesson: LessonDetail }) => <div data-testid="homework-panel">Сдача: {lesson.name}</div>,
}));

const block = { description: null, code_html: null, formula_html: null, url: null, picture: null, buttons: null, base_lesson: 11, code: null, language: null, formula: null, video_file: null, video_url: null, picture_file: null, picture_url: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const file = (id: number, kind: string, name: string) => ({ id, kind, course_id: 7, lesson_id: 11, name, mime: 'application/pdf', bytes: 2048, url: `/api/files/${id}/${name}?t=s`, created_at: '2026-01-01T00:00:00Z' });

const detail = (own: Partial<LessonDetail> = {}): LessonDetail => ({
  id: 11,
  baselesson_ptr_id: 11,
  type: 'lesson',
  section: 1,
  section_id: 1,
  course_id: 7,
  name: 'Переменные',
  order: 1,
  active: true,
  points: 0,
  author_id: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  description: '',
  blocks: [{ ...block, id: 1, order: 1, type: 'description', description: '<p>Переменная хранит <strong>значение</strong>.</p>' }],
  text_files: [file(1, 'text', 'конспект.pdf')],
  audio_files: [file(2, 'audio', 'лекция.mp3')],
  previous: { type: 'lesson', id: 10, section_id: 1 },
  next: { type: 'test', id: 12, section_id: 2 },
  viewed: true,
  completed: true,
  sended: null,
  ...own,
});

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 5, email: 'student@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Student);
});

describe('LessonPage', () => {
  it('loads the lesson by its type and shows its name, blocks, files and the previous and next lessons', async () => {
    const { sent } = stubApi({ 'GET Alpha/lessons/11/': () => json(detail()) });
    render(<LessonPage school="Alpha" courseId={7} lessonType="lesson" lessonId={11} />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Переменные' })).toBeTruthy();
    // The title is set by an effect after the heading renders.
    await waitFor(() => expect(document.title).toBe('Переменные — CourseHub'));
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['GET Alpha/lessons/11/']);

    const content = screen.getByRole('article', { name: 'Материалы урока' });
    expect(within(content).getByText('значение').tagName).toBe('STRONG');
    expect(screen.getByText('Пройдено')).toBeTruthy();

    const files = screen.getByRole('region', { name: 'Файлы урока' });
    expect(within(files).getByRole('link', { name: 'конспект.pdf' }).getAttribute('href')).toBe('/api/files/1/конспект.pdf?t=s');
    expect(files.textContent).toContain('2 КБ');
    const audio = screen.getByRole('region', { name: 'Аудио урока' });
    expect(within(audio).getByRole('link', { name: 'лекция.mp3' }).getAttribute('href')).toBe('/api/files/2/лекция.mp3?t=s');

    const nav = screen.getByRole('navigation', { name: 'Уроки курса' });
    expect(within(nav).getByRole('link', { name: 'Предыдущий урок' }).getAttribute('href')).toBe('/school/Alpha/student-course/7/module/1/lesson/10');
    expect(within(nav).getByRole('link', { name: 'Следующий урок' }).getAttribute('href')).toBe('/school/Alpha/student-course/7/module/2/test/12');
    expect(screen.getByRole('link', { name: 'К программе курса' }).getAttribute('href')).toBe('/school/Alpha/student-course/7');
  });

  it('leaves out the navigation that has nowhere to go, and files the lesson has none of', async () => {
    stubApi({ 'GET Alpha/lessons/11/': () => json(detail({ previous: null, next: { type: 'homework', id: 13, section_id: 1 }, text_files: [], audio_files: [], blocks: [] })) });
    render(<LessonPage school="Alpha" courseId={7} lessonType="lesson" lessonId={11} />);
    await screen.findByRole('heading', { level: 1, name: 'Переменные' });
    expect(screen.queryByRole('link', { name: 'Предыдущий урок' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Следующий урок' }).getAttribute('href')).toBe('/school/Alpha/student-course/7/module/1/homework/13');
    expect(screen.queryByRole('region', { name: 'Файлы урока' })).toBeNull();
    expect(screen.getByText('В уроке пока нет содержимого.')).toBeTruthy();
  });

  it('gives a test to the test panel with a reload that keeps the panel and updates the lesson', async () => {
    let attemptsLeft = 3;
    const { sent } = stubApi({ 'GET Alpha/tests/12/': () => json(detail({ id: 12, type: 'test', name: 'Проверка', attempts_left: attemptsLeft, blocks: [], text_files: [], audio_files: [] })) });
    render(<LessonPage school="Alpha" courseId={7} lessonType="test" lessonId={12} />);
    const panel = await screen.findByTestId('test-panel');
    expect(panel.textContent).toContain('Alpha: Проверка, осталось попыток 3');
    attemptsLeft = 2;
    fireEvent.click(within(panel).getByRole('button', { name: 'Отправить тест' }));
    await waitFor(() => expect(screen.getByTestId('test-panel').textContent).toContain('осталось попыток 2'));
    // The same panel, never unmounted for a loading state.
    expect(screen.getByTestId('test-panel')).toBe(panel);
    expect(sent.map((request) => request.path)).toEqual(['Alpha/tests/12/', 'Alpha/tests/12/']);
  });

  it('gives a homework to the homework panel', async () => {
    stubApi({ 'GET Alpha/homeworks/13/': () => json(detail({ id: 13, type: 'homework', name: 'Задание', user_homework: null })) });
    render(<LessonPage school="Alpha" courseId={7} lessonType="homework" lessonId={13} />);
    expect((await screen.findByTestId('homework-panel')).textContent).toBe('Сдача: Задание');
    expect(screen.getByText('Домашнее задание')).toBeTruthy();
  });

  it('says «На доработке» beside a homework sent back, not «Отправлено»', async () => {
    const sentBack = userHomework([homeworkCheck(1)], { status: 'revision', status_label: 'На доработке' });
    stubApi({ 'GET Alpha/homeworks/13/': () => json(detail({ id: 13, type: 'homework', name: 'Задание', completed: false, sended: true, user_homework: sentBack })) });
    render(<LessonPage school="Alpha" courseId={7} lessonType="homework" lessonId={13} />);
    await screen.findByTestId('homework-panel');
    expect(document.querySelector('.lesson-page-type .lesson-state')!.textContent).toBe('На доработке');
  });

  it("shows a homework's task, its text and files, above the hand-in form", async () => {
    const task = [{ ...block, id: 5, order: 1, type: 'description', description: '<p>Напишите программу, которая печатает сумму расходов.</p>' }];
    stubApi({ 'GET Alpha/homeworks/13/': () => json(detail({ id: 13, type: 'homework', name: 'Калькулятор расходов', blocks: task, text_files: [file(3, 'text', 'образец.pdf')], audio_files: [], user_homework: null })) });
    render(<LessonPage school="Alpha" courseId={7} lessonType="homework" lessonId={13} />);
    const panel = await screen.findByTestId('homework-panel');
    const heading = screen.getByRole('heading', { level: 2, name: 'Задание' });
    const article = screen.getByRole('article', { name: 'Задание' });
    expect(within(article).getByText('Напишите программу, которая печатает сумму расходов.')).toBeTruthy();
    const files = screen.getByRole('region', { name: 'Файлы задания' });
    expect(within(files).getByRole('link', { name: 'образец.pdf' })).toBeTruthy();
    for (const [before, after] of [
      [heading, article],
      [article, files],
      [files, panel],
    ] as const) {
      expect(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(screen.queryByRole('region', { name: 'Файлы урока' })).toBeNull();
  });

  it('shows a webinar with its start, the broadcast link and the autowebinar page', async () => {
    stubApi({
      'GET Alpha/webinar_lessons/14/': () =>
        json(
          detail({
            id: 14,
            type: 'webinar',
            name: 'Эфир',
            blocks: undefined,
            text_files: [],
            audio_files: [],
            description: '<p>Разбор <strong>домашних</strong> заданий</p>',
            starts_at: '2026-03-05T10:00:00.000Z',
            duration_minutes: 90,
            link: 'https://meet.example.com/room',
            webinar_url: '/webinar/demo-live',
            autowebinar_title: 'Демо',
          }),
        ),
    });
    render(<LessonPage school="Alpha" courseId={7} lessonType="webinar" lessonId={14} />);
    await screen.findByRole('heading', { level: 1, name: 'Эфир' });
    // The description is the server's sanitised HTML, rendered, never its tags as text.
    const description = document.querySelector('.lesson-description')!;
    expect(description.textContent).toBe('Разбор домашних заданий');
    expect(description.querySelector('strong')!.textContent).toBe('домашних');
    expect(document.body.textContent).not.toContain('<p>');
    expect(screen.getByText(formatDateTime('2026-03-05T10:00:00.000Z')).getAttribute('datetime')).toBe('2026-03-05T10:00:00.000Z');
    expect(screen.getByText('90 минут')).toBeTruthy();
    const stream = screen.getByRole('link', { name: 'Перейти к трансляции' });
    expect([stream.getAttribute('href'), stream.getAttribute('target'), stream.getAttribute('rel')]).toEqual(['https://meet.example.com/room', '_blank', 'noopener noreferrer']);
    expect(screen.getByRole('link', { name: 'Страница автовебинара: Демо' }).getAttribute('href')).toBe('/webinar/demo-live');
  });

  it("shows a locked lesson's 403 as the lock's message with a way back to the programme", async () => {
    stubApi({ 'GET Alpha/lessons/15/': () => json({ code: 'STRICT_ORDER', message: 'Необходимо пройти предыдущие уроки.' }, 403) });
    render(<LessonPage school="Alpha" courseId={7} lessonType="lesson" lessonId={15} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Урок пока закрыт' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Необходимо пройти предыдущие уроки.');
    expect(screen.getByRole('link', { name: 'К программе курса' }).getAttribute('href')).toBe('/school/Alpha/student-course/7');
  });

  it('shows a closed course as the reason, and an unknown lesson type or a failed load as such', async () => {
    let calls = 0;
    stubApi({
      'GET Alpha/lessons/16/': () => json({ code: 'ACCESS_EXPIRED', message: 'Срок доступа к курсу истек.' }, 403),
      'GET Alpha/lessons/17/': () => (++calls === 1 ? json({}, 500) : json(detail({ id: 17, name: 'Снова' }))),
    });
    const first = render(<LessonPage school="Alpha" courseId={7} lessonType="lesson" lessonId={16} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Курс недоступен' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Мои курсы' })).toBeTruthy();
    first.unmount();

    const second = render(<LessonPage school="Alpha" courseId={7} lessonType="quiz" lessonId={16} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Урок не найден' })).toBeTruthy();
    second.unmount();

    render(<LessonPage school="Alpha" courseId={7} lessonType="lesson" lessonId={17} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Снова' })).toBeTruthy();
  });
});
