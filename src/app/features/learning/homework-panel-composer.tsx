import { formatFileSize, learningTestsMessages, toApiError, uiMessages } from '#core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormError, FormField } from '../../ui/form-field.tsx';
import { HOMEWORK_FILE_ACCEPT, homeworkFileMaxBytes, uploadHomeworkFileWithProgress, type HomeworkUploadTarget } from './homework-api.ts';

const t = learningTestsMessages.homework;

interface Attachment {
  key: number;
  file: File;
  state: 'ready' | 'uploading' | 'failed' | 'done';
  /** 0…1 once the upload reports it. */
  fraction: number | null;
  error: string | null;
}

export interface HomeworkComposerProps {
  school: string;
  /** The text area's label. */
  label: string;
  /** Sends the text; resolves with where its files go. A refusal is shown and the text kept. */
  send: (text: string) => Promise<HomeworkUploadTarget>;
  /** The text has gone; with `filesToCome` its files are still to go, and the composer must stay on screen for them. */
  onTextSent?: (target: HomeworkUploadTarget, filesToCome: boolean) => void;
  /** The text and every file went (or the files that would not were taken away). */
  onDone: (target: HomeworkUploadTarget) => void;
  /** The caller's own fields under the text (a reviewer's decision and mark), until the text has gone. */
  fields?: (busy: boolean) => ReactNode;
  /**
   * Checks before the text goes: the text's error, or null to send it. Without it the text is
   * required. `false` stops without an error here (the caller shows its fields' own).
   */
  check?: (text: string) => string | null | false;
  /** The button's text before the text has gone (default «Отправить»). */
  submitLabel?: string;
}

/**
 * A text with file attachments (documents and audio), sent together: the text first, then each
 * file with its own progress bar. A refusal of the text keeps everything typed; a file that fails
 * stays with its reason, to be sent again to the same answer or taken away.
 */
