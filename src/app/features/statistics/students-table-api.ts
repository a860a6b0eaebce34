// The school's students table (issue 13, docs: the statistics contract): its rows by pages
// (schools/{id}/stats/), its columns' settings (students_table_info/), the groups it may be
// filtered by, and its CSV/XLSX export (schools/{id}/all_stats/) read through the signed-in client.
import type { QueryParams, StudentsTableColumn } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

/** The table's page size (the contract's default). */
export const STUDENTS_PAGE_SIZE = 20;

/** A row: a student in one of their groups, with their figures in the group's course. */
export interface StudentRow {
  student_id: number;
  email: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  phone_number: string | null;
  course_id: number;
  course_name: string;
  group_id: number;
  group_name: string;
  /** ISO 8601, as every date here. */
  date_added: string;
  last_active: string | null;
  last_login: string | null;
  mark_sum: number;
  average_mark: number | null;
  /** 0–100. */
  progress: number;
}

export interface StudentRowsPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: StudentRow[];
  /** Distinct students matching the filters (a student of two groups has two rows). */
  unique_students_count: number;
}

/** What the server sorts by (the contract's sort_by). */
export const SORT_KEYS = ['date_added', 'first_name', 'last_name', 'email', 'group_name', 'course_name', 'last_active', 'mark_sum', 'average_mark', 'progress'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

/** The filters and order as the server takes them (empty values are left out by the API client). */
export type StudentRowsQuery = Partial<
  Record<
    | 'course_id'
    | 'group_id'
    | 'search_value'
    | 'last_active_min'
    | 'last_active_max'
    | 'average_mark_min'
    | 'average_mark_max'
    | 'progress_min'
    | 'progress_max'
    | 'sort_by'
    | 'sort_order',
    string
  >
>;

export const listStudentRows = (schoolId: number, page: number, query: StudentRowsQuery) =>
  api().get<StudentRowsPage>(`schools/${schoolId}/stats/`, { query: { ...query, p: page, s: STUDENTS_PAGE_SIZE } satisfies QueryParams });

/** A column of the caller's table: shown or not, in its place. */
export interface TableColumn {
  id: StudentsTableColumn;
  name: string;
  order: number;
  checked: boolean;
}

export interface TableSettings {
  columns: TableColumn[];
}

export const getTableSettings = (school: string) => api().get<TableSettings>(at(school, 'students_table_info/'));

/** Saves every column's place and check; answers with the full settings. */
export const saveTableSettings = (school: string, columns: readonly Pick<TableColumn, 'id' | 'order' | 'checked'>[]) =>
  api().patch<TableSettings>(at(school, 'students_table_info/'), { columns: columns.map(({ id, order, checked }) => ({ id, order, checked })) });

/** A group the table may be narrowed to. */
export interface GroupChoice {
  group_id: number;
  name: string;
  course_id: number;
  course_name: string;
}

/** The caller's groups (a teacher's own), the first 100: enough for the filter's list. */
export const listGroupChoices = (school: string) =>
  api().get<{ count: number; results: GroupChoice[] }>(at(school, 'students_group/'), { query: { p: 1, s: 100 } }).then((page) => page.results);

/** The course's name, for its students page's heading. */
export const getCourseName = (school: string, courseId: number) => api().get<{ course_id: number; name: string }>(at(school, `courses/${courseId}/`)).then((course) => course.name);

export type ExportFormat = 'csv' | 'xlsx';

/**
 * Every row matching the filters, as a file with the caller's columns. The client reads a CSV
 * answer as text (it is text/csv) and anything else as a blob; the text is made a file again with
 * the byte-order mark the decoder took off, which spreadsheet programs need to read UTF-8.
 */
export async function exportStudentRows(schoolId: number, format: ExportFormat, query: StudentRowsQuery): Promise<Blob> {
  const data = await api().get<Blob | string>(`schools/${schoolId}/all_stats/`, { query: { ...query, format } satisfies QueryParams });
  return typeof data === 'string' ? new Blob(['\uFEFF', data], { type: 'text/csv;charset=utf-8' }) : data;
}
