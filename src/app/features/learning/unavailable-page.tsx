import { appMessages, learningMessages, schoolPath, type ApiError } from '#core';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';

const t = learningMessages;

const COURSE_CODES: Readonly<Record<string, string>> = { COURSE_CLOSED: t.courseClosed, ACCESS_EXPIRED: t.accessExpired };

interface Refusal {
  title: string;
  text: string;
  /** Back to the course's programme (a lesson of an open course), else to «Мои курсы». */
  toCourse: boolean;
}

/**
 * A refusal the student should read rather than retry: the course closed or its access period
 * over (403 COURSE_CLOSED / ACCESS_EXPIRED), a lesson still locked (403 with the lock's reason), or
 * a course or lesson they cannot see (404). Null for anything else (worth a retry).
 */
function refusal(error: ApiError, lesson: boolean): Refusal | null {
  if (error.status === 403 && error.code in COURSE_CODES) return { title: t.unavailableTitle, text: error.message || COURSE_CODES[error.code]!, toCourse: false };
  if (error.status === 403 && lesson) return { title: t.lessonLockedTitle, text: error.message, toCourse: true };
  if (error.status === 404 || error.status === 403) {
    return lesson ? { title: t.lessonNotFoundTitle, text: t.lessonNotFoundText, toCourse: true } : { title: t.notFoundTitle, text: t.notFoundText, toCourse: false };
  }
  return null;
}

/**
 * The page a failed load of the student's course (no `courseId`) or lesson shows: the refusal with
 * a way back, or the error with «Повторить».
 */
export function LoadFailurePage({ school, error, retry, courseId, title }: { school: string; error: ApiError; retry: () => void; courseId?: number; title: string }) {
  const found = refusal(error, courseId !== undefined);
  if (!found) {
    return (
      <PageFrame title={title}>
        <LoadError message={error.message} onRetry={retry} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={found.title} className="learning-unavailable">
      <p role="alert">{found.text}</p>
      <p>
        {found.toCourse ? (
          <a className="button primary" href={schoolPath(school, `student-course/${courseId}`)}>
            {t.backToCourse}
          </a>
        ) : (
          <a className="button primary" href={schoolPath(school, 'student-courses')}>
            {appMessages.routes['student-courses']}
          </a>
        )}
      </p>
    </PageFrame>
  );
}
