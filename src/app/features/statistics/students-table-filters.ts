// The students table's filters and order (spec §3 client state: filters per key), kept in core's
// persisted `filters` store: one key for the school's table and one per course's table (a group
// chosen on one course's page means nothing on another's). Only well-formed values go to the
// server, so nothing typed or restored from storage can make a malformed request (the server
// answers those with 400).
import { getFilters, isCalendarDay, isPositiveId, searchText, statisticsMessages, type FilterValues, type StudentsTableColumn } from '#core';
import { SORT_KEYS, type SortKey, type SortOrder, type StudentRowsQuery } from './students-table-api.ts';

/** The table's key in the filters store. */
export const studentsFiltersKey = (courseId?: number) => (courseId === undefined ? 'students-table' : `students-table-course-${courseId}`);

export const FILTER_NAMES = ['search_value', 'group_id', 'last_active_min', 'last_active_max', 'average_mark_min', 'average_mark_max', 'progress_min', 'progress_max'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
/** The filters, each a string ('' for none), and the order ('' for the server's: newest first). */
export type StudentFilters = Record<FilterName | 'sort_by' | 'sort_order', string>;

/** The contract's limits: a search up to 100 characters, an average mark 0–1000, progress 0–100. */
export const SEARCH_MAX = 100;
export const MARK_MAX = 1000;
export const PROGRESS_MAX = 100;

/** The stored filters of a table, each a string whatever storage held. */
export function readStudentFilters(key: string, values: FilterValues = getFilters(key)): StudentFilters {
  const filters = {} as StudentFilters;
  for (const name of [...FILTER_NAMES, 'sort_by', 'sort_order'] as const) {
    const value: unknown = values[name];
    filters[name] = typeof value === 'string' ? value : '';
  }
  return filters;
}

/** True when any filter narrows the table (the empty state then suggests changing them); the order does not. */
export const isFiltered = (filters: StudentFilters) => FILTER_NAMES.some((name) => filters[name].trim() !== '');

/** The column a table's header sorts by, and the server's key for it; the phone and the last sign-in are not sorted. */
export const COLUMN_SORT: Partial<Record<StudentsTableColumn, SortKey>> = {
  // The name cell reads "Имя Фамилия" (as the export writes it), so it sorts by the first name.
  name: 'first_name',
  email: 'email',
  course_name: 'course_name',
  group_name: 'group_name',
  progress: 'progress',
  average_mark: 'average_mark',
  mark_sum: 'mark_sum',
  date_added: 'date_added',
  last_active: 'last_active',
};

const TEXT_SORTS: readonly SortKey[] = ['last_name', 'first_name', 'email', 'course_name', 'group_name'];

/** The order in effect: the stored one when valid, else the server's default (date added, newest first). */
export function currentSort(filters: StudentFilters): { by: SortKey; order: SortOrder } {
  const by = (SORT_KEYS as readonly string[]).includes(filters.sort_by) ? (filters.sort_by as SortKey) : 'date_added';
  const order: SortOrder = filters.sort_order === 'asc' || filters.sort_order === 'desc' ? filters.sort_order : 'desc';
  return { by, order };
}

/** A header clicked: the same column turns its order round; another starts A→Я for text, largest or latest first for figures and dates. */
export function nextSort(filters: StudentFilters, by: SortKey): { by: SortKey; order: SortOrder } {
  const now = currentSort(filters);
  if (now.by === by) return { by, order: now.order === 'asc' ? 'desc' : 'asc' };
  return { by, order: TEXT_SORTS.includes(by) ? 'asc' : 'desc' };
}

const NUMBER = /^\d{1,4}(?:[.,]\d{1,2})?$/;

export interface CheckedFilters {
  /** What goes to stats/ and all_stats/. */
  query: StudentRowsQuery;
  /** Why a filter is left out, by field (Russian, shown under it). */
  errors: Partial<Record<FilterName, string>>;
}

/**
 * The request's filters: the fixed course always; the group only as a positive integer; the
 * search trimmed and cut to the limit; marks, progress and days only when well formed (a comma
 * taken for the decimal point) and in order; the order only when it is one the server knows.
 * A value that is not gets its field's error and is left out.
 */
export function checkStudentFilters(filters: StudentFilters, courseId?: number): CheckedFilters {
  const t = statisticsMessages.studentsTable;
  const query: StudentRowsQuery = {};
  const errors: CheckedFilters['errors'] = {};
  if (courseId !== undefined) query.course_id = courseId;
  if (isPositiveId(filters.group_id)) query.group_id = Number(filters.group_id);
  const search = searchText(filters.search_value, SEARCH_MAX);
  if (search) query.search_value = search;

  const ranges = [
    ['average_mark_min', 'average_mark_max', MARK_MAX, t.badMark],
    ['progress_min', 'progress_max', PROGRESS_MAX, t.badProgress],
  ] as const;
  for (const [min, max, limit, bad] of ranges) {
    for (const name of [min, max]) {
      const value = filters[name].trim().replace(',', '.');
      if (!value) continue;
      if (NUMBER.test(value) && Number(value) <= limit) query[name] = Number(value);
      else errors[name] = bad;
    }
    if (query[min] !== undefined && query[max] !== undefined && query[max] < query[min]) {
      errors[max] = t.range;
      delete query[max];
    }
  }

  for (const name of ['last_active_min', 'last_active_max'] as const) {
    const value = filters[name].trim();
    if (!value) continue;
    if (isCalendarDay(value)) query[name] = value;
    else errors[name] = t.badDate;
  }
  // ISO days compare as text.
  if (query.last_active_min !== undefined && query.last_active_max !== undefined && query.last_active_max < query.last_active_min) {
    errors.last_active_max = t.dateRange;
    delete query.last_active_max;
  }

  if ((SORT_KEYS as readonly string[]).includes(filters.sort_by)) {
    const { by, order } = currentSort(filters);
    query.sort_by = by;
    query.sort_order = order;
  }
  return { query, errors };
}
