import { isAcceptedHomeworkStatus, learningTestsMessages, toApiError } from '#core';
import { useEffect, useRef, useState } from 'react';
import { HomeworkComposer } from './homework-panel-composer.tsx';
import { HomeworkThread } from './homework-panel-thread.tsx';
import { newerHomework, type HandIn } from './homework-thread.ts';
import { answerHomework, getUserHomework, handInHomework, type LessonDetail } from './learning-api.ts';

const t = learningTestsMessages.homework;

export interface HomeworkPanelProps {
  school: string;
  /** The homework's detail as the lesson page read it (`user_homework`: the student's hand-in, or null). */
  lesson: LessonDetail;
  /** The hand-in or an answer went: the page reads the lesson again (its progress and thread). */
  onChanged: () => void;
}

/**
 * The student's side of a homework, under its task on the lesson page: before the hand-in a text
 * with files and «Отправить»; after it the thread with the teacher (oldest first), the current
 * status, and, until the homework is accepted, a reply with files.
 */
export function HomeworkPanel(props: HomeworkPanelProps) {
  // Another lesson of the same type may reuse this element: it starts afresh, nothing carried over.
  return <HomeworkPanelOf key={`${props.lesson.type}-${props.lesson.id}`} {...props} />;
}

function HomeworkPanelOf({ school, lesson, onChanged }: HomeworkPanelProps) {
  // The hand-in as read after this panel sent something, until the page's own copy catches up.
  const [fresh, setFresh] = useState<HandIn | null>(null);
  const homework = newerHomework(lesson.user_homework, fresh);
  const accepted = homework ? isAcceptedHomeworkStatus(homework.status) : false;
  const changed = useRef(onChanged);
  changed.current = onChanged;

  async function refresh(id: number) {
    try {
      const read = await getUserHomework(school, id);
      // Two reads may cross (the page's and this one): the fuller one stays.
      setFresh((before) => newerHomework(before, read));
    } catch {
      // The page's own reload shows the thread instead.
    }
  }

  // The lesson gives a summary of the hand-in without its thread: the thread is read on its own,
  // again whenever the summary shows a change (the page read the lesson again after a teacher's check).
  const given: HandIn | null = lesson.user_homework ?? null;
  const summary = given && !Array.isArray(given.checks) ? given : null;
  const summaryKey = summary ? `${summary.user_homework_id}|${summary.updated_at}|${summary.status}` : null;
  useEffect(() => {
    if (summary) void refresh(summary.user_homework_id);
    // Keyed by what the summary says changed, not by the object (a new one with each reload).
  }, [summaryKey]);

  /** The hand-in, or an answer in its thread, with the files uploaded for it: all of it goes, or none. */
  async function send(text: string, fileIds: number[]): Promise<void> {
    if (homework) {
      await answerHomework(school, homework.user_homework_id, text, fileIds);
      void refresh(homework.user_homework_id);
      return;
    }
    try {
      setFresh(await handInHomework(school, { homework: lesson.id, course_id: lesson.course_id, text, file_ids: fileIds }));
    } catch (cause) {
      // Handed in already (another tab): the page's reload shows that hand-in; the text stays here.
      if (toApiError(cause).code === 'HOMEWORK_EXISTS') changed.current();
      throw cause;
    }
  }

  return (
    <section className="homework-panel" aria-label={t.heading}>
      {homework ? <HomeworkThread homework={homework} /> : <h3>{t.heading}</h3>}
      {accepted ? <p className="homework-accepted">{t.acceptedNote}</p> : null}
      {!accepted ? (
        <div className="homework-form">
          {homework ? <h3>{t.reply}</h3> : null}
          <HomeworkComposer key="composer" school={school} label={homework ? t.replyText : t.text} send={send} onDone={() => changed.current()} />
        </div>
      ) : null}
    </section>
  );
}

