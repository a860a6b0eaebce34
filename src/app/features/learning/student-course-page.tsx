import { appMessages, certificatePath, commonMessages, learningMessages, schoolPath, toApiError } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { WriteToChatButton } from '../chat/index.ts';
import { showToast } from '../../ui/toasts.tsx';
import { $router } from '../../router.ts';
import { useDocumentTitle } from '../../use-document-title.ts';
import { CourseProgress } from './course-progress.tsx';
import { formatDateTime, progressWord } from './learning-format.ts';
import { getStudentOutline, isLessonType, lessonRoute, requestCertificate, type StudentLesson, type StudentOutline, type StudentSection } from './learning-api.ts';
import { LessonTypeIcon, LockIcon } from './lesson-type-icon.tsx';
import { LoadFailurePage } from './unavailable-page.tsx';

const t = learningMessages;

/**
 * A course's programme as the student sees it (spec §2 `student-course/{course_id}`): its modules
 * with their lessons, each lesson's progress, closed lessons with the reason, the progress of the
 * course and, once it is finished in a group that gives them, «Получить сертификат».
 */
export default function StudentCoursePage({ school, courseId }: { school: string; courseId: number }) {
  const outline = useResource(`${school}/student-course/${courseId}`, () => getStudentOutline(school, courseId));
  // The route table knows no title for a course: the page names the tab after it.
  useDocumentTitle(outline.data?.course_name ?? appMessages.routes['student-courses']);
  if (outline.error) return <LoadFailurePage school={school} error={outline.error} retry={outline.retry} title={appMessages.routes['student-courses']} />;
  return outline.data ? <Outline school={school} outline={outline.data} /> : <p role="status">{commonMessages.loading}</p>;
}

function Outline({ school, outline }: { school: string; outline: StudentOutline }) {
  return (
    <PageFrame
      title={outline.course_name}
      className="student-course-page"
      actions={
        <>
          <a className="button secondary small" href={schoolPath(school, 'student-courses')}>
            {t.backToCourses}
          </a>
          {outline.finished && outline.certificate ? <CertificateButton courseId={outline.course_id} /> : null}
          {outline.teacher_id ? <WriteToChatButton school={school} to={{ teacherId: outline.teacher_id }} /> : null}
        </>
      }
    >
      <div className="student-course-summary">
        {outline.progress ? <CourseProgress progress={outline.progress} /> : null}
        {outline.finished ? <p className="course-status done">{t.finished}</p> : outline.remaining_period ? <p className="course-status left">{t.remaining(outline.remaining_period)}</p> : null}
      </div>
      {outline.sections.length === 0 ? <p className="muted">{t.emptyCourse}</p> : null}
      {outline.sections.map((section) => (
        <Module key={section.section_id} school={school} courseId={outline.course_id} section={section} />
      ))}
    </PageFrame>
  );
}

function Module({ school, courseId, section }: { school: string; courseId: number; section: StudentSection }) {
  const headingId = `module-${section.section_id}`;
  const name = section.section_name || section.name;
  return (
    <section className="student-module" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      {section.lessons.length === 0 ? (
        <p className="muted">{t.emptyModule}</p>
      ) : (
        <ol className="student-lessons">
          {section.lessons.map((lesson) => (
            <LessonRow key={lesson.baselesson_ptr_id} school={school} courseId={courseId} lesson={lesson} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The lesson's progress as a word (a homework sent back as its status), or null while nothing is done. */
function lessonState(lesson: StudentLesson): { text: string; kind: string } | null {
  return progressWord(lesson, lesson.homework_status) ?? (lesson.viewed ? { text: t.viewed, kind: 'viewed' } : null);
}

/** A closed lesson's reason: the date it opens, or the server's message (strict order). */
function lockText(lesson: StudentLesson): string {
  const lock = lesson.locked!;
  if (lock.code === 'NOT_YET_OPEN' && lock.opens_at) return t.opensAt(formatDateTime(lock.opens_at));
  return lock.message;
}

function LessonRow({ school, courseId, lesson }: { school: string; courseId: number; lesson: StudentLesson }) {
  const type = isLessonType(lesson.type) ? t.lessonTypes[lesson.type] : lesson.type;
  if (lesson.locked) {
    const reasonId = `lesson-lock-${lesson.baselesson_ptr_id}`;
    return (
      <li className="student-lesson locked" aria-disabled="true" aria-describedby={reasonId}>
        <LessonTypeIcon type={lesson.type} />
        <span className="student-lesson-text">
          <span className="student-lesson-name">{lesson.name}</span>
          <span className="student-lesson-meta">
            <span>{type}</span>
            <span className="lock-reason" id={reasonId}>
              <LockIcon /> {lockText(lesson)}
            </span>
          </span>
        </span>
      </li>
    );
  }
  const state = lessonState(lesson);
  return (
    <li className={`student-lesson${state ? ` ${state.kind}` : ''}`}>
      <LessonTypeIcon type={lesson.type} />
      <span className="student-lesson-text">
        <a className="student-lesson-name" href={schoolPath(school, lessonRoute(courseId, lesson))}>
          {lesson.name}
        </a>
        <span className="student-lesson-meta">
          <span>{type}</span>
          {state ? <span className={`lesson-state ${state.kind}`}>{state.text}</span> : null}
        </span>
      </span>
    </li>
  );
}

/** Issues the student's certificate link (POST /api/certificate/) and opens the certificate page. */
function CertificateButton({ courseId }: { courseId: number }) {
  const [busy, setBusy] = useState(false);
  const get = async () => {
    setBusy(true);
    try {
      const { cert_link } = await requestCertificate(courseId);
      $router.open(certificatePath(cert_link));
    } catch (error) {
      showToast(toApiError(error).message, 'error');
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button primary small" disabled={busy} aria-busy={busy} onClick={() => void get()}>
      {busy ? t.certificateLoading : t.certificate}
    </button>
  );
}
