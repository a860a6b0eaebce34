import { $filters, DEFAULT_FILTERS, setFilter } from '#core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkQueueFilters, isFiltered, QUEUE_FILTERS_KEY, readQueueFilters, type QueueFilters } from './queue-filters.ts';

const none = (): QueueFilters => ({ ...readQueueFilters({}) });

beforeEach(() => {
  localStorage.clear();
  $filters.set(DEFAULT_FILTERS);
});

describe('readQueueFilters', () => {
  it("starts with 'Все статусы' and nothing else", () => {
    expect(readQueueFilters()).toEqual({
      status: 'Все статусы',
      course_id: '',
      group_id: '',
      homework_id: '',
      teacher_id: '',
      student: '',
      start_mark: '',
      end_mark: '',
      start_date: '',
      end_date: '',
    });
    expect(isFiltered(readQueueFilters())).toBe(false);
  });

  it("reads the store's 'homework' key, whatever else storage held", () => {
    setFilter(QUEUE_FILTERS_KEY, 'status', 'revision');
    $filters.set({ ...$filters.get(), homework: { ...$filters.get().homework, course_id: 7 as unknown as string, status: 'revision' } });
    const filters = readQueueFilters();
    expect(filters.status).toBe('revision');
    expect(filters.course_id).toBe('');
    expect(isFiltered(filters)).toBe(true);
  });
});

describe('checkQueueFilters', () => {
  it("sends no status for 'Все статусы' or an unknown one, and a known code as it is", () => {
    expect(checkQueueFilters(none(), false).query).toEqual({});
    expect(checkQueueFilters({ ...none(), status: 'lost' }, false).query).toEqual({});
    expect(checkQueueFilters({ ...none(), status: 'accepted' }, false).query).toEqual({ status: 'accepted' });
  });

  it('sends ids only as positive integers, and the teacher only for an admin', () => {
    const filters = { ...none(), course_id: '3', group_id: '0', homework_id: '1e3', teacher_id: '8' };
    expect(checkQueueFilters(filters, false).query).toEqual({ course_id: 3 });
    expect(checkQueueFilters(filters, true).query).toEqual({ course_id: 3, teacher_id: 8 });
  });

  it("sends the student's text trimmed, without control characters, up to 100 characters", () => {
    expect(checkQueueFilters({ ...none(), student: '  Ан\u0000на  ' }, false).query).toEqual({ student: 'Ан на' });
    expect(checkQueueFilters({ ...none(), student: 'я'.repeat(150) }, false).query.student).toHaveLength(100);
    expect(checkQueueFilters({ ...none(), student: ' \u0000 ' }, false).query).toEqual({});
  });

  it('sends marks from 0 to 1000 in order, else says why under the field', () => {
    expect(checkQueueFilters({ ...none(), start_mark: '0', end_mark: '005' }, false)).toEqual({ query: { start_mark: 0, end_mark: 5 }, errors: {} });
    expect(checkQueueFilters({ ...none(), start_mark: '-1', end_mark: '1001' }, false)).toEqual({
      query: {},
      errors: { start_mark: 'Оценка — целое число от 0 до 1000.', end_mark: 'Оценка — целое число от 0 до 1000.' },
    });
    expect(checkQueueFilters({ ...none(), start_mark: '5', end_mark: '4' }, false)).toEqual({ query: { start_mark: 5 }, errors: { end_mark: 'Оценка «до» меньше оценки «от».' } });
  });

  it('sends real days in order, else says why under the field', () => {
    expect(checkQueueFilters({ ...none(), start_date: '2026-02-01', end_date: '2026-02-28' }, false).query).toEqual({ start_date: '2026-02-01', end_date: '2026-02-28' });
    expect(checkQueueFilters({ ...none(), start_date: '2026-02-30', end_date: '2026-2-1' }, false)).toEqual({
      query: {},
      errors: { start_date: 'Укажите дату полностью.', end_date: 'Укажите дату полностью.' },
    });
    expect(checkQueueFilters({ ...none(), start_date: '2026-03-02', end_date: '2026-03-01' }, false)).toEqual({ query: { start_date: '2026-03-02' }, errors: { end_date: 'Дата «по» раньше даты «с».' } });
  });
});
