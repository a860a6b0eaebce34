// The course summary of the statistics (issue 13, docs: the statistics contract): per course its
// groups, students, active students, average progress and mark (courses_stats/), the same rows as
// a CSV or XLSX file (courses_stats/export/), and the students who joined per month
// (user_count_by_month/). One function per call, under the school's URL name.
import type { QueryParams } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

/** A course with at least one group (a teacher: one of theirs), by name. */
export interface CourseStatsRow {
  course_id: number;
  course_name: string;
  groups: number;
  students: number;
  /** Students with a step in the course in the last 30 days. */
  active_students: number;
  /** 0–100, two decimals; null when the course has no students. */
  average_progress: number | null;
  /** The mean of accepted homework marks; null when none. */
  average_mark: number | null;
}

export const listCoursesStats = (school: string) => api().get<CourseStatsRow[]>(at(school, 'courses_stats/'));

export type StatsFileFormat = 'csv' | 'xlsx';

/**
 * The summary as a file. The client reads a CSV answer as text (it is text/csv) and anything else
 * as a blob; the text is made a file again with the byte-order mark the decoder took off, which
 * spreadsheet programs need to read UTF-8.
 */
export async function exportCoursesStats(school: string, format: StatsFileFormat): Promise<Blob> {
  const data = await api().get<Blob | string>(at(school, 'courses_stats/export/'), { query: { format } });
  return typeof data === 'string' ? new Blob(['\uFEFF', data], { type: 'text/csv;charset=utf-8' }) : data;
}

/** How many months the chart shows (the contract's default). */
export const CHART_MONTHS = 12;

/** Students who joined one of the school's groups (a teacher: theirs) for the first time that month. */
export interface MonthCount {
  /** 'YYYY-MM'. */
  month: string;
  count: number;
}

/** The last CHART_MONTHS months, oldest first, months without anyone included; a course narrows it. */
export const listStudentsByMonth = (school: string, courseId: number | null) =>
  api().get<MonthCount[]>(at(school, 'user_count_by_month/'), { query: { months: CHART_MONTHS, course_id: courseId ?? undefined } satisfies QueryParams });