export function HomeworkComposer({ school, label, send, onTextSent, onDone, fields, check, submitLabel = t.send }: HomeworkComposerProps) {
  const fileInputId = useId();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [items, setItems] = useState<Attachment[]>([]);
  const [target, setTarget] = useState<HomeworkUploadTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const nextKey = useRef(0);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops the uploads.
  useEffect(() => () => controller.current?.abort(), []);

  const update = (key: number, change: Partial<Attachment>) => setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function pick(files: readonly File[]) {
    setPickError(null);
    const refused: string[] = [];
    const added: Attachment[] = [];
    for (const file of files) {
      const max = homeworkFileMaxBytes(file);
      if (file.size > max) refused.push(t.fileFailed(file.name, uiMessages.fileTooLarge(max)));
      else added.push({ key: ++nextKey.current, file, state: 'ready', fraction: null, error: null });
    }
    if (refused.length) setPickError(refused.join(' '));
    setItems((all) => [...all, ...added]);
    setInputKey((n) => n + 1);
  }

  function finish(done: HomeworkUploadTarget) {
    setItems([]);
    setTarget(null);
    setFormError(null);
    setNotice(t.sent);
    onDone(done);
  }

  /** Sends the files not sent yet, one after another; true when none is left. */
  async function uploadAll(to: HomeworkUploadTarget, list: readonly Attachment[]): Promise<boolean> {
    const own = new AbortController();
    controller.current = own;
    let left = false;
    for (const item of list) {
      if (item.state === 'done') continue;
      update(item.key, { state: 'uploading', fraction: null, error: null });
      try {
        await uploadHomeworkFileWithProgress(school, to, item.file, (fraction) => !own.signal.aborted && update(item.key, { fraction: Math.min(1, Math.max(0, fraction)) }), own.signal);
        if (own.signal.aborted) return false;
        update(item.key, { state: 'done', fraction: 1 });
      } catch (cause) {
        if (own.signal.aborted) return false;
        left = true;
        update(item.key, { state: 'failed', error: toApiError(cause).message });
      }
    }
    return !left;
  }

  async function submit() {
    if (busy) return;
    setNotice(null);
    setFormError(null);
    let to = target;
    if (to === null) {
      const typed = text.trim();
      const problem = check ? check(typed) : typed ? null : t.textRequired;
      if (problem !== null) {
        setTextError(problem || null);
        return;
      }
      setTextError(null);
      setBusy(true);
      try {
        to = await send(typed);
      } catch (cause) {
        // Nothing typed or attached is lost: the reason is shown beside it.
        setFormError(toApiError(cause).message);
        setBusy(false);
        return;
      }
      setTarget(to);
      setText('');
      onTextSent?.(to, items.length > 0);
    } else {
      setBusy(true);
    }
    const allSent = await uploadAll(to, items);
    if (controller.current?.signal.aborted) return;
    setBusy(false);
    if (allSent) finish(to);
    else setFormError(t.sentWithoutFiles);
  }

  function remove(key: number) {
    const rest = items.filter((item) => item.key !== key);
    setItems(rest);
    // The text has gone: once the last failed file is taken away, the answer is complete.
    if (target !== null && rest.every((item) => item.state === 'done')) finish(target);
  }

  const textSent = target !== null;
  return (
    <form
      className="homework-composer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {!textSent ? (
        <FormField label={label} error={textError}>
          {(control) => <textarea {...control} rows={6} maxLength={50_000} value={text} disabled={busy} onChange={(event) => setText(event.target.value)} />}
        </FormField>
      ) : null}
      {!textSent && fields ? fields(busy) : null}
      <div className="field">
        <label htmlFor={fileInputId}>{t.attach}</label>
        <input
          key={inputKey}
          id={fileInputId}
          type="file"
          multiple
          accept={HOMEWORK_FILE_ACCEPT}
          disabled={busy}
          aria-describedby={`${fileInputId}-hint`}
          onChange={(event) => pick([...(event.target.files ?? [])])}
        />
        <span className="field-hint" id={`${fileInputId}-hint`}>
          {t.attachHint}
        </span>
        {pickError ? (
          <p className="field-error" role="alert">
            {pickError}
          </p>
        ) : null}
      </div>
      {items.length ? (
        <ul className="homework-attachments" aria-label={t.attached}>
          {items.map((item) => (
            <AttachmentRow key={item.key} item={item} busy={busy} onRemove={() => remove(item.key)} />
          ))}
        </ul>
      ) : null}
      <FormError message={formError} />
      {notice ? <p role="status">{notice}</p> : null}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t.sending : textSent ? t.retryFiles : submitLabel}
        </button>
      </div>
    </form>
  );
}

function AttachmentRow({ item, busy, onRemove }: { item: Attachment; busy: boolean; onRemove: () => void }) {
  const progressId = useId();
  const name = item.file.name;
  const percent = item.fraction === null ? null : Math.round(item.fraction * 100);
  return (
    <li className={`homework-attachment ${item.state}`}>
      <span className="homework-attachment-name">{name}</span> <span className="muted">{formatFileSize(item.file.size)}</span>
      {item.state === 'uploading' || item.state === 'done' ? (
        <div className="upload-progress">
          <label htmlFor={progressId}>{item.state === 'done' ? t.fileUploaded(name) : t.fileProgress(name)}</label>
          {/* Without a value yet the bar is indeterminate: the size of what is sent is not known. */}
          <progress id={progressId} max={1} value={item.fraction ?? undefined} />
          {percent !== null ? <span aria-hidden="true">{percent} %</span> : null}
        </div>
      ) : null}
      {item.state === 'failed' && item.error ? <p className="field-error">{t.fileFailed(name, item.error)}</p> : null}
      {!busy && item.state !== 'done' ? (
        <button type="button" className="button small secondary" aria-label={t.removeFileLabel(name)} onClick={onRemove}>
          {t.removeFile}
        </button>
      ) : null}
    </li>
  );
}
