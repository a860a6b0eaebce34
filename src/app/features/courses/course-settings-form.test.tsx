import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { Course } from './course-api.ts';
import { CourseSettingsForm, majorUnits, parseMajorUnits } from './course-settings-form.tsx';

const course: Course = {
  course_id: 3,
  name: 'Python',
  description: '<p>Курс</p>',
  format: 'ОН',
  price: 4990,
  currency: 'BYN',
  duration_days: 30,
  public: 'Н',
  is_catalog: false,
  is_direct: true,
  folder: null,
  photo_url: null,
  course_removed: null,
  school: 1,
  order: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  baselessons_count: 0,
  lesson_count: 0,
  homework_count: 0,
  test_count: 0,
  video_count: 0,
  students_count: 0,
};

describe('price in major units', () => {
  it('shows minor units as major ones and reads what people type', () => {
    expect(majorUnits(4990, 'BYN')).toBe('49,9');
    expect(majorUnits(120000, 'BYN')).toBe('1200');
    expect(parseMajorUnits('49,90', 'BYN')).toBe(4990);
    expect(parseMajorUnits('1 200', 'BYN')).toBe(120000);
    expect(parseMajorUnits('', 'BYN')).toBe(0);
    expect(parseMajorUnits('12,345', 'BYN')).toBeNull();
    expect(parseMajorUnits('abc', 'BYN')).toBeNull();
  });
});

describe('CourseSettingsForm', () => {
  it('fills the form from the course and saves every field, the price in minor units', async () => {
    const onSaved = vi.fn();
    const { sent } = stubApi({
      'GET Alpha/folder_course/': () => json([{ id: 2, name: 'Программирование', courses_count: 0 }]),
      'PATCH Alpha/courses/3/': () => json({ ...course, name: 'Python 2' }),
    });
    render(<CourseSettingsForm school="Alpha" course={course} onSaved={onSaved} />);
    expect((screen.getByRole('textbox', { name: 'Цена' }) as HTMLInputElement).value).toBe('49,9');
    await screen.findByRole('option', { name: 'Программирование' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Название' }), { target: { value: 'Python 2' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Формат' }), { target: { value: 'ОФФ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Цена' }), { target: { value: '99,50' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Длительность, дней' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Опубликован' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Показывать в каталоге' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Папка' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены.')).toBeTruthy();
    expect(sent.at(-1)!.body).toEqual({
      name: 'Python 2',
      description: '<p>Курс</p>',
      format: 'ОФФ',
      price: 9950,
      duration_days: null,
      public: 'О',
      is_catalog: true,
      is_direct: true,
      folder: 2,
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Python 2' }));
  });

  it('checks the price, the duration and the name before sending', () => {
    const { sent } = stubApi({ 'GET Alpha/folder_course/': () => json([]) });
    render(<CourseSettingsForm school="Alpha" course={course} onSaved={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Цена' }), { target: { value: 'дорого' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Длительность, дней' }), { target: { value: '1,5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Название' }), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Укажите цену числом, например 49,90.')).toBeTruthy();
    expect(screen.getByText('Укажите целое число дней.')).toBeTruthy();
    expect(screen.getByText('Введите название.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it("shows the server's field errors under their fields", async () => {
    stubApi({
      'GET Alpha/folder_course/': () => json([]),
      'PATCH Alpha/courses/3/': () => json({ code: 'VALIDATION_ERROR', message: 'Ошибка', fields: { duration_days: ['Не больше 3650 дней.'] } }, 400),
    });
    render(<CourseSettingsForm school="Alpha" course={course} onSaved={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Длительность, дней' }), { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.getByText('Не больше 3650 дней.')).toBeTruthy());
    expect(screen.getByRole('textbox', { name: 'Длительность, дней' }).getAttribute('aria-invalid')).toBe('true');
  });
});
