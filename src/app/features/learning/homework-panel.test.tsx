import { ApiError, resetUser, signIn } from '#core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { homeworkCheck, lessonFile, userHomework } from '../../../../tests/helpers/homework-fixtures.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';
import { HomeworkPanel } from './homework-panel.tsx';
import type { LessonDetail, UserHomework } from './learning-api.ts';

vi.mock('../../ui/upload-with-progress.ts', () => ({ uploadWithProgress: vi.fn() }));

const lesson = (own: Partial<LessonDetail> = {}): LessonDetail => ({
  id: 9,
  baselesson_ptr_id: 9,
  type: 'homework',
  section: 1,
  section_id: 1,
  course_id: 2,
  name: 'Эссе',
  order: 2,
  active: true,
  points: 0,
  author_id: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  previous: null,
  next: null,
  viewed: true,
  completed: false,
  sended: false,
  user_homework: null,
  ...own,
});

const check = homeworkCheck;
const homework = userHomework;

const REVIEWED = homework([
  check(1),
  check(2, {
    author: 8,
    author_name: 'Мария Ивановна',
    author_role: 'teacher',
    text: 'Доработайте вывод.\nИ добавьте источники.',
    status: 'revision',
    status_label: 'На доработке',
    mark: 4,
    created_at: '2026-03-06T15:30:00.000Z',
    text_files: [lessonFile(70, 'Замечания.pdf')],
    audio_files: [lessonFile(71, 'Комментарий.mp3', 'audio')],
  }),
]);

const refuse = (status: number, code: string, message: string) => json({ code, message }, status);
const pick = (...files: File[]) => fireEvent.change(screen.getByLabelText('Прикрепить файлы'), { target: { files } });
const textArea = () => screen.getByRole('textbox') as HTMLTextAreaElement;
const uploads = () => vi.mocked(uploadWithProgress).mock.calls.map(([url, form]) => [url, Object.fromEntries([...(form as FormData).entries()].map(([key, value]) => [key, value instanceof File ? value.name : value]))]);

beforeEach(() => {
  resetUser();
  signIn({ access: 'token-1', refresh: 'r', userId: 3, email: 'student@alpha.ru' });
});
afterEach(() => {
  vi.mocked(uploadWithProgress).mockReset();
});

