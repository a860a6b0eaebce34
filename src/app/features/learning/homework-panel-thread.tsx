import { homeworkStatusLabel, learningTestsMessages } from '#core';
import { FileLinks } from '../../ui/file-links.tsx';
import type { HomeworkCheck, LessonFile, UserHomework } from './learning-api.ts';
import { threadOrder, type HandIn } from './homework-thread.ts';

const t = learningTestsMessages.homework;

const dateFormat = () => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const statusText = (item: { status: string; status_label?: string }) => item.status_label || homeworkStatusLabel(item.status);

/** The hand-in's current status as a badge (its code as a class, for its colour). */
export function HomeworkStatusBadge({ homework }: { homework: Pick<UserHomework, 'status' | 'status_label' | 'mark'> }) {
  return (
    <p className="homework-status">
      <span className="muted">{t.status}: </span>
      <span className={`badge homework-badge ${homework.status}`}>{statusText(homework)}</span>
      {homework.mark !== null ? <span className="homework-mark"> {t.mark(homework.mark)}</span> : null}
    </p>
  );
}

/** The hand-in and every check and answer after it, oldest first: who, when, the status they set, the text and files. */
export function HomeworkThread({ homework }: { homework: HandIn }) {
  return (
    <section className="homework-thread" aria-labelledby="homework-thread-heading">
      <h3 id="homework-thread-heading">{t.thread}</h3>
      <HomeworkStatusBadge homework={homework} />
      <ol className="homework-checks">
        {threadOrder(homework.checks ?? []).map((check) => (
          <CheckItem key={check.user_homework_check_id} check={check} />
        ))}
      </ol>
    </section>
  );
}

function CheckItem({ check }: { check: HomeworkCheck }) {
  const files: LessonFile[] = [...(check.text_files ?? []), ...(check.audio_files ?? [])];
  const role = t.roles[check.author_role] ?? '';
  return (
    <li className={`homework-check from-${check.author_role}`}>
      <p className="homework-check-head">
        <strong>{check.author_name || role}</strong>
        {check.author_name && role ? <span className="muted"> · {role}</span> : null}
        <span className="muted">
          {' · '}
          <time dateTime={check.created_at}>{dateFormat().format(new Date(check.created_at))}</time>
        </span>
      </p>
      <p className="homework-check-status">
        <span className={`badge homework-badge ${check.status}`}>{statusText(check)}</span>
        {check.mark !== null ? <span className="homework-mark"> {t.mark(check.mark)}</span> : null}
      </p>
      {/* Plain text as typed: never read as HTML. */}
      {check.text ? <p className="homework-check-text">{check.text}</p> : null}
      {files.length ? (
        // A voice answer is listened to in place.
        <FileLinks files={files} label={t.files} className="homework-files" playable={(file) => check.audio_files?.some((audio) => audio.id === file.id) ?? false} />
      ) : null}
    </li>
  );
}
