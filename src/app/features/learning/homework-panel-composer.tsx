import { formatFileSize, learningTestsMessages, toApiError, uiMessages } from '#core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormError, FormField } from '../../ui/form-field.tsx';
import { HOMEWORK_FILE_ACCEPT, homeworkFileMaxBytes, uploadHomeworkFileWithProgress } from './homework-api.ts';

const t = learningTestsMessages.homework;

interface Attachment {
  key: number;
  file: File;
  state: 'ready' | 'uploading' | 'failed' | 'done';
  /** 0…1 once the upload reports it. */
  fraction: number | null;
  error: string | null;
  /** The uploaded file's id, once the server took it (it waits for the message that names it). */
  id: number | null;
}

export interface HomeworkComposerProps {
  school: string;
  /** The text area's label. */
  label: string;
  /** Sends the text with the ids of its uploaded files, all in one request. A refusal is shown and everything kept. */
  send: (text: string, fileIds: number[]) => Promise<unknown>;
  /** The text and its files went. */
  onDone: () => void;
  /** The caller's own fields under the text (a reviewer's decision and mark). */
  fields?: (busy: boolean) => ReactNode;
  /**
   * Checks before anything goes: the text's error, or null to send it. Without it the text is
   * required. `false` stops without an error here (the caller shows its fields' own).
   */
  check?: (text: string) => string | null | false;
  /** The button's text (default «Отправить»). */
  submitLabel?: string;
}

/**
 * A text with file attachments (documents and audio), sent whole or not at all: each file is
 * uploaded first with its own progress bar, then the text goes naming them, and the server takes
 * the message and its files together. A refused file stops it there: the text, the fields and
 * the list stay, the file with its reason, to be sent again or taken away; a file that went is
 * not sent twice.
 */
export function HomeworkComposer({ school, label, send, onDone, fields, check, submitLabel = t.send }: HomeworkComposerProps) {
  const fileInputId = useId();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [items, setItems] = useState<Attachment[]>([]);
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
      else added.push({ key: ++nextKey.current, file, state: 'ready', fraction: null, error: null, id: null });
    }
    if (refused.length) setPickError(refused.join(' '));
    setItems((all) => [...all, ...added]);
    setInputKey((n) => n + 1);
  }

  /** Uploads the files not uploaded yet, one after another; their ids, or null when one was refused (or the page left). */
  async function uploadAll(list: readonly Attachment[], signal: AbortSignal): Promise<number[] | null> {
    const ids: number[] = [];
    let refused = false;
    for (const item of list) {
      if (item.id !== null) {
        ids.push(item.id);
        continue;
      }
      update(item.key, { state: 'uploading', fraction: null, error: null });
      try {
        const stored = await uploadHomeworkFileWithProgress(school, item.file, (fraction) => !signal.aborted && update(item.key, { fraction: Math.min(1, Math.max(0, fraction)) }), signal);
        if (signal.aborted) return null;
        ids.push(stored.id);
        update(item.key, { state: 'done', fraction: 1, id: stored.id });
      } catch (cause) {
        if (signal.aborted) return null;
        // The others still go: every refusal is shown at once.
        refused = true;
        update(item.key, { state: 'failed', error: toApiError(cause).message });
      }
    }
    return refused ? null : ids;
  }

  async function submit() {
    if (busy) return;
    setNotice(null);
    setFormError(null);
    const typed = text.trim();
    const problem = check ? check(typed) : typed ? null : t.textRequired;
    if (problem !== null) {
      setTextError(problem || null);
      return;
    }
    setTextError(null);
    setBusy(true);
    const own = new AbortController();
    controller.current = own;
    const ids = await uploadAll(items, own.signal);
    if (own.signal.aborted) return;
    if (ids === null) {
      // Nothing was sent: the text and the files stay, the refused ones with their reasons.
      setFormError(t.notSentFiles);
      setBusy(false);
      return;
    }
    try {
      await send(typed, ids);
    } catch (cause) {
      const error = toApiError(cause);
      // Files the server no longer holds for this person (a day old, pruned) are uploaded again next time.
      if (error.code === 'FILES_NOT_USABLE') setItems((all) => all.map((item) => ({ ...item, state: 'ready', fraction: null, id: null })));
      setFormError(error.message);
      setBusy(false);
      return;
    }
    setText('');
    setItems([]);
    setBusy(false);
    setNotice(t.sent);
    onDone();
  }

  return (
    <form
      className="homework-composer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormField label={label} error={textError}>
        {(control) => <textarea {...control} rows={6} maxLength={50_000} value={text} disabled={busy} onChange={(event) => setText(event.target.value)} />}
      </FormField>
      {fields ? fields(busy) : null}
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
            <AttachmentRow key={item.key} item={item} busy={busy} onRemove={() => setItems((all) => all.filter((other) => other.key !== item.key))} />
          ))}
        </ul>
      ) : null}
      <FormError message={formError} />
      {notice ? <p role="status">{notice}</p> : null}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t.sending : submitLabel}
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
      {!busy ? (
        <button type="button" className="button small secondary" aria-label={t.removeFileLabel(name)} onClick={onRemove}>
          {t.removeFile}
        </button>
      ) : null}
    </li>
  );
}
