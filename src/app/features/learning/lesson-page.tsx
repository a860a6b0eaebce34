import { ApiError, appMessages, commonMessages, learningMessages, schoolPath, toApiError, type LessonType } from '#core';
import { Suspense, useCallback, useId, useState, type ComponentType } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { lazyPage } from '../../lazy-page.ts';
import { FileLinks } from '../../ui/file-links.tsx';
import { LessonPreview } from '../../ui/lesson-preview.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { ServerHtml } from '../../ui/server-html.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useDocumentTitle } from '../../use-document-title.ts';
import { formatDateTime, progressWord } from './learning-format.ts';
import { getLessonDetail, isLessonType, lessonRoute, type LessonDetail, type LessonFile, type LessonRef } from './learning-api.ts';
import { LessonTypeIcon } from './lesson-type-icon.tsx';
import { LoadFailurePage } from './unavailable-page.tsx';
import { useVideoCompletion } from './video-completion.tsx';

const t = learningMessages;

/** What the test and homework panels are given (agreed with their author): the lesson's detail and a way to reload it. */
interface PanelProps {
  school: string;
  lesson: LessonDetail;
  onChanged: () => void;
}

// Taking a test and handing in homework come with their own chunks: a plain lesson never loads them.
const TestPanel = lazyPage(async (): Promise<{ default: ComponentType<PanelProps> }> => ({ default: (await import('./test-panel.tsx')).TestPanel }));
const HomeworkPanel = lazyPage(async (): Promise<{ default: ComponentType<PanelProps> }> => ({ default: (await import('./homework-panel.tsx')).HomeworkPanel }));

export interface LessonPageProps {
  school: string;
  courseId: number;
  /** The route's raw values: anything else than a lesson type and an id reads as an unknown lesson. */
  lessonType: string;
  lessonId: number;
}

/**
 * The lesson's detail; `reload` fetches it again without leaving the page (the panels stay as they
 * are, e.g. a test's result, and only the figures they changed update).
 */
function useLesson(school: string, type: LessonType | null, id: number) {
  const key = type && Number.isInteger(id) && id > 0 ? `${school}/${type}/${id}` : null;
  const first = useResource(key, () => getLessonDetail(school, type!, id));
  const [fresh, setFresh] = useState<{ key: string; data: LessonDetail } | null>(null);
  const reload = useCallback(() => {
    if (!key) return;
    getLessonDetail(school, type!, id).then(
      (data) => setFresh({ key, data }),
      (error: unknown) => showToast(toApiError(error).message, 'error'),
    );
  }, [key, school, type, id]);
  const data = fresh && fresh.key === key ? fresh.data : first.data;
  return { key, status: first.status, error: first.error, retry: first.retry, data, reload };
}

/**
 * A lesson inside the student's course (spec §2 `student-course/{course_id}/module/{section_id}/
 * {lesson_type}/{lesson_id}`): its name, blocks and files; a test or homework with its panel; a
 * webinar's time and links; the previous and next lessons. Opening it records the visit (server);
 * a plain lesson with a video is completed when the video is watched (video-completion.tsx).
 */
export default function LessonPage({ school, courseId, lessonType, lessonId }: LessonPageProps) {
  const type = isLessonType(lessonType) ? lessonType : null;
  const lesson = useLesson(school, type, lessonId);
  // The route table knows no title for a lesson: the page names the tab after it.
  useDocumentTitle(lesson.data?.name ?? appMessages.routes['student-courses']);
  if (lesson.key === null) {
    const unknown = new ApiError({ status: 404, code: 'LESSON_NOT_FOUND', message: t.lessonNotFoundTitle });
    return <LoadFailurePage school={school} error={unknown} retry={lesson.retry} courseId={courseId} title={t.lessonNotFoundTitle} />;
  }
  if (lesson.error) return <LoadFailurePage school={school} error={lesson.error} retry={lesson.retry} courseId={courseId} title={t.lessonTypes.lesson} />;
  if (!lesson.data) return <p role="status">{commonMessages.loading}</p>;
  return <LessonView key={lesson.key} school={school} courseId={courseId} lesson={lesson.data} reload={lesson.reload} />;
}

