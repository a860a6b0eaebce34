import { $user, appMessages, commonMessages, routeRole, statisticsMessages } from '#core';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { exportCoursesStats, listCoursesStats } from './courses-stats-api.ts';
import { CoursesStatsTable } from './courses-stats-table.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { StudentsByMonth } from './students-by-month.tsx';
import { StudentsTable } from './students-table.tsx';
import { localDay } from './students-table-format.ts';

const t = statisticsMessages;

/**
 * «Статистика» (spec §2 `courses-stats`, Admin and Teacher): per course its groups, students,
 * students active in the last 30 days, average progress and mark, exported to CSV or XLSX by the
 * server, and the chart of students who joined per month. An admin opens a course's students
 * table from its row; a teacher, who has no such page, finds their groups' students below.
 */
export default function CoursesStatsPage({ school }: { school: string }) {
  const id = useId();
  const admin = routeRole(useStore($user).role) === 'Admin';
  const summary = useResource(`courses-stats|${school}`, () => listCoursesStats(school));
  const rows = summary.data ?? null;

  return (
    <PageFrame
      title={appMessages.routes['courses-stats']}
      className="courses-stats-page"
      actions={rows && rows.length > 0 ? <ExportButtons load={(format) => exportCoursesStats(school, format)} fileName={(format) => `courses-${localDay()}.${format}`} /> : null}
    >
      {summary.error ? <LoadError message={summary.error.message} onRetry={summary.retry} /> : null}
      {summary.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {rows ? <CoursesStatsTable school={school} rows={rows} linked={admin} empty={<EmptyState title={t.coursesEmptyTitle} text={admin ? t.coursesEmptyText : t.coursesEmptyTeacher} />} /> : null}
      <StudentsByMonth school={school} courses={rows ?? []} />
      {admin ? null : (
        <section aria-labelledby={`${id}-students`}>
          <h2 id={`${id}-students`}>{t.studentsTitle}</h2>
          <StudentsTable />
        </section>
      )}
    </PageFrame>
  );
}
