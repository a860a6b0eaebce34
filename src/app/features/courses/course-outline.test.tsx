import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import type { OutlineLesson, Section } from './course-api.ts';
import { CourseOutline } from './course-outline.tsx';

const lesson = (id: number, type: OutlineLesson['type'] = 'lesson'): OutlineLesson => ({ type, id: id * 10, baselesson_ptr_id: id, name: `Урок ${id}`, order: 0, active: id !== 13 });
const outline = (): Section[] => [
  { section_id: 1, name: 'Введение', order: 1, lessons: [lesson(11), lesson(12, 'test'), lesson(13, 'homework')] },
  { section_id: 2, name: 'Практика', order: 2, lessons: [lesson(21)] },
];

/**
 * happy-dom lays nothing out: each drag target gets a 40 px tall box, 50 px below the one before it
 * in the page's order (modules, their lesson lists and lessons), as a real browser would stack them.
 */
function layOut() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const stacked = [...document.querySelectorAll('[data-drag-key], .lesson-list')];
    const index = stacked.indexOf(this);
    const top = index < 0 ? 0 : index * 50;
    const height = index < 0 ? 0 : 40;
    return { x: 0, y: top, top, left: 0, width: index < 0 ? 0 : 300, height, right: 300, bottom: top + height, toJSON: () => ({}) } as DOMRect;
  });
}

function Harness({ initial = outline(), reload = vi.fn(async () => {}), onSelect = vi.fn() }: { initial?: Section[]; reload?: () => Promise<void>; onSelect?: (lesson: OutlineLesson) => void }) {
  const [sections, setSections] = useState<readonly Section[]>(initial);
  return <CourseOutline school="Alpha" courseId={5} sections={sections} onSections={setSections} reload={reload} selected={null} onSelect={onSelect} onDeleted={vi.fn()} />;
}

