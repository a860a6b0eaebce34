import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AddLessonForm } from './add-lesson-form.tsx';

describe('AddLessonForm', () => {
  it('offers the four lesson types and creates nothing without a name (spec §5)', () => {
    const onCreate = vi.fn(async () => {});
    render(<AddLessonForm section={3} order={2} onCreate={onCreate} onCancel={vi.fn()} />);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Урок', 'Тест', 'Домашнее задание', 'Вебинар']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Название урока' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('sends the chosen type with the trimmed name, the module and the order', async () => {
    const onCreate = vi.fn(async () => {});
    render(<AddLessonForm section={3} order={2} onCreate={onCreate} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Тип' }), { target: { value: 'homework' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Название урока' }), { target: { value: ' Эссе ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith('homework', { name: 'Эссе', section: 3, order: 2 }));
  });

  it('creates a webinar', async () => {
    const onCreate = vi.fn(async () => {});
    render(<AddLessonForm section={3} order={1} onCreate={onCreate} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Тип' }), { target: { value: 'webinar' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Название урока' }), { target: { value: 'Живой эфир' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith('webinar', { name: 'Живой эфир', section: 3, order: 1 }));
  });

  it('cancels on Escape and on its button', () => {
    const onCancel = vi.fn();
    render(<AddLessonForm section={3} order={1} onCreate={vi.fn()} onCancel={onCancel} />);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Название урока' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
