import { commonMessages, coursesMessages, toApiError, type ApiError } from '#core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { Pager } from '../../ui/pager.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { COMMENTS_PAGE_SIZE, deleteComment, getOutline, listComments, publishComments, replyToComment, type CommentPage, type LessonComment } from './course-api.ts';

const t = coursesMessages;
const c = coursesMessages.comments;

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dateOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
};
const authorOf = (comment: Pick<LessonComment, 'author_first_name' | 'author_last_name'>) => `${comment.author_first_name} ${comment.author_last_name}`.trim() || c.anonymous;

/**
 * The `comments` tab: a lesson of the course chosen from its outline, then that lesson's comments,
 * newest first, a page at a time, with their replies. Staff publish and hide comments (one or the
 * selected ones at once), reply once to a comment and delete one after a confirmation. Comments
 * are plain text and are shown as text.
 */
export default function CourseComments({ school, courseId }: { school: string; courseId: number }) {
  const id = useId();
  const outline = useResource(`comments-outline-${school}-${courseId}`, () => getOutline(school, courseId));
  const [chosen, setChosen] = useState<number | null>(null);
  const sections = outline.data?.sections ?? [];
  const lessons = sections.flatMap((section) => section.lessons);
  const lessonId = chosen ?? lessons[0]?.id ?? null;

  if (outline.error) return <LoadError message={outline.error.message} onRetry={outline.retry} />;
  if (!outline.data) return <p role="status">{commonMessages.loading}</p>;
  if (lessonId === null) return <EmptyState title={c.empty} text={c.noLessons} />;
  return (
    <div className="course-comments">
      <div className="field">
        <label htmlFor={`${id}-lesson`}>{c.lesson}</label>
        <select id={`${id}-lesson`} value={lessonId} onChange={(event) => setChosen(Number(event.target.value))}>
          {sections.map((section) => (
            <optgroup key={section.section_id} label={section.name}>
              {section.lessons.map((lesson) => (
                <option key={lesson.id} value={lesson.id}>
                  {lesson.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <LessonComments key={lessonId} school={school} courseId={courseId} lessonId={lessonId} />
    </div>
  );
}

function LessonComments({ school, courseId, lessonId }: { school: string; courseId: number; lessonId: number }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<CommentPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<LessonComment | null>(null);
  const request = useRef(0);

  async function load(p = page) {
    const own = ++request.current;
    try {
      const answer = await listComments(school, lessonId, courseId, p);
      if (own !== request.current) return;
      // A page emptied by a deletion shows the one before it.
      if (answer.results.length === 0 && p > 1) {
        setPage(p - 1);
        return;
      }
      setData(answer);
      setError(null);
    } catch (cause) {
      if (own === request.current) setError(toApiError(cause).message);
    }
  }

  useEffect(() => {
    setData(null);
    setError(null);
    setSelected(new Set());
    void load(page);
  }, [page, attempt]);

  async function publish(changes: Record<number, boolean>) {
    setBusy(true);
    try {
      await publishComments(school, lessonId, courseId, changes);
      const publicOf = (comment: Pick<LessonComment, 'id' | 'public'>) => changes[comment.id] ?? comment.public;
      setData((own) => own && { ...own, results: own.results.map((comment) => ({ ...comment, public: publicOf(comment), replies: comment.replies.map((reply) => ({ ...reply, public: publicOf(reply) })) })) });
      setSelected(new Set());
    } catch (cause) {
      showToast(toApiError(cause).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete() {
    if (!pending) return;
    setBusy(true);
    try {
      await deleteComment(school, pending.id);
      showToast(c.deleted);
      await load();
    } catch (cause) {
      showToast(toApiError(cause).message, 'error');
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  if (error && !data) return <LoadError message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!data) return <p role="status">{commonMessages.loading}</p>;
  if (data.results.length === 0) return <EmptyState title={c.empty} text={c.emptyText} />;
  const batch = (value: boolean) => Object.fromEntries([...selected].map((own) => [own, value])) as Record<number, boolean>;
  return (
    <section className="lesson-comments" aria-label={t.tabs.comments}>
      <div className="comments-actions" role="group" aria-label={c.selected(selected.size)}>
        <span className="muted">{c.selected(selected.size)}</span>
        <button type="button" className="button small secondary" disabled={busy || selected.size === 0} onClick={() => void publish(batch(true))}>
          {c.publishSelected}
        </button>
        <button type="button" className="button small secondary" disabled={busy || selected.size === 0} onClick={() => void publish(batch(false))}>
          {c.hideSelected}
        </button>
      </div>
      <ul className="comments">
        {data.results.map((comment) => (
          <CommentItem
            key={comment.id}
            school={school}
            comment={comment}
            busy={busy}
            selected={selected.has(comment.id)}
            onSelect={(on) => setSelected((own) => (on ? new Set(own).add(comment.id) : new Set([...own].filter((x) => x !== comment.id))))}
            onPublish={(value) => void publish({ [comment.id]: value })}
            onDelete={setPending}
            onReplied={() => void load()}
          />
        ))}
      </ul>
      <Pager page={page} count={data.count} size={COMMENTS_PAGE_SIZE} onPage={setPage} />
      {pending ? (
        <ConfirmDialog title={c.deleteTitle} message={c.deleteText} confirmLabel={t.delete} danger busy={busy} onConfirm={() => void confirmDelete()} onCancel={() => setPending(null)} />
      ) : null}
    </section>
  );
}

interface CommentItemProps {
  school: string;
  comment: LessonComment;
  busy: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onPublish: (value: boolean) => void;
  onDelete: (comment: LessonComment) => void;
  onReplied: () => void;
}

function CommentItem({ school, comment, busy, selected, onSelect, onPublish, onDelete, onReplied }: CommentItemProps) {
  const [replying, setReplying] = useState(false);
  const author = authorOf(comment);
  const date = dateOf(comment.created_at);
  const answered = comment.replies.length > 0;
  return (
    <li className="comment" aria-label={`${author}, ${date}`}>
      <div className="comment-head">
        <label className="check">
          <input type="checkbox" checked={selected} aria-label={c.select(author, date)} onChange={(event) => onSelect(event.target.checked)} />
        </label>
        <strong className="comment-author">{author}</strong>
        <time className="muted" dateTime={comment.created_at}>
          {date}
        </time>
        <span className={`badge ${comment.public ? 'published' : 'draft'}`}>{comment.public ? c.published : c.hidden}</span>
      </div>
      <p className="comment-text">{comment.content}</p>
      <div className="comment-actions">
        <button type="button" className="button small secondary" disabled={busy} onClick={() => onPublish(!comment.public)}>
          {comment.public ? c.hide : c.publish}
        </button>
        {!answered && !replying ? (
          <button type="button" className="button small secondary" onClick={() => setReplying(true)}>
            {c.reply}
          </button>
        ) : null}
        <button type="button" className="button small secondary danger" onClick={() => onDelete(comment)}>
          {t.delete}
        </button>
      </div>
      {!answered && replying ? (
        <ReplyForm
          school={school}
          commentId={comment.id}
          onCancel={() => setReplying(false)}
          onDone={() => {
            setReplying(false);
            onReplied();
          }}
        />
      ) : null}
      {answered ? (
        <ul className="comment-replies" aria-label={c.replies}>
          {comment.replies.map((reply) => (
            <li key={reply.id} className="comment reply">
              <div className="comment-head">
                <strong className="comment-author">{authorOf(reply)}</strong>
                <time className="muted" dateTime={reply.created_at}>
                  {dateOf(reply.created_at)}
                </time>
              </div>
              <p className="comment-text">{reply.content}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The one reply to a comment: a text, sent; Escape or «Отмена» closes it. */
function ReplyForm({ school, commentId, onCancel, onDone }: { school: string; commentId: number; onCancel: () => void; onDone: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError(c.replyRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await replyToComment(school, commentId, text);
      showToast(c.replied);
      onDone();
    } catch (cause) {
      const apiError = toApiError(cause);
      if (apiError.code === 'ALREADY_REPLIED') {
        // Another admin answered first: the list shows their reply instead of this form.
        showToast(apiError.message, 'error');
        onDone();
      } else setError(apiError);
    } finally {
      setBusy(false);
    }
  }

  const message = typeof error === 'string' ? error : (error?.fieldMessage('content') ?? error?.fieldMessage('comment_id') ?? error?.message);
  return (
    <form className="reply-form" onSubmit={(event) => void submit(event)} onKeyDown={(event) => event.key === 'Escape' && onCancel()} noValidate>
      <div className="field">
        <label htmlFor={`${id}-reply`}>{c.replyLabel}</label>
        <textarea
          ref={field}
          id={`${id}-reply`}
          rows={3}
          maxLength={5000}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? `${id}-reply-error` : undefined}
        />
        {message ? (
          <span className="field-error" id={`${id}-reply-error`}>
            {message}
          </span>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button small primary" disabled={busy}>
          {busy ? c.sending : c.send}
        </button>
        <button type="button" className="button small secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