describe('HomeworkPanel: handing in', () => {
  it('uploads each file first with its own progress bar, then hands in the text naming them, and shows the thread', async () => {
    const onChanged = vi.fn();
    const first = deferred<unknown>();
    let progress: ((fraction: number) => void) | undefined;
    vi.mocked(uploadWithProgress)
      .mockImplementationOnce((_url, _form, options) => {
        progress = options?.onProgress;
        return first.promise;
      })
      .mockResolvedValueOnce(lessonFile(81, 'Голос.mp3', 'audio'));
    const handedIn = homework([check(1, { text: 'Моё эссе о лете', text_files: [lessonFile(80, 'Эссе.pdf')], audio_files: [lessonFile(81, 'Голос.mp3', 'audio')] })]);
    const { sent } = stubApi({ 'POST Alpha/user_homeworks/': () => json(handedIn, 201), 'GET Alpha/user_homeworks/50/': () => json(handedIn) });
    render(<HomeworkPanel school="Alpha" lesson={lesson()} onChanged={onChanged} />);

    expect(screen.getByRole('heading', { name: 'Ваш ответ' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Ответ' }), { target: { value: '  Моё эссе о лете ' } });
    pick(new File(['%PDF'], 'Эссе.pdf', { type: 'application/pdf' }), new File(['x'], 'Лишний.txt', { type: 'text/plain' }), new File(['ID3'], 'Голос.mp3', { type: 'audio/mpeg' }));
    const list = screen.getByRole('list', { name: 'Прикреплённые файлы' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // Taken away before sending: it never goes.
    fireEvent.click(screen.getByRole('button', { name: 'Убрать файл «Лишний.txt»' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(uploadWithProgress).toHaveBeenCalledTimes(1));
    act(() => progress!(0.4));
    const bar = screen.getByLabelText('Загрузка файла «Эссе.pdf»') as HTMLProgressElement;
    expect(bar.tagName).toBe('PROGRESS');
    expect(bar.value).toBe(0.4);
    expect(screen.getByText('40 %')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Отправка…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Убрать файл «Эссе.pdf»' })).toBeNull();
    // Nothing is handed in while a file is on its way.
    expect(sent).toHaveLength(0);

    await act(async () => first.resolve(lessonFile(80, 'Эссе.pdf')));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ответ отправлен.'));
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ homework: 9, course_id: 2, text: 'Моё эссе о лете', file_ids: [80, 81] });
    expect(uploads()).toEqual([
      ['/api/Alpha/homework_files/', { file: 'Эссе.pdf' }],
      ['/api/Alpha/homework_files/', { file: 'Голос.mp3' }],
    ]);
    expect(vi.mocked(uploadWithProgress).mock.calls[0]![2]?.headers).toEqual({ Authorization: 'Bearer token-1' });
    expect(screen.getByRole('heading', { name: 'История проверки' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Эссе.pdf' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Голос.mp3' }).getAttribute('href')).toBe(lessonFile(81, 'Голос.mp3').url);
    expect(onChanged).toHaveBeenCalledTimes(1);
    // The form is now the reply to the teacher, empty.
    expect(screen.getByRole('heading', { name: 'Ответить преподавателю' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Сообщение' }) as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Прикреплённые файлы' })).toBeNull();
  });

  it('hands in nothing when a file is refused: the text and the files stay, the reason shown in Russian; a file that went is not sent twice', async () => {
    vi.mocked(uploadWithProgress)
      .mockResolvedValueOnce(lessonFile(80, 'Эссе.pdf'))
      .mockRejectedValueOnce(new ApiError({ status: 413, code: 'STORAGE_QUOTA', message: 'Недостаточно места в хранилище школы.', data: undefined }));
    const onChanged = vi.fn();
    const { sent } = stubApi({ 'POST Alpha/user_homeworks/': () => json(homework([check(1, { text_files: [lessonFile(80, 'Эссе.pdf')] })]), 201) });
    render(<HomeworkPanel school="Alpha" lesson={lesson()} onChanged={onChanged} />);
    fireEvent.change(textArea(), { target: { value: 'Моё эссе' } });
    pick(new File(['%PDF'], 'Эссе.pdf', { type: 'application/pdf' }), new File(['%PDF'], 'Большой.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Ответ не отправлен: не все файлы загрузились. Загрузите их ещё раз или уберите.');
    expect(screen.getByText('Файл «Большой.pdf» не загружен: Недостаточно места в хранилище школы.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    expect(textArea().value).toBe('Моё эссе');
    expect(textArea().disabled).toBe(false);
    expect(within(screen.getByRole('list', { name: 'Прикреплённые файлы' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'История проверки' })).toBeNull();
    expect(onChanged).not.toHaveBeenCalled();

    // Taken away, the refused file no longer holds the hand-in back; the other goes by its id.
    fireEvent.click(screen.getByRole('button', { name: 'Убрать файл «Большой.pdf»' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ответ отправлен.'));
    expect(uploadWithProgress).toHaveBeenCalledTimes(2);
    expect(sent.map((request) => request.body)).toEqual([{ homework: 9, course_id: 2, text: 'Моё эссе', file_ids: [80] }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed and attached when the hand-in is refused, and shows why', async () => {
    let answer = () => refuse(403, 'SUBMISSION_LOCKED', 'Отправлять домашки запрещено в настройках группы студентов');
    const { sent } = stubApi({ 'POST Alpha/user_homeworks/': () => answer() });
    vi.mocked(uploadWithProgress).mockResolvedValueOnce(lessonFile(80, 'Эссе.pdf')).mockResolvedValueOnce(lessonFile(82, 'Эссе.pdf'));
    render(<HomeworkPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(screen.getByText('Напишите ответ.')).toBeTruthy();
    expect(textArea().getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
    expect(uploadWithProgress).not.toHaveBeenCalled();

    fireEvent.change(textArea(), { target: { value: 'Мой ответ' } });
    pick(new File(['%PDF'], 'Эссе.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Отправлять домашки запрещено в настройках группы студентов');
    expect(textArea().value).toBe('Мой ответ');
    expect(screen.getByRole('button', { name: 'Убрать файл «Эссе.pdf»' })).toBeTruthy();

    answer = () => refuse(503, 'DB_UNAVAILABLE', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/на сервере/));
    expect(textArea().value).toBe('Мой ответ');
    // The file uploaded once is named again, not uploaded again…
    expect(uploadWithProgress).toHaveBeenCalledTimes(1);

    // …unless the server no longer holds it for the student.
    answer = () => refuse(400, 'FILES_NOT_USABLE', 'Приложить можно только свои загруженные файлы, ещё не отправленные. Загрузите файлы снова.');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Загрузите файлы снова/));
    answer = () => json(homework([check(1, { text: 'Мой ответ' })]), 201);
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ответ отправлен.'));
    expect(uploadWithProgress).toHaveBeenCalledTimes(2);
    expect(sent.map((request) => (request.body as { file_ids: number[] }).file_ids)).toEqual([[80], [80], [80], [82]]);
  });

  it("starts afresh on another homework: nothing typed for one goes to the next", () => {
    stubApi({});
    const { rerender } = render(<HomeworkPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    fireEvent.change(textArea(), { target: { value: 'Ответ к первому' } });
    rerender(<HomeworkPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    expect(textArea().value).toBe('Ответ к первому');
    rerender(<HomeworkPanel school="Alpha" lesson={lesson({ id: 10, baselesson_ptr_id: 10 })} onChanged={vi.fn()} />);
    expect(textArea().value).toBe('');
  });

  it('refuses a file too large before sending anything', () => {
    stubApi({});
    render(<HomeworkPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    const big = new File(['x'], 'Запись.mp3', { type: 'audio/mpeg' });
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    pick(big);
    expect(screen.getByRole('alert').textContent).toBe('Файл «Запись.mp3» не загружен: Файл слишком большой: можно загрузить не больше 50 МБ.');
    expect(screen.queryByRole('list', { name: 'Прикреплённые файлы' })).toBeNull();
  });

  it('is accepted at once with its files in a group without a teacher: nothing more to write', async () => {
    vi.mocked(uploadWithProgress).mockResolvedValueOnce(lessonFile(80, 'Эссе.pdf'));
    const accepted = homework([check(1, { status: 'accepted', status_label: 'Принято', text_files: [lessonFile(80, 'Эссе.pdf')] })], { status: 'accepted', status_label: 'Принято', teacher_id: null, teacher_name: null });
    const { sent } = stubApi({ 'POST Alpha/user_homeworks/': () => json(accepted, 201), 'GET Alpha/user_homeworks/50/': () => json(accepted) });
    render(<HomeworkPanel school="Alpha" lesson={lesson()} onChanged={vi.fn()} />);
    fireEvent.change(textArea(), { target: { value: 'Моё эссе' } });
    pick(new File(['%PDF'], 'Эссе.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(screen.getByText('Домашнее задание принято.')).toBeTruthy());
    expect(sent.map((request) => request.body)).toEqual([{ homework: 9, course_id: 2, text: 'Моё эссе', file_ids: [80] }]);
    expect(screen.getByRole('link', { name: 'Эссе.pdf' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отправить' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('HomeworkPanel: the thread', () => {
  it('shows the hand-in and the checks oldest first, with authors, dates, statuses, marks and files', async () => {
    // The lesson names the hand-in without its thread; the panel reads the thread.
    const { checks, ...summary } = { ...REVIEWED, mark: 4 };
    stubApi({ 'GET Alpha/user_homeworks/50/': () => json({ ...summary, checks: [...checks].reverse() }) });
    render(<HomeworkPanel school="Alpha" lesson={lesson({ user_homework: summary })} onChanged={vi.fn()} />);
    const thread = screen.getByRole('region', { name: 'История проверки' });
    const status = thread.querySelector('.homework-status')!;
    expect(status.textContent).toBe('Статус: На доработке Оценка: 4');
    await waitFor(() => expect(within(thread).getAllByRole('listitem').filter((item) => item.classList.contains('homework-check'))).toHaveLength(2));
    expect(status.querySelector('.badge')!.className).toContain('revision');
    const items = within(thread).getAllByRole('listitem').filter((item) => item.classList.contains('homework-check'));
    expect(items.map((item) => item.querySelector('strong')!.textContent)).toEqual(['Анна Петрова', 'Мария Ивановна']);
    expect(within(items[0]!).getByText('Ждет проверки')).toBeTruthy();
    expect(within(items[1]!).getByText('· Преподаватель', { exact: false })).toBeTruthy();
    expect(within(items[1]!).getByText('На доработке')).toBeTruthy();
    expect(within(items[1]!).getByText('Оценка: 4', { exact: false })).toBeTruthy();
    expect(items[1]!.querySelector('time')!.getAttribute('dateTime')).toBe('2026-03-06T15:30:00.000Z');
    expect(items[1]!.querySelector('time')!.textContent).toMatch(/6 марта 2026/);
    expect(items[1]!.querySelector('.homework-check-text')!.textContent).toBe('Доработайте вывод.\nИ добавьте источники.');
    const files = within(items[1]!).getByRole('list', { name: 'Файлы' });
    expect(within(files).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Замечания.pdf', lessonFile(70, 'Замечания.pdf').url],
      ['Комментарий.mp3', lessonFile(71, 'Комментарий.mp3').url],
    ]);
    expect(within(files).getAllByText('2 КБ')).toHaveLength(2);
  });

  it('replies to the teacher with a file, the answer joining the thread', async () => {
    const onChanged = vi.fn();
    vi.mocked(uploadWithProgress).mockResolvedValueOnce(lessonFile(90, 'Исправлено.pdf'));
    const reply = check(3, { text: 'Исправила вывод.', created_at: '2026-03-07T10:00:00.000Z', text_files: [lessonFile(90, 'Исправлено.pdf')] });
    const { sent } = stubApi({
      'POST Alpha/user_homework_checks/': () => json(check(3, { text: 'Исправила вывод.', created_at: '2026-03-07T10:00:00.000Z' }), 201),
      'GET Alpha/user_homeworks/50/': () => json(homework([...REVIEWED.checks, reply])),
    });
    render(<HomeworkPanel school="Alpha" lesson={lesson({ user_homework: REVIEWED })} onChanged={onChanged} />);
    expect(screen.getByRole('heading', { name: 'Ответить преподавателю' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Сообщение' }), { target: { value: 'Исправила вывод.' } });
    pick(new File(['%PDF'], 'Исправлено.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    await waitFor(() => expect(screen.getAllByRole('listitem').filter((item) => item.classList.contains('homework-check'))).toHaveLength(3));
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ user_homework: 50, text: 'Исправила вывод.', file_ids: [90] });
    expect(uploads()).toEqual([['/api/Alpha/homework_files/', { file: 'Исправлено.pdf' }]]);
    expect(screen.getByRole('link', { name: 'Исправлено.pdf' })).toBeTruthy();
    expect(screen.getByText('Статус:', { exact: false }).parentElement!.textContent).toContain('Ждет проверки');
    expect((screen.getByRole('textbox', { name: 'Сообщение' }) as HTMLTextAreaElement).value).toBe('');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('sends no reply while its file is refused, and the reply with the file once it goes', async () => {
    vi.mocked(uploadWithProgress)
      .mockRejectedValueOnce(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Нет связи с сервером.', data: undefined }))
      .mockResolvedValueOnce(lessonFile(90, 'Исправлено.pdf'));
    const thread = homework([...REVIEWED.checks, check(3, { text: 'Исправила вывод.', created_at: '2026-03-07T10:00:00.000Z', text_files: [lessonFile(90, 'Исправлено.pdf')] })]);
    const { sent } = stubApi({
      'POST Alpha/user_homework_checks/': () => json(check(3, { text: 'Исправила вывод.', created_at: '2026-03-07T10:00:00.000Z' }), 201),
      'GET Alpha/user_homeworks/50/': () => json(thread),
    });
    render(<HomeworkPanel school="Alpha" lesson={lesson({ user_homework: REVIEWED })} onChanged={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Сообщение' }), { target: { value: 'Исправила вывод.' } });
    pick(new File(['%PDF'], 'Исправлено.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Файл «Исправлено.pdf» не загружен: Нет связи с сервером.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    expect((screen.getByRole('textbox', { name: 'Сообщение' }) as HTMLTextAreaElement).value).toBe('Исправила вывод.');

    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByRole('link', { name: 'Исправлено.pdf' })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ user_homework: 50, text: 'Исправила вывод.', file_ids: [90] }]);
  });

  it('keeps a reply that could not be sent', async () => {
    stubApi({ 'POST Alpha/user_homework_checks/': () => refuse(409, 'HOMEWORK_ACCEPTED', 'Домашнее задание уже принято и нельзя создавать новые проверки') });
    const onChanged = vi.fn();
    render(<HomeworkPanel school="Alpha" lesson={lesson({ user_homework: REVIEWED })} onChanged={onChanged} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Сообщение' }), { target: { value: 'Вопрос по замечаниям' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Домашнее задание уже принято и нельзя создавать новые проверки');
    expect((screen.getByRole('textbox', { name: 'Сообщение' }) as HTMLTextAreaElement).value).toBe('Вопрос по замечаниям');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('offers no reply once the homework is accepted', () => {
    stubApi({});
    const accepted = homework([...REVIEWED.checks, check(4, { author_role: 'teacher', author_name: 'Мария Ивановна', status: 'accepted', status_label: 'Принято', mark: 5, created_at: '2026-03-08T10:00:00.000Z' })], { mark: 5 });
    render(<HomeworkPanel school="Alpha" lesson={lesson({ user_homework: accepted })} onChanged={vi.fn()} />);
    expect(screen.getByText('Домашнее задание принято.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отправить' })).toBeNull();
    expect(document.querySelector('.homework-status .badge')!.textContent).toBe('Принято');
  });

  it('reads the thread itself when the lesson gives only a summary of the hand-in, and again when the summary changes', async () => {
    let thread = REVIEWED;
    const { sent } = stubApi({ 'GET Alpha/user_homeworks/50/': () => json(thread) });
    const summaryOf = ({ checks: _checks, ...summary }: UserHomework) => summary as UserHomework;
    const { rerender } = render(<HomeworkPanel school="Alpha" lesson={lesson({ user_homework: summaryOf(REVIEWED) })} onChanged={vi.fn()} />);
    expect(await screen.findByText('Доработайте вывод.', { exact: false })).toBeTruthy();
    const reads = () => sent.filter((request) => request.path === 'Alpha/user_homeworks/50/').length;
    expect(reads()).toBe(1);
    // The page read the lesson again, nothing changed: the thread is not read again.
    rerender(<HomeworkPanel school="Alpha" lesson={lesson({ user_homework: summaryOf(REVIEWED) })} onChanged={vi.fn()} />);
    expect(reads()).toBe(1);

    const accepted = check(5, { author_role: 'teacher', author_name: 'Мария Ивановна', text: 'Отлично!', status: 'accepted', status_label: 'Принято', mark: 5, created_at: '2026-03-09T10:00:00.000Z' });
    thread = homework([...REVIEWED.checks, accepted], { mark: 5 });
    rerender(<HomeworkPanel school="Alpha" lesson={lesson({ user_homework: summaryOf(thread) })} onChanged={vi.fn()} />);
    expect(await screen.findByText('Отлично!')).toBeTruthy();
    expect(screen.getByText('Домашнее задание принято.')).toBeTruthy();
    expect(reads()).toBe(2);
  });
});
