import { schoolPath, statisticsMessages } from '#core';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import type { CourseStatsRow } from './courses-stats-api.ts';
import { formatNumber, formatPercent } from './students-table-format.ts';

const t = statisticsMessages;

const orNone = (value: number | null, format: (value: number) => string) => (value === null ? <span className="muted">{t.noValue}</span> : format(value));

export interface CoursesStatsTableProps {
  school: string;
  rows: readonly CourseStatsRow[];
  /** The admin's rows open the course's students table (a teacher has no such page). */
  linked: boolean;
  empty: ReactNode;
}

/** The course summary: a row per course with its groups, students, active students, average progress and mark. */
export function CoursesStatsTable({ school, rows, linked, empty }: CoursesStatsTableProps) {
  const columns: DataColumn<CourseStatsRow>[] = [
    {
      key: 'course',
      header: t.course,
      rowHeader: true,
      render: (row) =>
        linked ? (
          <a href={schoolPath(school, `courses-stats/${row.course_id}/students`)} aria-label={t.courseStudentsLabel(row.course_name)}>
            {row.course_name}
          </a>
        ) : (
          row.course_name
        ),
    },
    { key: 'groups', header: t.groups, className: 'stats-figure', render: (row) => row.groups },
    { key: 'students', header: t.students, className: 'stats-figure', render: (row) => row.students },
    { key: 'active', header: t.activeStudents, className: 'stats-figure', render: (row) => row.active_students },
    { key: 'progress', header: t.averageProgress, className: 'stats-figure', render: (row) => orNone(row.average_progress, formatPercent) },
    { key: 'mark', header: t.averageMark, className: 'stats-figure', render: (row) => orNone(row.average_mark, formatNumber) },
  ];
  return <DataTable caption={t.coursesCaption} captionHidden columns={columns} rows={rows} rowKey={(row) => row.course_id} empty={empty} className="stats-courses-table" />;
}
