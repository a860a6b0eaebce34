import { commonMessages, schoolPath, statisticsMessages } from '#core';
import { useResource } from '../../../views/shared/use-resource.ts';
import { useDocumentTitle } from '../../use-document-title.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { getCourseName } from './students-table-api.ts';
import { StudentsTable } from './students-table.tsx';

const t = statisticsMessages.courseStudents;

/**
 * A course's students (spec §2 `courses-stats/{course_id}/students`, Admin): the course's name,
 * the way back to «Статистика», and the school's students table fixed to the course.
 */
export default function CourseStudentsStatsPage({ school, courseId }: { school: string; courseId: number }) {
  const valid = Number.isInteger(courseId) && courseId > 0;
  const course = useResource(valid ? `course-name|${school}|${courseId}` : null, () => getCourseName(school, courseId));
  useDocumentTitle(course.data ?? null);
  const back = (
    <a className="button small secondary" href={schoolPath(school, 'courses-stats')}>
      {t.back}
    </a>
  );
  if (!valid || course.error?.status === 404) {
    return (
      <PageFrame title={t.notFoundTitle} className="course-students-stats-page" actions={back}>
        <EmptyState title={t.notFoundTitle} text={t.notFoundText} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={course.data ?? t.title} className="course-students-stats-page" actions={back}>
      {course.error ? <LoadError message={course.error.message} onRetry={course.retry} /> : null}
      {course.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      <StudentsTable courseId={courseId} />
    </PageFrame>
  );
}
