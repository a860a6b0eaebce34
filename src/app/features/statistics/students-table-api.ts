// The school's students table (issue 13, docs: the statistics contract): its rows by pages
// (schools/{id}/stats/), its columns' settings (students_table_info/), the groups it may be
// filtered by, and its CSV/XLSX export (schools/{id}/all_stats/) read through the signed-in client.
// Every call and shape comes from the API contract (#core apiCall).
import { apiCall, type ApiAnswer, type ApiQuery } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

/** The table's page size (the contract's default). */
export const STUDENTS_PAGE_SIZE = 20;

/** unique_students_count: distinct students matching the filters (a student of two groups has two rows). */
export type StudentRowsPage = ApiAnswer<'GET schools/{id}/stats/'>;
/** A row: a student in one of their groups, with their figures in the group's course (dates ISO 8601, progress 0–100). */
export type StudentRow = StudentRowsPage['results'][number];

type RowsQuery = ApiQuery<'GET schools/{id}/stats/'>;
/** What the server sorts by (the contract's sort_by). */
export const SORT_KEYS = ['date_added', 'first_name', 'last_name', 'email', 'group_name', 'course_name', 'last_active', 'mark_sum', 'average_mark', 'progress'] as const satisfies readonly NonNullable<RowsQuery['sort_by']>[];
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = NonNullable<RowsQuery['sort_order']>;

/** The filters and order the table sends (stats/ and all_stats/ take the same; undefined ones are left out). */
export type StudentRowsQuery = Pick<
  RowsQuery,
  'course_id' | 'group_id' | 'search_value' | 'last_active_min' | 'last_active_max' | 'average_mark_min' | 'average_mark_max' | 'progress_min' | 'progress_max' | 'sort_by' | 'sort_order'
>;

export const listStudentRows = (schoolId: number, page: number, query: StudentRowsQuery) =>
  apiCall(api(), 'GET schools/{id}/stats/', { path: { id: schoolId }, query: { ...query, p: page, s: STUDENTS_PAGE_SIZE } });

export type TableSettings = ApiAnswer<'GET {school}/students_table_info/'>;
/** A column of the caller's table: shown or not, in its place. */
export type TableColumn = TableSettings['columns'][number];

export const getTableSettings = (school: string) => apiCall(api(), 'GET {school}/students_table_info/', { path: { school } });

/** Saves every column's place and check; answers with the full settings. */
export const saveTableSettings = (school: string, columns: readonly Pick<TableColumn, 'id' | 'order' | 'checked'>[]) =>
  apiCall(api(), 'PATCH {school}/students_table_info/', { path: { school }, body: { columns: columns.map(({ id, order, checked }) => ({ id, order, checked })) } });

/** A group the table may be narrowed to: what the filter's list shows of it. */
export type GroupChoice = Pick<ApiAnswer<'GET {school}/students_group/'>['results'][number], 'group_id' | 'name' | 'course_id' | 'course_name'>;

/** The caller's groups (a teacher's own), the first 100: enough for the filter's list. */
export const listGroupChoices = (school: string) => apiCall(api(), 'GET {school}/students_group/', { path: { school }, query: { p: 1, s: 100 } }).then((page) => page.results);

/** The course's name, for its students page's heading. */
export const getCourseName = (school: string, courseId: number) => apiCall(api(), 'GET {school}/courses/{id}/', { path: { school, id: courseId } }).then((course) => course.name);

export type ExportFormat = ApiQuery<'GET schools/{id}/all_stats/'>['format'];

/**
 * Every row matching the filters, as a file with the caller's columns. The client reads a CSV
 * answer as text (it is text/csv) and anything else as a blob; the text is made a file again with
 * the byte-order mark the decoder took off, which spreadsheet programs need to read UTF-8. The
 * contract has no JSON shape for a file (unknown).
 */
export async function exportStudentRows(schoolId: number, format: ExportFormat, query: StudentRowsQuery): Promise<Blob> {
  const data = await apiCall(api(), 'GET schools/{id}/all_stats/', { path: { id: schoolId }, query: { ...query, format } });
  return typeof data === 'string' ? new Blob(['\uFEFF', data], { type: 'text/csv;charset=utf-8' }) : (data as Blob);
}