function LessonView({ school, courseId, lesson, reload }: { school: string; courseId: number; lesson: LessonDetail; reload: () => void }) {
  const course = lesson.course_id || courseId;
  // A homework sent back says so («На доработке»), not «Отправлено».
  const done = progressWord(lesson, lesson.user_homework?.status)?.text ?? null;
  // A plain lesson with a video is completed when it is watched.
  const video = useVideoCompletion(school, lesson, reload);
  // A homework's blocks and files are its task, read above the hand-in form.
  const task = lesson.type === 'homework';
  return (
    <PageFrame
      title={lesson.name}
      className="lesson-page"
      actions={
        <a className="button secondary small" href={schoolPath(school, `student-course/${course}`)}>
          {t.backToCourse}
        </a>
      }
    >
      <p className="lesson-page-type">
        <LessonTypeIcon type={lesson.type} />
        <span>{isLessonType(lesson.type) ? t.lessonTypes[lesson.type] : lesson.type}</span>
        {done ? <span className="lesson-state completed">{done}</span> : null}
      </p>
      {lesson.description && lesson.type !== 'lesson' ? <ServerHtml className="lesson-description" html={lesson.description} /> : null}
      {lesson.type === 'webinar' ? <WebinarInfo lesson={lesson} /> : null}
      {task && lesson.blocks?.length ? <h2 className="homework-task-heading">{t.homeworkTask}</h2> : null}
      {lesson.blocks && (lesson.blocks.length > 0 || lesson.type === 'lesson') ? <LessonPreview blocks={lesson.blocks} label={task ? t.homeworkTask : undefined} onVideoProgress={video.onVideoProgress} /> : null}
      {video.status}
      <LessonFiles title={task ? t.taskFiles : t.files} files={lesson.text_files} />
      <LessonFiles title={task ? t.taskAudio : t.audio} files={lesson.audio_files} audio />
      {lesson.type === 'test' || lesson.type === 'homework' ? (
        <Suspense fallback={<p role="status">{commonMessages.loading}</p>}>
          {lesson.type === 'test' ? <TestPanel school={school} lesson={lesson} onChanged={reload} /> : <HomeworkPanel school={school} lesson={lesson} onChanged={reload} />}
        </Suspense>
      ) : null}
      <LessonNavigation school={school} courseId={course} previous={lesson.previous ?? null} next={lesson.next ?? null} />
    </PageFrame>
  );
}

/** A webinar lesson: when it starts and for how long, the broadcast's link and the autowebinar's page. */
function WebinarInfo({ lesson }: { lesson: LessonDetail }) {
  return (
    <div className="webinar-info">
      {lesson.starts_at || lesson.duration_minutes ? (
        <dl>
          {lesson.starts_at ? (
            <div>
              <dt>{t.startsAt}</dt>
              <dd>
                <time dateTime={lesson.starts_at}>{formatDateTime(lesson.starts_at)}</time>
              </dd>
            </div>
          ) : null}
          {lesson.duration_minutes ? (
            <div>
              <dt>{t.durationLabel}</dt>
              <dd>{t.duration(lesson.duration_minutes)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <p className="webinar-links">
        {lesson.link ? (
          <a className="button primary" href={lesson.link} target="_blank" rel="noopener noreferrer">
            {t.stream}
          </a>
        ) : null}
        {lesson.webinar_url ? (
          <a className="button secondary" href={lesson.webinar_url}>
            {lesson.autowebinar_title ? `${t.autowebinar}: ${lesson.autowebinar_title}` : t.autowebinar}
          </a>
        ) : null}
      </p>
      {!lesson.link && !lesson.webinar_url ? <p className="muted">{t.noStream}</p> : null}
    </div>
  );
}

/** The lesson's documents or audio, by their signed links (audio also playable in place). */
function LessonFiles({ title, files, audio = false }: { title: string; files: readonly LessonFile[] | undefined; audio?: boolean }) {
  const headingId = useId();
  if (!files || files.length === 0) return null;
  return (
    <section className="lesson-files" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <FileLinks files={files} playable={() => audio} />
    </section>
  );
}

/** Previous and next among the lessons the student can see, in course order. */
function LessonNavigation({ school, courseId, previous, next }: { school: string; courseId: number; previous: LessonRef | null; next: LessonRef | null }) {
  if (!previous && !next) return null;
  return (
    <nav className="lesson-nav" aria-label={t.lessonNavigation}>
      {previous ? (
        <a className="button secondary" rel="prev" href={schoolPath(school, lessonRoute(courseId, previous))}>
          <span aria-hidden="true">←</span> {t.previous}
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="button primary" rel="next" href={schoolPath(school, lessonRoute(courseId, next))}>
          {t.next} <span aria-hidden="true">→</span>
        </a>
      ) : null}
    </nav>
  );
}
