import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { CreateCourseModal } from './create-course-modal.tsx';

describe('CreateCourseModal', () => {
  it('asks for a name before sending anything, then creates the course', async () => {
    const onCreated = vi.fn();
    const { sent } = stubApi({ 'POST Alpha/courses/': () => json({ course_id: 9, name: 'Go' }, 201) });
    render(<CreateCourseModal school="Alpha" onCreated={onCreated} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Новый курс' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(screen.getByRole('textbox', { name: 'Название' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Введите название.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Название' }), { target: { value: ' Go ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ course_id: 9, name: 'Go' }));
    expect(sent[0]!.body).toEqual({ name: 'Go' });
  });

  it("says when the plan's course limit is reached", async () => {
    stubApi({ 'POST Alpha/courses/': () => json({ code: 'TARIFF_LIMIT', message: 'Превышено количество курсов для выбранного тарифа.' }, 400) });
    render(<CreateCourseModal school="Alpha" onCreated={vi.fn()} onClose={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Название' }), { target: { value: 'Ещё один' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Превышено количество курсов для выбранного тарифа.');
    expect((screen.getByRole('button', { name: 'Создать' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a refused name under the field, and closes on Отмена', async () => {
    const onClose = vi.fn();
    stubApi({ 'POST Alpha/courses/': () => json({ code: 'VALIDATION_ERROR', message: 'Ошибка', fields: { name: ['Слишком длинное название.'] } }, 400) });
    render(<CreateCourseModal school="Alpha" onCreated={vi.fn()} onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Название' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Слишком длинное название.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalled();
  });
});
