import { $filters, DEFAULT_FILTERS, setFilter } from '#core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkStudentFilters, currentSort, isFiltered, nextSort, readStudentFilters, studentsFiltersKey, type StudentFilters } from './students-table-filters.ts';

const none: StudentFilters = readStudentFilters('nothing', {});
const filters = (own: Partial<StudentFilters>): StudentFilters => ({ ...none, ...own });

beforeEach(() => {
  $filters.set(DEFAULT_FILTERS);
});

describe('students table filters', () => {
  it("keeps the school's table and each course's under their own keys", () => {
    expect(studentsFiltersKey()).toBe('students-table');
    expect(studentsFiltersKey(4)).toBe('students-table-course-4');
    setFilter('students-table-course-4', 'group_id', '7');
    expect(readStudentFilters(studentsFiltersKey(4)).group_id).toBe('7');
    expect(readStudentFilters(studentsFiltersKey(5)).group_id).toBe('');
  });

  it('reads whatever storage held as strings', () => {
    const read = readStudentFilters('x', { group_id: 7, search_value: 'Анна', sort_by: null } as never);
    expect(read).toMatchObject({ group_id: '', search_value: 'Анна', sort_by: '', progress_min: '' });
    expect(isFiltered(read)).toBe(true);
    expect(isFiltered(filters({ sort_by: 'progress', search_value: '  ' }))).toBe(false);
  });

  it('sends the fixed course, a well-formed group, the search trimmed and cut, and the ranges', () => {
    const { query, errors } = checkStudentFilters(
      filters({
        group_id: '7',
        search_value: `  Ан\u0000на ${'x'.repeat(200)}`,
        last_active_min: '2026-03-01',
        last_active_max: '2026-03-31',
        average_mark_min: '3,5',
        average_mark_max: '1000',
        progress_min: '0',
        progress_max: '99.99',
      }),
      4,
    );
    expect(errors).toEqual({});
    expect(query).toMatchObject({ course_id: 4, group_id: 7, last_active_min: '2026-03-01', last_active_max: '2026-03-31', average_mark_min: 3.5, average_mark_max: 1000, progress_min: 0, progress_max: 99.99 });
    expect(query.search_value).toHaveLength(100);
    expect(query.search_value!.startsWith('Ан на x')).toBe(true);
  });

  it('leaves out and explains what is malformed or out of order', () => {
    const bad = checkStudentFilters(filters({ group_id: '0', average_mark_min: '1001', progress_min: '-1', progress_max: '1e2', last_active_min: '2026-02-30', last_active_max: '2026-3-1' }));
    expect(bad.query).toEqual({});
    expect(bad.errors).toEqual({
      average_mark_min: 'Средний балл — число от 0 до 1000.',
      progress_min: 'Прогресс — число от 0 до 100.',
      progress_max: 'Прогресс — число от 0 до 100.',
      last_active_min: 'Укажите дату полностью.',
      last_active_max: 'Укажите дату полностью.',
    });
    const reversed = checkStudentFilters(filters({ average_mark_min: '5', average_mark_max: '4', progress_min: '50', progress_max: '10', last_active_min: '2026-03-02', last_active_max: '2026-03-01' }));
    expect(reversed.query).toEqual({ average_mark_min: 5, progress_min: 50, last_active_min: '2026-03-02' });
    expect(reversed.errors).toEqual({ average_mark_max: 'Значение «до» меньше значения «от».', progress_max: 'Значение «до» меньше значения «от».', last_active_max: 'Дата «по» раньше даты «с».' });
  });

  it("sends an order the server knows, else none (the server's newest first)", () => {
    expect(checkStudentFilters(filters({ sort_by: 'progress', sort_order: 'asc' })).query).toEqual({ sort_by: 'progress', sort_order: 'asc' });
    expect(checkStudentFilters(filters({ sort_by: 'progress', sort_order: 'sideways' })).query).toEqual({ sort_by: 'progress', sort_order: 'desc' });
    expect(checkStudentFilters(filters({ sort_by: 'password', sort_order: 'asc' })).query).toEqual({});
    expect(currentSort(none)).toEqual({ by: 'date_added', order: 'desc' });
  });

  it('turns the order round on the same column; another starts А→Я for text, largest or latest first otherwise', () => {
    expect(nextSort(none, 'date_added')).toEqual({ by: 'date_added', order: 'asc' });
    expect(nextSort(filters({ sort_by: 'progress', sort_order: 'asc' }), 'progress')).toEqual({ by: 'progress', order: 'desc' });
    expect(nextSort(none, 'last_name')).toEqual({ by: 'last_name', order: 'asc' });
    expect(nextSort(none, 'mark_sum')).toEqual({ by: 'mark_sum', order: 'desc' });
    expect(nextSort(none, 'last_active')).toEqual({ by: 'last_active', order: 'desc' });
  });
});
