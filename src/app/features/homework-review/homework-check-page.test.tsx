import { $filters, $school, DEFAULT_FILTERS, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { homeworkCheck, lessonFile, userHomework } from '../../../../tests/helpers/homework-fixtures.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $router } from '../../router.ts';
import { $toasts, dismissToast } from '../../ui/toasts.tsx';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';
import type { HomeworkCheck, LessonFile, UserHomework } from '../learning/index.ts';
import HomeworkCheckPage from './homework-check-page.tsx';

vi.mock('../../ui/upload-with-progress.ts', () => ({ uploadWithProgress: vi.fn() }));

const file = lessonFile;
const check = (id: number, own: Partial<HomeworkCheck> = {}) => homeworkCheck(id, { text: 'Мой калькулятор', ...own });
const handIn = (checks: HomeworkCheck[], own: Partial<UserHomework> = {}) =>
  userHomework(checks, { homework_name: 'Калькулятор расходов', course_id: 4, text: 'Мой калькулятор', mark: checks.at(-1)!.mark, ...own });

const HANDED_IN = check(70, { text_files: [file(1, 'calc.pdf')], audio_files: [file(2, 'voice.mp3', 'audio')] });
const TASK = {
  id: 9,
  name: 'Калькулятор расходов',
  course_id: 4,
  blocks: [{ id: 1, type: 'description', order: 1, description: '<p>Напишите калькулятор расходов.</p>', code_html: null, formula_html: null, url: null, picture: null, buttons: null }],
  text_files: [file(5, 'условие.pdf')],
  audio_files: [],
};
const HAND_IN = 'GET Alpha/user_homeworks/50/';

function stubPage(reads: Answer[] = [() => json(handIn([HANDED_IN]))], extra: Record<string, Answer> = {}) {
  let read = 0;
  return stubApi({
    [HAND_IN]: (request) => reads[Math.min(read++, reads.length - 1)]!(request),
    'GET Alpha/teacher_homeworks/50/task/': () => json(TASK),
    ...extra,
  });
}

const toastTexts = () => $toasts.get().map((toast) => toast.text);
afterEach(() => $toasts.get().forEach((toast) => dismissToast(toast.id)));

const renderPage = () => render(<HomeworkCheckPage school="Alpha" lessonId={9} userHomeworkId={50} courseId={4} />);
const form = () => screen.findByRole('region', { name: 'Проверка' });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Отправить проверку' }));

beforeEach(() => {
  localStorage.clear();
  resetUser();
  $filters.set(DEFAULT_FILTERS);
  $school.set(INITIAL_SCHOOL);
  vi.mocked(uploadWithProgress).mockReset();
  signIn({ access: 'a', refresh: 'r', userId: 8, email: 'teacher@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Teacher);
});

describe('HomeworkCheckPage', () => {
  it('«Написать ученику» opens the personal chat with the work\'s student (issue 15)', async () => {
    const { sent } = stubPage(undefined, { 'POST Alpha/chats/create_personal_chat/': () => json({ id: 'chat-3', type: 'personal', name: 'Мария Ивановна' }) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Написать ученику' }));
    await waitFor(() => expect($router.get()?.path).toBe('/school/Alpha/chat/chat-3'));
    expect(sent.find((request) => request.method === 'POST')).toMatchObject({ path: 'Alpha/chats/create_personal_chat/', body: { student_id: 3 } });
  });

  it("shows the task read-only, the student's hand-in with its files and an audio player, and the review form", async () => {
    const { fetch } = stubPage();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Калькулятор расходов' })).toBeTruthy();
    // The hand-in is read by its id alone (the server declares no ?course_id=).
    expect(new URL(String(fetch.mock.calls.find(([input]) => String(input).includes('user_homeworks/50/'))![0]), 'http://x').search).toBe('');
    const task = screen.getByRole('region', { name: 'Задание' });
    expect(await within(task).findByText('Напишите калькулятор расходов.')).toBeTruthy();
    expect(within(task).getByRole('link', { name: 'условие.pdf' })).toBeTruthy();
    expect(screen.getByText('Мария Ивановна')).toBeTruthy();

    const thread = screen.getByRole('region', { name: 'История проверки' });
    expect(within(thread).getByText('Мой калькулятор')).toBeTruthy();
    expect(within(thread).getByRole('link', { name: 'calc.pdf' })).toBeTruthy();
    const audio = thread.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('http://x/api/files/2/voice.mp3?t=1.sig');
    expect(audio.getAttribute('aria-label')).toBe('voice.mp3');
    expect(thread.querySelectorAll('audio')).toHaveLength(1);

    const review = await form();
    expect(within(review).getAllByRole('option').map((option) => option.textContent)).toEqual(['Выберите решение', 'На доработку', 'Отклонить', 'Принять']);
  });

  it('asks for a decision, a comment for a revision and a whole mark from 0 to 1000, in Russian, before sending anything', async () => {
    const { sent } = stubPage();
    renderPage();
    await form();
    send();
    expect(await screen.findByText('Выберите решение.')).toBeTruthy();
    expect(screen.getByLabelText('Решение').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Решение'), { target: { value: 'revision' } });
    expect(screen.queryByText('Выберите решение.')).toBeNull();
    fireEvent.change(screen.getByLabelText('Оценка'), { target: { value: '1001' } });
    send();
    expect(await screen.findByText('Напишите ученику, что исправить.')).toBeTruthy();
    expect(screen.getByText('Оценка — целое число от 0 до 1000.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('sends a revision with its comment, then reads the thread again', async () => {
    const revision = check(71, { author: 8, author_name: 'Мария Ивановна', author_role: 'teacher', text: 'Добавьте проверку ввода.', status: 'revision', status_label: 'На доработке', created_at: '2026-03-06T09:00:00.000Z' });
    const { sent } = stubPage([() => json(handIn([HANDED_IN])), () => json(handIn([HANDED_IN, revision]))], {
      'POST Alpha/user_homework_checks/': () => json(revision, 201),
    });
    renderPage();
    await form();
    fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: ' Добавьте проверку ввода. ' } });
    fireEvent.change(screen.getByLabelText('Решение'), { target: { value: 'revision' } });
    send();
    const thread = screen.getByRole('region', { name: 'История проверки' });
    expect(await within(thread).findByText('Добавьте проверку ввода.')).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ user_homework: 50, text: 'Добавьте проверку ввода.', status: 'revision', file_ids: [] });
    expect(sent.filter((request) => request.path === 'Alpha/user_homeworks/50/')).toHaveLength(2);
    // The form is ready for the next answer.
    expect((screen.getByLabelText('Решение') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Комментарий') as HTMLTextAreaElement).value).toBe('');
  });

  it('accepts with a mark and a file (its progress through the upload), then closes the thread', async () => {
    const accepted = check(72, { author: 8, author_role: 'teacher', author_name: 'Мария Ивановна', text: '', status: 'accepted', status_label: 'Принято', mark: 5, created_at: '2026-03-07T09:00:00.000Z' });
    let upload!: (stored: LessonFile) => void;
    vi.mocked(uploadWithProgress).mockImplementation((_url, _form, options) => {
      options?.onProgress?.(0.5);
      return new Promise((resolve) => {
        upload = resolve as (stored: LessonFile) => void;
      });
    });
    const { sent } = stubPage([() => json(handIn([HANDED_IN])), () => json(handIn([HANDED_IN, accepted]))], {
      'POST Alpha/user_homework_checks/': () => json(accepted, 201),
    });
    renderPage();
    await form();
    fireEvent.change(screen.getByLabelText('Решение'), { target: { value: 'accepted' } });
    fireEvent.change(screen.getByLabelText('Оценка'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Прикрепить файлы'), { target: { files: [new File(['x'], 'review.pdf', { type: 'application/pdf' })] } });
    send();
    // The file goes first: the review is not sent until it is there.
    const progress = await screen.findByRole('progressbar', { name: 'Загрузка файла «review.pdf»' });
    expect(progress.getAttribute('value')).toBe('0.5');
    expect(sent.find((request) => request.method === 'POST')).toBeUndefined();
    const [url, body] = vi.mocked(uploadWithProgress).mock.calls[0]!;
    expect(url).toBe('/api/Alpha/homework_files/');
    expect((body as FormData).get('file')).toBeInstanceOf(File);

    upload(file(9, 'review.pdf'));
    await waitFor(() => expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ user_homework: 50, text: '', status: 'accepted', mark: 5, file_ids: [9] }));
    expect(await screen.findByText('Работа принята: переписка по ней закрыта.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Проверка' })).toBeNull());
    expect(screen.getByRole('region', { name: 'История проверки' }).textContent).toContain('Оценка: 5');
  });

  it('offers no form on a work accepted already, by a reviewer or automatically', async () => {
    const accepted = check(72, { author_role: 'teacher', status: 'accepted', status_label: 'Принято', mark: 5 });
    stubPage([() => json(handIn([HANDED_IN, accepted]))]);
    const { unmount } = renderPage();
    expect(await screen.findByText('Работа принята: переписка по ней закрыта.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Проверка' })).toBeNull();
    unmount();

    stubPage([() => json(handIn([HANDED_IN, check(73, { author: null, author_role: 'admin', status: 'auto_check', status_label: 'Автопроверка' })]))]);
    renderPage();
    expect(await screen.findByText('Работа принята автоматически: переписка по ней закрыта.')).toBeTruthy();
    expect(screen.queryByLabelText('Решение')).toBeNull();
  });

  it('opens the next unchecked work under the queue filters, or says there is none', async () => {
    $filters.set({ homework: { status: 'pending', course_id: '4' } });
    const open = vi.spyOn($router, 'open').mockImplementation(() => undefined);
    let next: Answer = () => json({ user_homework_id: 61, homework: 10, course_id: 5 });
    const { fetch } = stubPage(undefined, { 'GET Alpha/homeworks_stats/next/': (request) => next(request) });
    renderPage();
    await form();
    fireEvent.click(screen.getByRole('button', { name: 'Следующее непроверенное' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/school/Alpha/home-work/10/61/5'));
    const asked = new URL(String(fetch.mock.calls.find(([input]) => String(input).includes('homeworks_stats/next/'))![0]), 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ status: 'pending', course_id: '4', after: '50' });

    next = () => json({ code: 'NO_NEXT', message: 'Нет.' }, 404);
    fireEvent.click(screen.getByRole('button', { name: 'Следующее непроверенное' }));
    expect(await screen.findByText('Непроверенных работ больше нет.')).toBeTruthy();
  });

  it('reads the task by the hand-in, so a checker named from outside the course sees it too, and says when none is written', async () => {
    const { sent } = stubPage();
    renderPage();
    const task = await screen.findByRole('region', { name: 'Задание' });
    expect(await within(task).findByRole('article', { name: 'Задание' })).toBeTruthy();
    expect(sent.map((request) => request.path)).toContain('Alpha/teacher_homeworks/50/task/');
    expect(sent.map((request) => request.path)).not.toContain('Alpha/homeworks/9/');
    cleanup();

    stubPage(undefined, { 'GET Alpha/teacher_homeworks/50/task/': () => json({ ...TASK, blocks: [], text_files: [] }) });
    renderPage();
    const empty = await screen.findByRole('region', { name: 'Задание' });
    expect(await within(empty).findByText('Автор курса ещё не написал задание.')).toBeTruthy();
    expect(within(empty).queryByText('В уроке пока нет содержимого.')).toBeNull();
  });

  it("says a work of another teacher or school is not found, and shows other failures with a retry", async () => {
    stubApi({ [HAND_IN]: () => json({ code: 'FORBIDDEN', message: 'Нет доступа.' }, 403), 'GET Alpha/teacher_homeworks/50/task/': () => json(TASK) });
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Работа не найдена' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'К списку домашних заданий' }).getAttribute('href')).toBe('/school/Alpha/home-work');
    unmount();

    let calls = 0;
    stubPage([() => (++calls === 1 ? json({ code: 'SERVER_ERROR', message: 'Сбой.' }, 503) : json(handIn([HANDED_IN])))]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    expect(await form()).toBeTruthy();
  });

  it("lets an admin name another checker, then reads the hand-in again; a teacher is not offered it", async () => {
    const { sent } = stubPage();
    const { unmount } = renderPage();
    await form();
    expect(screen.queryByLabelText('Назначить проверяющего')).toBeNull();
    expect(sent.some((request) => request.path.includes('homeworks_stats/teachers/'))).toBe(false);
    unmount();

    setRole(Role.Admin);
    const teachers = [
      { id: 8, name: 'Мария Ивановна', email: 'teacher@school.ru' },
      { id: 9, name: '', email: 'second@school.ru' },
    ];
    const moved = stubPage([() => json(handIn([HANDED_IN])), () => json(handIn([HANDED_IN], { teacher_id: 9, teacher_name: 'second@school.ru' }))], {
      'GET Alpha/homeworks_stats/teachers/': () => json(teachers),
      'PATCH Alpha/user_homeworks/50/teacher/': () => json({}),
    });
    renderPage();
    const choice = await screen.findByLabelText('Назначить проверяющего');
    // The checker now is not offered.
    await waitFor(() => expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['Выберите преподавателя', 'second@school.ru']));
    const assign = screen.getByRole('button', { name: 'Назначить' });
    expect(assign.hasAttribute('disabled')).toBe(true);
    fireEvent.change(choice, { target: { value: '9' } });
    fireEvent.click(assign);
    await waitFor(() => expect(toastTexts()).toEqual(['Проверяющий назначен: second@school.ru']));
    expect(moved.sent.find((request) => request.method === 'PATCH')!.body).toEqual({ teacher_id: 9 });
    // The page shows the new checker, who is no longer offered.
    expect(await screen.findByText('second@school.ru', { selector: 'dd' })).toBeTruthy();
    await waitFor(() => expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['Выберите преподавателя', 'Мария Ивановна']));
    expect(moved.sent.filter((request) => request.path === 'Alpha/user_homeworks/50/')).toHaveLength(2);
  });

  it("shows the server's refusal to reassign (an accepted meanwhile) and keeps the choice", async () => {
    setRole(Role.Admin);
    stubPage(undefined, {
      'GET Alpha/homeworks_stats/teachers/': () => json([{ id: 9, name: 'Пётр', email: 'p@school.ru' }]),
      'PATCH Alpha/user_homeworks/50/teacher/': () => json({ code: 'HOMEWORK_ACCEPTED', message: 'Работа уже принята.' }, 409),
    });
    renderPage();
    const choice = await screen.findByLabelText('Назначить проверяющего');
    await waitFor(() => expect(within(choice).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(choice, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Назначить' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Работа уже принята.']));
    expect((choice as HTMLSelectElement).value).toBe('9');
  });

  it('treats a path that holds no ids as not found, asking nothing', async () => {
    const { sent } = stubPage();
    render(<HomeworkCheckPage school="Alpha" lessonId={Number('x')} userHomeworkId={50} courseId={4} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Работа не найдена' })).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
