import { $school, commonMessages, schoolPath, statisticsMessages, type ApiError } from '#core';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { WriteToChatButton } from '../chat/index.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { useDocumentTitle } from '../../use-document-title.ts';
import { getStudentProgress, getStudentSections } from './student-stats-api.ts';
import { StudentGroups } from './student-groups.tsx';
import { StudentProgress } from './student-progress.tsx';
import { formatDayTime } from './students-table-format.ts';

const t = statisticsMessages;

export interface StudentStatsPageProps {
  school: string;
  /** The route's `student_id`; NaN when the path holds something else. */
  studentId: number;
}

/** 404 (not the school's student, not in the teacher's groups) and 403: nothing here for this teacher. */
const isGone = (error: ApiError) => error.status === 404 || error.status === 403;

/**
 * A student's statistics for their teacher (spec §2 `student-stats/{student_id}`): who they are
 * and when they last signed in, their progress in each course (lessons, homework and tests done,
 * average mark, place), then per group their modules and lessons (status, mark, when viewed and
 * completed, a hand-in with its check page), their last activity and their time on tests.
 */
export default function StudentStatsPage({ school, studentId }: StudentStatsPageProps) {
  const id = useId();
  const schoolId = useStore($school).schoolId;
  const valid = Number.isInteger(studentId) && studentId > 0;
  const sections = useResource(valid && schoolId !== null ? `student-sections|${school}|${schoolId}|${studentId}` : null, () => getStudentSections(schoolId ?? 0, studentId));
  const progress = useResource(valid ? `student-progress|${school}|${studentId}` : null, () => getStudentProgress(school, studentId));

  const data = sections.data ?? null;
  const gone = !valid || (sections.error !== null && isGone(sections.error));
  const name = data ? [data.student.first_name, data.student.last_name].filter(Boolean).join(' ') || data.student.email : null;
  // The route table knows no title for this path: the tab says whose statistics these are.
  useDocumentTitle(gone ? t.studentNotFoundTitle : (name ?? t.studentTitle));

  const back = (
    <a className="button small secondary" href={schoolPath(school, 'courses-stats')}>
      {t.backToStats}
    </a>
  );
  if (gone) {
    return (
      <PageFrame title={t.studentNotFoundTitle} className="student-stats-page" actions={back}>
        <EmptyState title={t.studentNotFoundTitle} text={t.studentNotFoundText} />
      </PageFrame>
    );
  }
  if (!data || name === null) {
    return (
      <PageFrame title={t.studentTitle} className="student-stats-page" actions={back}>
        {sections.error ? <LoadError message={sections.error.message} onRetry={sections.retry} /> : <p role="status">{commonMessages.loading}</p>}
      </PageFrame>
    );
  }

  const { student } = data;
  return (
    <PageFrame
      title={name}
      className="student-stats-page"
      actions={
        <>
          {back}
          <WriteToChatButton school={school} to={{ studentId }} />
        </>
      }
    >
      <dl className="stats-facts student-stats-head">
        <div>
          <dt>{t.email}</dt>
          <dd>{student.email}</dd>
        </div>
        <div>
          <dt>{t.lastLogin}</dt>
          <dd>{student.last_login ? <time dateTime={student.last_login}>{formatDayTime(student.last_login)}</time> : t.neverLoggedIn}</dd>
        </div>
      </dl>
      <section aria-labelledby={`${id}-progress`}>
        <h2 id={`${id}-progress`}>{t.progressTitle}</h2>
        {progress.error ? <LoadError message={`${t.progressLoadFailed} ${progress.error.message}`} onRetry={progress.retry} /> : null}
        {progress.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
        {progress.data ? <StudentProgress courses={progress.data.courses} /> : null}
      </section>
      <section aria-labelledby={`${id}-groups`}>
        <h2 id={`${id}-groups`}>{t.groupsTitle}</h2>
        <StudentGroups school={school} groups={data.student_data} />
      </section>
    </PageFrame>
  );
}
