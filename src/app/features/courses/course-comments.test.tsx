import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import CourseComments from './course-comments.tsx';
import type { LessonComment } from './course-api.ts';

const outline = {
  course_id: 5,
  course_name: 'Python',
  sections: [
    { section_id: 1, name: 'Основы', order: 1, lessons: [{ type: 'lesson', id: 10, baselesson_ptr_id: 10, name: 'Введение', order: 1, active: true }] },
    { section_id: 2, name: 'Дальше', order: 2, lessons: [{ type: 'test', id: 11, baselesson_ptr_id: 11, name: 'Проверка', order: 1, active: true }] },
  ],
};

const comment = (id: number, own: Partial<LessonComment> = {}): LessonComment => ({
  id,
  lesson: 10,
  course_id: 5,
  author: 3,
  author_first_name: 'Анна',
  author_last_name: 'Иванова',
  avatar: null,
  content: `Комментарий ${id}`,
  public: false,
  reply_to: null,
  created_at: '2026-05-01T10:00:00.000Z',
  updated_at: '2026-05-01T10:00:00.000Z',
  replies: [],
  ...own,
});
/** A reply: the contract's replies carry no replies of their own. */
const reply = (id: number, own: Partial<LessonComment>) => ({ ...comment(id, own), replies: [] });

const page = (results: LessonComment[], count = results.length) => json({ count, next: null, previous: null, results });
/** The query string of the request being answered (the stub records paths without it). */
const query = () => Object.fromEntries(new URL(String(vi.mocked(fetch).mock.calls.at(-1)![0]), 'http://x').searchParams);
const items = () => screen.queryAllByRole('listitem').filter((li) => li.classList.contains('comment') && !li.classList.contains('reply'));

beforeEach(() => $toasts.set([]));

