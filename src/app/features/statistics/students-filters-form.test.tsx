import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StudentsFiltersForm, type StudentsFiltersFormProps } from './students-filters-form.tsx';
import { readStudentFilters } from './students-table-filters.ts';

const props = (own: Partial<StudentsFiltersFormProps> = {}): StudentsFiltersFormProps => ({
  filters: readStudentFilters('x', { group_id: '6', progress_min: '120' }),
  searchText: 'Ан',
  errors: { progress_min: 'Прогресс — число от 0 до 100.' },
  groups: [{ group_id: 6, name: 'Поток 1', course_id: 4, course_name: 'Python с нуля' }],
  oneCourse: true,
  onChange: vi.fn(),
  onSearchText: vi.fn(),
  onReset: vi.fn(),
  ...own,
});

describe('StudentsFiltersForm', () => {
  it('is a named form of labelled fields, an error read with its field', () => {
    render(<StudentsFiltersForm {...props()} />);
    const form = screen.getByRole('form', { name: 'Фильтры' });
    expect((within(form).getByRole('searchbox', { name: 'Поиск' }) as HTMLInputElement).value).toBe('Ан');
    expect(within(form).getByRole('searchbox').getAttribute('aria-describedby')).toBe(`${within(form).getByRole('searchbox').id}-hint`);
    expect((screen.getByLabelText('Группа') as HTMLSelectElement).value).toBe('6');
    const progress = screen.getByLabelText('Прогресс от, %');
    expect(progress.getAttribute('type')).toBe('number');
    expect(progress.getAttribute('max')).toBe('100');
    expect(progress.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(progress.getAttribute('aria-describedby')!)!.textContent).toBe('Прогресс — число от 0 до 100.');
    expect(screen.getByLabelText('Средний балл до').getAttribute('max')).toBe('1000');
    expect(screen.getByLabelText('Активность с').getAttribute('type')).toBe('date');
  });

  it('reports each change by the filter it sets, the search as typed, and the reset', () => {
    const given = props();
    render(<StudentsFiltersForm {...given} />);
    fireEvent.change(screen.getByLabelText('Группа'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Активность по'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'Анна' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(vi.mocked(given.onChange).mock.calls).toEqual([
      ['group_id', ''],
      ['last_active_max', '2026-03-31'],
    ]);
    expect(given.onSearchText).toHaveBeenCalledWith('Анна');
    expect(given.onReset).toHaveBeenCalledOnce();
  });

  it('offers every group with its course on the whole school’s table, and «Все группы» alone while the groups are unknown', () => {
    const { unmount } = render(<StudentsFiltersForm {...props({ oneCourse: false })} />);
    expect(within(screen.getByLabelText('Группа')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Все группы', 'Поток 1 — Python с нуля']);
    unmount();
    render(<StudentsFiltersForm {...props({ groups: null })} />);
    expect(within(screen.getByLabelText('Группа')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Все группы']);
  });
});
