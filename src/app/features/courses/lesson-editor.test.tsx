import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { OutlineLesson } from './course-api.ts';
import { LessonEditor } from './lesson-editor.tsx';

const item = (type: OutlineLesson['type'], id = 10): OutlineLesson => ({ type, id, baselesson_ptr_id: 100 + id, name: 'Введение', order: 1, active: true });
const detail = (type: string, own: Record<string, unknown> = {}) => ({
  id: 10,
  baselesson_ptr_id: 110,
  type,
  section: 1,
  course_id: 5,
  name: 'Введение',
  order: 1,
  active: true,
  points: 0,
  blocks: [],
  ...own,
});
const blocks = [
  { id: 1, base_lesson: 10, type: 'description', order: 1, description: '<p>Текст <strong>урока</strong></p>', code: null, language: null, code_html: null, formula: null, formula_html: null, url: null, picture: null, buttons: null },
  { id: 2, base_lesson: 10, type: 'code', order: 2, description: null, code: 'x = 1', language: 'python', code_html: '<pre class="shiki"><code>x = 1</code></pre>', formula: null, formula_html: null, url: null, picture: null, buttons: null },
  { id: 3, base_lesson: 10, type: 'formula', order: 3, description: null, code: null, language: null, code_html: null, formula: 'x', formula_html: '<math><mi>x</mi></math>', url: null, picture: null, buttons: null },
  { id: 4, base_lesson: 10, type: 'buttons', order: 4, description: null, code: null, language: null, code_html: null, formula: null, formula_html: null, url: null, picture: null, buttons: [{ name: 'Сайт', link: 'https://example.com/', color: '#BA75FF' }] },
];