describe('CourseComments', () => {
  it("lists the first lesson's comments with author, date, badge and nested reply, showing their text as text", async () => {
    const { fetch } = stubApi({
      'GET Alpha/courses/5/sections/': () => json(outline),
      'GET Alpha/lesson_comments/': () =>
        page([
          comment(1, { content: 'Это <b>жирный</b> текст', public: true, replies: [reply(2, { reply_to: 1, author_first_name: 'Админ', author_last_name: '', content: 'Спасибо!', public: true })] }),
          comment(3, { author_first_name: '', author_last_name: '' }),
        ]),
    });
    render(<CourseComments school="Alpha" courseId={5} />);
    await waitFor(() => expect(items()).toHaveLength(2));
    const url = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ lesson_id: '10', course_id: '5', p: '1', s: '10' });
    const first = items()[0]!;
    expect(within(first).getByText('Это <b>жирный</b> текст')).toBeTruthy();
    expect(first.querySelector('b')).toBeNull();
    expect(within(first).getByText('Анна Иванова')).toBeTruthy();
    expect(within(first).getByText('Опубликован')).toBeTruthy();
    expect(first.querySelector('time')!.getAttribute('dateTime')).toBe('2026-05-01T10:00:00.000Z');
    expect(first.querySelector('time')!.textContent).toMatch(/2026/);
    expect(within(within(first).getByRole('list', { name: 'Ответы' })).getByText('Спасибо!')).toBeTruthy();
    // Answered once: no reply button.
    expect(within(first).queryByRole('button', { name: 'Ответить' })).toBeNull();
    const second = items()[1]!;
    expect(within(second).getByText('Пользователь')).toBeTruthy();
    expect(within(second).getByText('Скрыт')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Ответить' })).toBeTruthy();
  });

  it('switches to another lesson of the outline, and says when it has no comments', async () => {
    const { sent } = stubApi({
      'GET Alpha/courses/5/sections/': () => json(outline),
      'GET Alpha/lesson_comments/': () => (query().lesson_id === '10' ? page([comment(1)]) : page([])),
    });
    render(<CourseComments school="Alpha" courseId={5} />);
    const select = (await screen.findByRole('combobox', { name: 'Урок' })) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Введение', 'Проверка']);
    await waitFor(() => expect(items()).toHaveLength(1));
    fireEvent.change(select, { target: { value: '11' } });
    expect(await screen.findByRole('heading', { name: 'Комментариев пока нет' })).toBeTruthy();
    expect(query().lesson_id).toBe('11');
    expect(sent.at(-1)!.path).toBe('Alpha/lesson_comments/');
  });

  it('says when the course has no lessons, and shows failures with a retry', async () => {
    let calls = 0;
    stubApi({
      'GET Alpha/courses/5/sections/': () => json(outline),
      'GET Alpha/lesson_comments/': () => (++calls === 1 ? json({ code: 'X', message: 'Урок не найден.' }, 404) : page([comment(1)])),
    });
    const { unmount } = render(<CourseComments school="Alpha" courseId={5} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Урок не найден.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    unmount();
    stubApi({ 'GET Alpha/courses/5/sections/': () => json({ ...outline, sections: [] }) });
    render(<CourseComments school="Alpha" courseId={5} />);
    expect(await screen.findByText('В курсе пока нет уроков, и комментировать нечего.')).toBeTruthy();
  });

  it('publishes one comment, and hides the selected ones in one request', async () => {
    const { sent } = stubApi({
      'GET Alpha/courses/5/sections/': () => json(outline),
      'GET Alpha/lesson_comments/': () => page([comment(1), comment(3, { public: true }), comment(4, { public: true })]),
      'PATCH Alpha/lesson_comments/': () => json({ detail: 'ok' }),
    });
    render(<CourseComments school="Alpha" courseId={5} />);
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Опубликовать' }));
    await waitFor(() => expect(within(items()[0]!).getByText('Опубликован')).toBeTruthy());
    const hide = screen.getByRole('button', { name: 'Скрыть выбранные' }) as HTMLButtonElement;
    expect(hide.disabled).toBe(true);
    fireEvent.click(within(items()[1]!).getByRole('checkbox'));
    fireEvent.click(within(items()[2]!).getByRole('checkbox'));
    expect(screen.getByText('Выбрано: 2')).toBeTruthy();
    fireEvent.click(hide);
    await waitFor(() => expect(items().map((item) => item.querySelector('.badge')!.textContent)).toEqual(['Опубликован', 'Скрыт', 'Скрыт']));
    expect(sent.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
      { lesson_id: 10, course_id: 5, comments: { 1: true } },
      { lesson_id: 10, course_id: 5, comments: { 3: false, 4: false } },
    ]);
    expect(screen.getByText('Выбрано: 0')).toBeTruthy();
  });

  it('replies once from the keyboard: the form closes and the reply shows in place of the button', async () => {
    let replied = false;
    const { sent } = stubApi({
      'GET Alpha/courses/5/sections/': () => json(outline),
      'GET Alpha/lesson_comments/': () => page([comment(1, { replies: replied ? [reply(9, { reply_to: 1, content: 'Ответ админа', public: true })] : [] })]),
      'POST Alpha/lesson_comments/admin_reply_to_comment/': (request) => {
        if (!(request.body as { content: string }).content.trim()) return json({ code: 'VALIDATION_ERROR', message: 'x', fields: { content: ['Комментарий не может быть пустым.'] } }, 400);
        replied = true;
        return json({ message: 'ok' }, 201);
      },
    });
    render(<CourseComments school="Alpha" courseId={5} />);
    await waitFor(() => expect(items()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Ответить' }));
    const field = screen.getByRole('textbox', { name: 'Ваш ответ' });
    expect(document.activeElement).toBe(field);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Ваш ответ' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ответить' }));
    fireEvent.submit(screen.getByRole('textbox', { name: 'Ваш ответ' }).closest('form')!);
    expect(screen.getByText('Введите ответ.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Ваш ответ' }), { target: { value: 'Ответ админа' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    const replies = await screen.findByRole('list', { name: 'Ответы' });
    expect(replies.querySelector('.comment-text')!.textContent).toBe('Ответ админа');
    expect(screen.queryByRole('textbox', { name: 'Ваш ответ' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ответить' })).toBeNull();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ comment_id: 1, content: 'Ответ админа' }]);
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Ответ отправлен.']);
  });

  it('deletes a comment only after the confirmation, and pages through the comments', async () => {
    let deleted = false;
    const { sent } = stubApi({
      'GET Alpha/courses/5/sections/': () => json(outline),
      'GET Alpha/lesson_comments/': () =>
        query().p === '2' ? page([comment(21)], 21) : page(Array.from({ length: 10 }, (_, i) => comment(i + 1)).filter((own) => !(deleted && own.id === 1)), deleted ? 20 : 21),
      'DELETE Alpha/lesson_comments/1/': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    render(<CourseComments school="Alpha" courseId={5} />);
    await waitFor(() => expect(items()).toHaveLength(10));
    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Удалить' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить комментарий?' })).getByRole('button', { name: 'Отмена' }));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Удалить' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить комментарий?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(items()).toHaveLength(9));
    expect(screen.queryByText('Комментарий 1')).toBeNull();
    const pager = screen.getByRole('navigation', { name: 'Страницы' });
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    await waitFor(() => expect(items().map((item) => item.querySelector('.comment-text')!.textContent)).toEqual(['Комментарий 21']));
    expect(query().p).toBe('2');
  });
});
