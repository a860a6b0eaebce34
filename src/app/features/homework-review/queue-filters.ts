// The queue's filters (spec §3 client state: filters per key, homework status 'Все статусы' by
// default), kept in core's persisted `filters` store under the key 'homework', and what of them
// goes to the server: only well-formed values, so nothing typed or restored from storage can make
// a malformed request (the server answers those with 400).
import { filtersMessages, getFilters, homeworkReviewMessages, isCalendarDay, isHomeworkStatusCode, isPositiveId, searchText, type FilterValues } from '#core';
import type { QueueQuery } from './homework-review-api.ts';

/** The queue's key in the filters store (core's DEFAULT_FILTERS gives it 'Все статусы'). */
export const QUEUE_FILTERS_KEY = 'homework';

export const FILTER_NAMES = ['status', 'course_id', 'group_id', 'homework_id', 'teacher_id', 'student', 'start_mark', 'end_mark', 'start_date', 'end_date'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
export type QueueFilters = Record<FilterName, string>;

/** The contract's limits: a student's text up to 100 characters, marks 0–1000. */
export const STUDENT_TEXT_MAX = 100;
export const MARK_MAX = 1000;

/** The stored filters of the queue, each a string ('' for none, status 'Все статусы'), whatever storage held. */
export function readQueueFilters(values: FilterValues = getFilters(QUEUE_FILTERS_KEY)): QueueFilters {
  const filters = {} as QueueFilters;
  for (const name of FILTER_NAMES) {
    const value: unknown = values[name];
    filters[name] = typeof value === 'string' ? value : '';
  }
  if (!filters.status) filters.status = filtersMessages.allStatuses;
  return filters;
}

/** True when any filter narrows the queue (the empty state then suggests changing them). */
export const isFiltered = (filters: QueueFilters) =>
  FILTER_NAMES.some((name) => (name === 'status' ? isHomeworkStatusCode(filters.status) : filters[name].trim() !== ''));

const MARK = /^\d{1,4}$/;

export interface CheckedFilters {
  /** What goes to homeworks_stats/ (and to next/): ids and marks as the numbers the server declares. */
  query: QueueQuery;
  /** Why a filter is left out, by field (Russian, shown under it). */
  errors: Partial<Record<FilterName, string>>;
}

/**
 * The request's filters: 'Все статусы' or an unknown status sends none, ids only as positive
 * integers, the teacher only for an admin (a teacher's queue is always their own), the student's
 * text trimmed and cut to the limit, marks and dates only when well formed and in order; a value
 * that is not gets its field's error and is left out.
 */
export function checkQueueFilters(filters: QueueFilters, admin: boolean): CheckedFilters {
  const t = homeworkReviewMessages;
  const query: QueueQuery = {};
  const errors: CheckedFilters['errors'] = {};
  if (isHomeworkStatusCode(filters.status)) query.status = filters.status;
  for (const name of ['course_id', 'group_id', 'homework_id', ...(admin ? (['teacher_id'] as const) : [])] as const) {
    if (isPositiveId(filters[name])) query[name] = Number(filters[name]);
  }
  const student = searchText(filters.student, STUDENT_TEXT_MAX);
  if (student) query.student = student;

  for (const name of ['start_mark', 'end_mark'] as const) {
    const value = filters[name].trim();
    if (!value) continue;
    if (MARK.test(value) && Number(value) <= MARK_MAX) query[name] = Number(value);
    else errors[name] = t.badMark;
  }
  if (query.start_mark !== undefined && query.end_mark !== undefined && query.end_mark < query.start_mark) {
    errors.end_mark = t.markRange;
    delete query.end_mark;
  }

  for (const name of ['start_date', 'end_date'] as const) {
    const value = filters[name].trim();
    if (!value) continue;
    if (isCalendarDay(value)) query[name] = value;
    else errors[name] = t.badDate;
  }
  // ISO days compare as text.
  if (query.start_date !== undefined && query.end_date !== undefined && query.end_date < query.start_date) {
    errors.end_date = t.dateRange;
    delete query.end_date;
  }
  return { query, errors };
}