const lessonNames = (module: string) =>
  within(screen.getByRole('list', { name: module }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.lesson-open')?.textContent)
    .filter(Boolean);

beforeEach(() => $toasts.set([]));
afterEach(() => vi.useRealTimers());

describe('CourseOutline', () => {
  it('shows each module with its lessons in order, each with its type', () => {
    stubApi({});
    render(<Harness />);
    expect(screen.getByRole('heading', { level: 3, name: 'Введение' })).toBeTruthy();
    expect(lessonNames('Введение')).toEqual(['Урок 11', 'Урок 12', 'Урок 13 (скрыт)']);
    const items = within(screen.getByRole('list', { name: 'Введение' })).getAllByRole('listitem');
    expect(items.slice(0, 3).map((item) => item.querySelector('.lesson-type')?.textContent)).toEqual(['Урок', 'Тест', 'Домашнее задание']);
  });

  it('says so when the course has no modules, and adds one by its name (Enter), an empty name adding nothing', async () => {
    const reload = vi.fn(async () => {});
    const { sent } = stubApi({ 'POST Alpha/sections/': () => json({ section_id: 3, name: 'Новый', order: 1, course: 5, lessons: [] }, 201) });
    render(<Harness initial={[]} reload={reload} />);
    expect(screen.getByRole('heading', { level: 2, name: 'В курсе пока нет модулей' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '+ Добавить модуль' }));
    const field = screen.getByRole('textbox', { name: 'Название модуля' });
    fireEvent.submit(field.closest('form')!);
    expect(sent).toEqual([]);
    fireEvent.change(field, { target: { value: '  Новый ' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(sent[0]!.body).toEqual({ course: 5, name: 'Новый' });
    expect(screen.queryByRole('textbox', { name: 'Название модуля' })).toBeNull();
  });

  it('closes the new module field on Escape', () => {
    stubApi({});
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '+ Добавить модуль' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Название модуля' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Название модуля' })).toBeNull();
  });

  it('renames a module in place: Enter saves, Escape cancels, focus returns to the rename button', async () => {
    const { sent } = stubApi({ 'PATCH Alpha/sections/1/': () => json({ section_id: 1, name: 'Начало', order: 1, lessons: [] }) });
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Переименовать модуль «Введение»' }));
    let field = screen.getByRole('textbox', { name: 'Переименовать модуль «Введение»: Новое название' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Что-то' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.getByRole('heading', { level: 3, name: 'Введение' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Переименовать модуль «Введение»' }));
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Переименовать модуль «Введение»' }));
    field = screen.getByRole('textbox', { name: 'Переименовать модуль «Введение»: Новое название' });
    fireEvent.change(field, { target: { value: 'Начало' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 3, name: 'Начало' })).toBeTruthy();
    expect(sent.map((request) => [request.method, request.path, request.body])).toEqual([['PATCH', 'Alpha/sections/1/', { name: 'Начало' }]]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Переименовать модуль «Начало»' })));
  });

  it('keeps the rename field open with the reason when the server refuses the name', async () => {
    stubApi({ 'PATCH Alpha/sections/1/': () => json({ code: 'VALIDATION_ERROR', message: 'Слишком длинное название.' }, 400) });
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Переименовать модуль «Введение»' }));
    const field = screen.getByRole('textbox', { name: /Новое название/ });
    fireEvent.change(field, { target: { value: 'Другое' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect($toasts.get().map((toast) => toast.text)).toEqual(['Слишком длинное название.']));
    expect(screen.getByRole('textbox', { name: /Новое название/ })).toBeTruthy();
  });

  it('deletes a module only after the confirmation', async () => {
    const reload = vi.fn(async () => {});
    const { sent } = stubApi({ 'DELETE Alpha/sections/2/': () => new Response(null, { status: 204 }) });
    render(<Harness reload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить модуль «Практика»' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить модуль?' });
    expect(dialog.textContent).toContain('Модуль «Практика» будет удалён вместе со всеми его уроками.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить модуль «Практика»' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE Alpha/sections/2/']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes a lesson by its own type path after the confirmation', async () => {
    const { sent } = stubApi({ 'DELETE Alpha/tests/120/': () => new Response(null, { status: 204 }) });
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Урок 12»' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить урок?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE Alpha/tests/120/']));
  });

  it('adds a lesson after lesson k with order k + 1 and opens it; an empty name sends nothing', async () => {
    const reload = vi.fn(async () => {});
    const onSelect = vi.fn();
    const { sent } = stubApi({ 'POST Alpha/tests/': () => json({ id: 77, test_id: 77, baselesson_ptr_id: 77, type: 'test', name: 'Проверка', order: 2, active: true, blocks: [] }, 201) });
    render(<Harness reload={reload} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить после «Урок 11»' }));
    const name = screen.getByRole('textbox', { name: 'Название урока' });
    expect(document.activeElement).toBe(name);
    fireEvent.submit(name.closest('form')!);
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Тип' }), { target: { value: 'test' } });
    fireEvent.change(name, { target: { value: 'Проверка' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ type: 'test', id: 77, baselesson_ptr_id: 77 })));
    expect(sent[0]!.path).toBe('Alpha/tests/');
    expect(sent[0]!.body).toEqual({ name: 'Проверка', section: 1, order: 2 });
    expect(reload).toHaveBeenCalled();
  });

  it('adds a lesson at the end of a module, and Escape closes the form', async () => {
    const { sent } = stubApi({ 'POST Alpha/homeworks/': () => json({ id: 8, baselesson_ptr_id: 8, type: 'homework', name: 'ДЗ', order: 2, active: true }, 201) });
    render(<Harness />);
    const practice = screen.getByRole('list', { name: 'Практика' });
    fireEvent.click(within(practice).getByRole('button', { name: '+ Добавить урок' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Название урока' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Название урока' })).toBeNull();
    fireEvent.click(within(practice).getByRole('button', { name: '+ Добавить урок' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Тип' }), { target: { value: 'homework' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Название урока' }), { target: { value: 'ДЗ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(sent[0]?.body).toEqual({ name: 'ДЗ', section: 2, order: 2 }));
  });

  it('shows why a lesson was not created, keeping the form', async () => {
    stubApi({ 'POST Alpha/lessons/': () => json({ code: 'VALIDATION_ERROR', message: 'Модуль не найден.' }, 400) });
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить после «Урок 13»' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Название урока' }), { target: { value: 'Ещё' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Модуль не найден.');
    expect(screen.getByRole('textbox', { name: 'Название урока' })).toBeTruthy();
  });

  it('moves lessons and modules with the up and down buttons, keeping focus on the button', async () => {
    const { sent } = stubApi({ 'POST Alpha/lesson_order/': () => json({ detail: 'ok' }), 'POST Alpha/section_order/': () => json({ detail: 'ok' }) });
    render(<Harness />);
    expect((screen.getByRole('button', { name: 'Переместить «Урок 11» вверх' }) as HTMLButtonElement).disabled).toBe(true);
    const down = screen.getByRole('button', { name: 'Переместить «Урок 11» вниз' });
    fireEvent.click(down);
    expect(lessonNames('Введение')).toEqual(['Урок 12', 'Урок 11', 'Урок 13 (скрыт)']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Переместить «Урок 11» вниз' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual([
      { baselesson_ptr_id: 12, order: 1, section_id: 1 },
      { baselesson_ptr_id: 11, order: 2, section_id: 1 },
      { baselesson_ptr_id: 13, order: 3, section_id: 1 },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Переместить «Практика» вверх' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Практика', 'Введение']);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual([
      { section_id: 2, order: 1 },
      { section_id: 1, order: 2 },
    ]);
  });

  it('says when a move was not saved and reads the outline again', async () => {
    const reload = vi.fn(async () => {});
    stubApi({ 'POST Alpha/lesson_order/': () => json({ code: 'DB_UNAVAILABLE', message: 'x' }, 503) });
    render(<Harness reload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Переместить «Урок 12» вверх' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect($toasts.get().map((toast) => [toast.kind, toast.text])).toEqual([['error', 'Не удалось изменить порядок. Показан порядок, сохранённый на сервере.']]);
  });

  describe('keyboard drag and drop', () => {
    beforeEach(layOut);

    /** Space picks up, arrows move, Space drops: each a key press on the focused handle, as dnd-kit reads event.code. */
    async function press(code: string) {
      await act(async () => {
        fireEvent.keyDown(document.activeElement ?? document.body, { code, key: code === 'Space' ? ' ' : code });
        await new Promise((resolve) => requestAnimationFrame(resolve));
      });
    }

    it('moves a lesson down inside its module with Space, ArrowDown, Space, and says so', async () => {
      const { sent } = stubApi({ 'POST Alpha/lesson_order/': () => json({ detail: 'ok' }) });
      render(<Harness />);
      const handle = screen.getByRole('button', { name: 'Перетащить «Урок 11»' });
      expect(handle.getAttribute('aria-roledescription')).toBe('перемещаемый элемент');
      handle.focus();
      await press('Space');
      expect(document.body.textContent).toContain('Взят элемент «Урок 11».');
      await press('ArrowDown');
      await press('Space');
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(lessonNames('Введение')).toEqual(['Урок 12', 'Урок 11', 'Урок 13 (скрыт)']);
      expect(sent[0]!.body).toEqual([
        { baselesson_ptr_id: 12, order: 1, section_id: 1 },
        { baselesson_ptr_id: 11, order: 2, section_id: 1 },
        { baselesson_ptr_id: 13, order: 3, section_id: 1 },
      ]);
    });

    it('moves the last lesson of a module into the next module', async () => {
      const { sent } = stubApi({ 'POST Alpha/lesson_order/': () => json({ detail: 'ok' }) });
      render(<Harness />);
      screen.getByRole('button', { name: 'Перетащить «Урок 13»' }).focus();
      await press('Space');
      await press('ArrowDown');
      await press('Space');
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(lessonNames('Введение')).toEqual(['Урок 11', 'Урок 12']);
      expect(lessonNames('Практика')).toEqual(['Урок 13 (скрыт)', 'Урок 21']);
      expect(sent[0]!.body).toEqual([
        { baselesson_ptr_id: 11, order: 1, section_id: 1 },
        { baselesson_ptr_id: 12, order: 2, section_id: 1 },
        { baselesson_ptr_id: 13, order: 1, section_id: 2 },
        { baselesson_ptr_id: 21, order: 2, section_id: 2 },
      ]);
    });

    it('moves a module, and Escape puts a picked-up item back without saving', async () => {
      const { sent } = stubApi({ 'POST Alpha/section_order/': () => json({ detail: 'ok' }) });
      render(<Harness />);
      screen.getByRole('button', { name: 'Перетащить «Урок 11»' }).focus();
      await press('Space');
      await press('ArrowDown');
      await press('Escape');
      expect(lessonNames('Введение')).toEqual(['Урок 11', 'Урок 12', 'Урок 13 (скрыт)']);
      expect(document.body.textContent).toContain('Перемещение «Урок 11» отменено.');

      screen.getByRole('button', { name: 'Перетащить «Введение»' }).focus();
      await press('Space');
      await press('ArrowDown');
      await press('Space');
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Практика', 'Введение']);
      expect(sent[0]!.body).toEqual([
        { section_id: 2, order: 1 },
        { section_id: 1, order: 2 },
      ]);
    });
  });
});
