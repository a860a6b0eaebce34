// The course summary of the statistics (issue 13, docs: the statistics contract): per course its
// groups, students, active students, average progress and mark (courses_stats/), the same rows as
// a CSV or XLSX file (courses_stats/export/), and the students who joined per month
// (user_count_by_month/). One function per call, under the school's URL name; every call and shape
// comes from the API contract (#core apiCall).
import { apiCall, type ApiAnswer, type ApiQuery } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

/**
 * A course with at least one group (a teacher: one of theirs), by name; active_students: with a step
 * in the last 30 days; average_progress 0–100 and average_mark null when there is nothing to average.
 */
export type CourseStatsRow = ApiAnswer<'GET {school}/courses_stats/'>[number];

export const listCoursesStats = (school: string) => apiCall(api(), 'GET {school}/courses_stats/', { path: { school } });

export type StatsFileFormat = ApiQuery<'GET {school}/courses_stats/export/'>['format'];

/**
 * The summary as a file. The client reads a CSV answer as text (it is text/csv) and anything else
 * as a blob; the text is made a file again with the byte-order mark the decoder took off, which
 * spreadsheet programs need to read UTF-8. The contract has no JSON shape for a file (unknown).
 */
export async function exportCoursesStats(school: string, format: StatsFileFormat): Promise<Blob> {
  const data = await apiCall(api(), 'GET {school}/courses_stats/export/', { path: { school }, query: { format } });
  return typeof data === 'string' ? new Blob(['\uFEFF', data], { type: 'text/csv;charset=utf-8' }) : (data as Blob);
}

/** How many months the chart shows (the contract's default). */
export const CHART_MONTHS = 12;

/** Students who joined one of the school's groups (a teacher: theirs) for the first time that month ('YYYY-MM'). */
export type MonthCount = ApiAnswer<'GET {school}/user_count_by_month/'>[number];

/** The last CHART_MONTHS months, oldest first, months without anyone included; a course narrows it. */
export const listStudentsByMonth = (school: string, courseId: number | null) =>
  apiCall(api(), 'GET {school}/user_count_by_month/', { path: { school }, query: { months: CHART_MONTHS, course_id: courseId ?? undefined } });