describe('LessonEditor', () => {
  it('loads the lesson by its type and saves its name on leaving the field, telling the outline', async () => {
    const onChanged = vi.fn();
    const { sent } = stubApi({
      'GET Alpha/lessons/10/': () => json(detail('lesson', { blocks })),
      'PATCH Alpha/lessons/10/': () => json(detail('lesson', { name: 'Начало' })),
    });
    render(<LessonEditor school="Alpha" lesson={item('lesson')} onChanged={onChanged} />);
    const name = await screen.findByRole('textbox', { name: 'Название' });
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['1. Текст', '2. Код', '3. Формула', '4. Кнопки']);
    fireEvent.change(name, { target: { value: 'Начало' } });
    fireEvent.blur(name);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(110, { name: 'Начало', active: true }));
    expect(sent.at(-1)!.body).toEqual({ name: 'Начало' });
    expect(screen.getByText('Сохранено')).toBeTruthy();
  });

  it('does not send an emptied name and says a name is needed', async () => {
    const { sent } = stubApi({ 'GET Alpha/lessons/10/': () => json(detail('lesson')) });
    render(<LessonEditor school="Alpha" lesson={item('lesson')} onChanged={vi.fn()} />);
    const name = await screen.findByRole('textbox', { name: 'Название' });
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.blur(name);
    expect(screen.getByText('Введите название.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(sent.map((request) => request.method)).toEqual(['GET']);
  });

  it('saves availability at once, and shows a failure with a retry', async () => {
    let calls = 0;
    const { sent } = stubApi({
      'GET Alpha/lessons/10/': () => json(detail('lesson')),
      'PATCH Alpha/lessons/10/': () => (++calls === 1 ? json({ code: 'X', message: 'x' }, 503) : json(detail('lesson', { active: false }))),
    });
    render(<LessonEditor school="Alpha" lesson={item('lesson')} onChanged={vi.fn()} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Доступен ученикам' }));
    expect(await screen.findByText('Не сохранено: Что-то пошло не так на сервере. Попробуйте ещё раз через минуту.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getByText('Сохранено')).toBeTruthy());
    expect(sent.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ active: false }, { active: false }]);
  });

  it("previews the lesson as a student: the server's HTML, code and formula, and the buttons", async () => {
    stubApi({ 'GET Alpha/lessons/10/': () => json(detail('lesson', { blocks })) });
    render(<LessonEditor school="Alpha" lesson={item('lesson')} onChanged={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Просмотр как ученик' }));
    const preview = screen.getByRole('article');
    expect(within(preview).getByRole('heading', { level: 2, name: 'Введение' })).toBeTruthy();
    expect(preview.querySelector('.rich-text-view strong')!.textContent).toBe('урока');
    expect(preview.querySelector('.code-html pre')!.textContent).toBe('x = 1');
    expect(preview.querySelector('.formula-block math')).not.toBeNull();
    expect(within(preview).getByRole('link', { name: 'Сайт' }).getAttribute('href')).toBe('https://example.com/');
    expect(screen.queryByRole('textbox', { name: 'Название' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Вернуться к редактору' }));
    expect(screen.getByRole('textbox', { name: 'Название' })).toBeTruthy();
  });

  it('opens a test with its settings form and a homework with its own', async () => {
    stubApi({
      'GET Alpha/tests/10/': () => json(detail('test', { success_percent: 70 })),
      'GET Alpha/homeworks/11/': () => json(detail('homework', { id: 11, automate_accept: true, time_accept: '01:00:00' })),
    });
    const { unmount } = render(<LessonEditor school="Alpha" lesson={item('test')} onChanged={vi.fn()} />);
    expect(((await screen.findByRole('spinbutton', { name: 'Процент правильных ответов для зачёта' })) as HTMLInputElement).value).toBe('70');
    expect(screen.queryByRole('button', { name: 'Просмотр как ученик' })).toBeNull();
    unmount();
    render(<LessonEditor school="Alpha" lesson={item('homework', 11)} onChanged={vi.fn()} />);
    expect(((await screen.findByRole('textbox', { name: 'Принять через (ЧЧ:ММ:СС)' })) as HTMLInputElement).value).toBe('01:00:00');
  });

  it("writes a homework's task as a lesson's blocks, saved the same way, above its files and settings", async () => {
    const taskFile = { id: 7, kind: 'text', course_id: 5, lesson_id: 11, name: 'Условие.pdf', mime: 'application/pdf', bytes: 1024, url: 'https://files.test/7', created_at: '2026-01-01T00:00:00.000Z' };
    const code = { ...blocks[1]!, id: 9, base_lesson: 11, code: '', code_html: '' };
    let refuse = true;
    const { sent } = stubApi({
      'GET Alpha/homeworks/11/': () => json(detail('homework', { id: 11, automate_accept: false, time_accept: null, text_files: [taskFile], audio_files: [] })),
      'POST Alpha/blocks/': () => json(code, 201),
      'PATCH Alpha/blocks/9/': (request) =>
        refuse ? json({ code: 'VALIDATION_ERROR', message: 'Код слишком длинный.', fields: { code: ['Код слишком длинный.'] } }, 400) : json({ ...code, ...(request.body as object), code_html: '<pre><code>print(sum(costs))</code></pre>' }),
    });
    render(<LessonEditor school="Alpha" lesson={item('homework', 11)} onChanged={vi.fn()} />);
    const task = await screen.findByRole('region', { name: 'Задание' });
    expect(within(task).getByText(/Задание пока пустое/)).toBeTruthy();
    fireEvent.click(within(within(task).getByRole('group', { name: 'Добавить блок' })).getByRole('button', { name: '+ Код' }));
    await waitFor(() => expect(within(task).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['1. Код']));
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ base_lesson: 11, type: 'code' });

    const input = within(task).getByRole('textbox', { name: 'Код' });
    fireEvent.change(input, { target: { value: 'print(sum(costs))' } });
    fireEvent.blur(input);
    expect(await within(task).findByText(/Не сохранено: Код слишком длинный/)).toBeTruthy();
    refuse = false;
    fireEvent.click(within(task).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(within(task).getByText('Сохранено')).toBeTruthy());
    expect(sent.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
      { code: 'print(sum(costs))', language: 'python' },
      { code: 'print(sum(costs))', language: 'python' },
    ]);

    const files = screen.getByRole('region', { name: 'Файлы задания' });
    expect(within(files).getByRole('link', { name: 'Условие.pdf' })).toBeTruthy();
    const settings = screen.getByRole('heading', { name: 'Настройки' });
    expect(task.compareDocumentPosition(files) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(files.compareDocumentPosition(settings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Просмотр как ученик' }));
    expect(screen.getByRole('article').querySelector('.code-html pre')!.textContent).toBe('print(sum(costs))');
  });

  it('opens a webinar with its settings form, its autowebinar chosen', async () => {
    stubApi({
      'GET Alpha/webinar_lessons/12/': () => json(detail('webinar', { id: 12, autowebinar: 3, autowebinar_title: 'Запись', webinar_url: '/webinar/zapis', link: null, starts_at: null, duration_minutes: 60 })),
      'GET Alpha/autowebinars/': () => json([{ id: 3, title: 'Запись', slug: 'zapis', starts_at: '2026-01-01T10:00:00.000Z', is_active: true }]),
    });
    render(<LessonEditor school="Alpha" lesson={item('webinar', 12)} onChanged={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'Редактор: вебинар' })).toBeTruthy();
    const select = (await screen.findByRole('combobox', { name: 'Автовебинар' })) as HTMLSelectElement;
    expect(select.value).toBe('3');
    expect((screen.getByRole('textbox', { name: 'Длительность, минут' }) as HTMLInputElement).value).toBe('60');
    expect(screen.getByText('Вебинар', { selector: '.lesson-type' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Просмотр как ученик' })).toBeNull();
  });

  it("shows a test's questions below its settings", async () => {
    stubApi({
      'GET Alpha/tests/10/': () => json(detail('test')),
      'GET Alpha/tests/10/get_questions/': () => json({ questions: [] }),
    });
    render(<LessonEditor school="Alpha" lesson={item('test')} onChanged={vi.fn()} />);
    const questions = await screen.findByRole('region', { name: 'Вопросы теста' });
    expect(await within(questions).findByRole('heading', { name: 'В тесте пока нет вопросов' })).toBeTruthy();
    const settings = screen.getByRole('heading', { name: 'Настройки' });
    expect(settings.compareDocumentPosition(questions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    let calls = 0;
    stubApi({ 'GET Alpha/lessons/10/': () => (++calls === 1 ? json({ code: 'LESSON_NOT_FOUND', message: 'Урок не найден.' }, 404) : json(detail('lesson'))) });
    render(<LessonEditor school="Alpha" lesson={item('lesson')} onChanged={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Урок не найден.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('textbox', { name: 'Название' })).toBeTruthy();
  });
});
