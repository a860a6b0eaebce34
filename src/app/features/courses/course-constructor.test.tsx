import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import CourseConstructor from './course-constructor.tsx';

const outline = (name = 'Введение') => ({
  course_id: 5,
  course_name: 'Python',
  sections: [{ section_id: 1, section_name: 'Модуль', name: 'Модуль', order: 1, lessons: [{ type: 'lesson', id: 10, baselesson_ptr_id: 110, section_id: 1, name, order: 1, active: true }] }],
});
const lesson = { id: 10, baselesson_ptr_id: 110, type: 'lesson', section: 1, course_id: 5, name: 'Введение', order: 1, active: true, points: 0, blocks: [] };

describe('CourseConstructor', () => {
  it('shows the outline with a prompt, opens the chosen lesson, and shows its renaming in the outline', async () => {
    stubApi({
      'GET Alpha/courses/5/sections/': () => json(outline()),
      'GET Alpha/lessons/10/': () => json(lesson),
      'PATCH Alpha/lessons/10/': () => json({ ...lesson, name: 'Начало' }),
    });
    render(<CourseConstructor school="Alpha" courseId={5} />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    fireEvent.click(await screen.findByRole('button', { name: 'Введение' }));
    expect(screen.queryByText(/Выберите урок слева/)).toBeNull();
    const name = await screen.findByRole('textbox', { name: 'Название' });
    expect(screen.getByRole('button', { name: 'Введение' }).getAttribute('aria-current')).toBe('true');
    fireEvent.change(name, { target: { value: 'Начало' } });
    fireEvent.blur(name);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Модуль' })).getByRole('button', { name: 'Начало' })).toBeTruthy());
  });

  it('closes the editor when its lesson is deleted', async () => {
    stubApi({
      'GET Alpha/courses/5/sections/': () => json(outline()),
      'GET Alpha/lessons/10/': () => json(lesson),
      'DELETE Alpha/lessons/10/': () => new Response(null, { status: 204 }),
    });
    render(<CourseConstructor school="Alpha" courseId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Введение' }));
    await screen.findByRole('textbox', { name: 'Название' });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Введение»' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.getByText(/Выберите урок слева/)).toBeTruthy());
  });

  it('shows a failed load with a retry', async () => {
    let calls = 0;
    stubApi({ 'GET Alpha/courses/5/sections/': () => (++calls === 1 ? json({ code: 'X', message: 'x' }, 500) : json(outline())) });
    render(<CourseConstructor school="Alpha" courseId={5} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('button', { name: 'Введение' })).toBeTruthy();
  });
});
