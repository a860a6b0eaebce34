import { $user, commonMessages, homeworkReviewMessages, routeRole, schoolPath, type ApiError } from '#core';
import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FileLinks } from '../../ui/file-links.tsx';
import { LessonPreview } from '../../ui/lesson-preview.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { WriteToChatButton } from '../chat/index.ts';
import { HomeworkThread, type LessonFile, type UserHomework } from '../learning/index.ts';
import { getHandIn, getHomeworkTask, type HomeworkTask } from './homework-review-api.ts';
import { NextUnchecked } from './next-unchecked.tsx';
import { ReassignChecker } from './reassign-checker.tsx';
import { ReviewForm } from './review-form.tsx';

const t = homeworkReviewMessages;

export interface HomeworkCheckPageProps {
  school: string;
  /** The route's ids (`home-work/{lesson_id}/{studentHomeworkId}/{courseId}`); NaN when the path holds something else. */
  lessonId: number;
  userHomeworkId: number;
  courseId: number;
}

const validId = (n: number) => Number.isInteger(n) && n > 0;

/**
 * A hand-in's check page (spec §2 `home-work/{lesson_id}/{studentHomeworkId}/{courseId}`): the
 * homework's task as the student read it, the thread from the hand-in on (files, audio players,
 * statuses and marks), the reviewer's answer until the work is accepted, and «Следующее
 * непроверенное» under the queue's filters. Another hand-in opened from here starts afresh.
 */
export default function HomeworkCheckPage(props: HomeworkCheckPageProps) {
  return <CheckPage key={`${props.school}|${props.userHomeworkId}|${props.courseId}|${props.lessonId}`} {...props} />;
}

function CheckPage({ school, lessonId, userHomeworkId, courseId }: HomeworkCheckPageProps) {
  const valid = validId(lessonId) && validId(userHomeworkId) && validId(courseId);
  const read = useResource(valid ? `homework-hand-in|${school}|${userHomeworkId}|${courseId}` : null, () => getHandIn(school, userHomeworkId));
  const task = useResource(valid ? `homework-task|${school}|${userHomeworkId}` : null, () => getHomeworkTask(school, userHomeworkId));
  // The hand-in as read again after an answer: the latest read wins (two may cross).
  const [fresh, setFresh] = useState<UserHomework | null>(null);
  const reads = useRef(0);
  const admin = routeRole(useStore($user).role) === 'Admin';

  async function refresh() {
    const mine = ++reads.current;
    try {
      const again = await getHandIn(school, userHomeworkId);
      if (mine === reads.current) setFresh(again);
    } catch {
      // The thread stays as it was; reading the page again shows the answer.
    }
  }

  const back = (
    <a className="button small secondary" href={schoolPath(school, 'home-work')}>
      {t.back}
    </a>
  );
  const failure = read.error ?? null;
  if (!valid || (failure && isGone(failure))) {
    return (
      <PageFrame title={t.notFoundTitle} className="homework-check-page" actions={back}>
        <EmptyState title={t.notFoundTitle} text={t.notFoundText} />
      </PageFrame>
    );
  }
  const handIn = fresh ?? read.data ?? null;
  if (!handIn) {
    return (
      <PageFrame title={task.data?.name ?? t.task} className="homework-check-page" actions={back}>
        {failure ? <LoadError message={failure.message} onRetry={read.retry} /> : <p role="status">{commonMessages.loading}</p>}
      </PageFrame>
    );
  }

  const closed = handIn.status === 'accepted' || handIn.status === 'auto_check';
  const student = [handIn.user_first_name, handIn.user_last_name].filter(Boolean).join(' ');
  return (
    <PageFrame
      title={handIn.homework_name}
      className="homework-check-page"
      actions={
        <>
          {back}
          <NextUnchecked school={school} after={userHomeworkId} />
        </>
      }
    >
      <dl className="homework-check-facts">
        <div>
          <dt>{t.studentLabel}</dt>
          <dd>
            {student || '—'} <WriteToChatButton school={school} to={{ studentId: handIn.user }} />
          </dd>
        </div>
        <div>
          <dt>{t.teacherLabel}</dt>
          <dd>{handIn.teacher_name ?? t.noTeacher}</dd>
        </div>
      </dl>
      {admin && !closed ? <ReassignChecker school={school} userHomeworkId={userHomeworkId} teacherId={handIn.teacher_id} onDone={() => void refresh()} /> : null}
      <TaskSection task={task.data ?? null} failed={task.status === 'error'} onRetry={task.retry} />
      <HomeworkThread homework={handIn} />
      {closed ? <p className="homework-accepted" role="status">{handIn.status === 'accepted' ? t.acceptedClosed : t.autoCheckClosed}</p> : null}
      {!closed ? <ReviewForm key="review" school={school} userHomeworkId={userHomeworkId} onDone={() => void refresh()} /> : null}
    </PageFrame>
  );
}

/** 404 (another school's, deleted) and 403 (another teacher's): there is nothing here for this reviewer. */
const isGone = (error: ApiError) => error.status === 404 || error.status === 403;

/** The homework's task: its blocks read-only, as the server stored them, and its files. */
function TaskSection({ task, failed, onRetry }: { task: HomeworkTask | null; failed: boolean; onRetry: () => void }) {
  const files: LessonFile[] = [...(task?.text_files ?? []), ...(task?.audio_files ?? [])];
  return (
    <section className="homework-task" aria-labelledby="homework-task-heading">
      <h2 id="homework-task-heading">{t.task}</h2>
      {failed ? <LoadError message={t.taskLoadFailed} onRetry={onRetry} /> : null}
      {!task && !failed ? <p role="status">{commonMessages.loading}</p> : null}
      {task ? <LessonPreview blocks={task.blocks ?? []} label={t.task} empty={t.taskEmpty} /> : null}
      {files.length ? (
        <FileLinks files={files} label={t.taskFiles} className="homework-files" />
      ) : null}
    </section>
  );
}
