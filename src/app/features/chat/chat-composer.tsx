import { chatMessages, formatFileSize, toApiError, type ChatMessage } from '#core';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH, sendMessage, uploadAttachment, type UploadedFile } from './chat-api.ts';

const t = chatMessages;

interface Attachment {
  key: number;
  file: File;
  controller: AbortController;
  fraction: number | null;
  uploaded: UploadedFile | null;
  error: string | null;
}

export interface ChatComposerProps {
  school: string;
  chatId: string;
  /** The sent message, as the server answered it. */
  onSent: (message: ChatMessage) => void;
  /** Called as the person types (the chat says «…печатает» to the others). */
  onTyping: () => void;
}

/**
 * The message form: text (Enter sends, Shift+Enter starts a new line) and files uploaded as soon as
 * they are chosen, each with its progress and a remove button. A failed send keeps the text and
 * the files and says why.
 */
export function ChatComposer({ school, chatId, onSent, onTyping }: ChatComposerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const nextKey = useRef(0);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const live = useRef(attachments);
  live.current = attachments;

  // Leaving the chat stops the uploads still going.
  useEffect(() => () => live.current.forEach((item) => item.controller.abort()), []);

  const update = (key: number, patch: Partial<Attachment>) => setAttachments((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  function attach(files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      const item: Attachment = { key: nextKey.current++, file, controller: new AbortController(), fraction: null, uploaded: null, error: null };
      setAttachments((list) => [...list, item]);
      uploadAttachment(school, chatId, file, (fraction) => update(item.key, { fraction }), item.controller.signal).then(
        (uploaded) => update(item.key, { uploaded }),
        (cause: unknown) => {
          if (!item.controller.signal.aborted) update(item.key, { error: t.uploadFailed(file.name, toApiError(cause).message) });
        },
      );
    }
    setInputKey((n) => n + 1);
  }

  function remove(item: Attachment) {
    item.controller.abort();
    setAttachments((list) => list.filter((other) => other.key !== item.key));
  }

  const uploading = attachments.some((item) => !item.uploaded && !item.error);
  const fileIds = attachments.flatMap((item) => (item.uploaded ? [item.uploaded.id] : []));

  async function send() {
    if (busy || uploading) return;
    const body = text.trim();
    if (!body && fileIds.length === 0) {
      setError(t.emptyMessage);
      return;
    }
    if (body.length > MESSAGE_MAX_LENGTH) {
      setError(t.tooLong(MESSAGE_MAX_LENGTH));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const message = await sendMessage(school, chatId, fileIds.length > 0 ? { text: body, file_ids: fileIds } : { text: body });
      setText('');
      setAttachments([]);
      onSent(message);
    } catch (cause) {
      setError(t.sendFailed(toApiError(cause).message));
    } finally {
      setBusy(false);
      textarea.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <form
      className="chat-composer"
      aria-label={t.composerTitle}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send();
      }}
    >
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {t.composerLabel}
      </label>
      <textarea
        ref={textarea}
        id={`${id}-text`}
        rows={2}
        value={text}
        placeholder={t.composerPlaceholder}
        aria-describedby={[error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')}
        aria-invalid={Boolean(error)}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value) onTyping();
        }}
        onKeyDown={onKeyDown}
      />
      <span className="field-hint" id={`${id}-hint`}>
        {t.composerHint}
      </span>
      {attachments.length > 0 ? (
        <ul className="chat-attachments" aria-label={t.attachedFiles}>
          {attachments.map((item) => (
            <li key={item.key}>
              <span>{item.file.name}</span> <span className="muted">{formatFileSize(item.file.size)}</span>
              {!item.uploaded && !item.error ? <progress max={1} value={item.fraction ?? undefined} aria-label={t.uploading(item.file.name)} /> : null}
              {item.error ? <span className="field-error">{item.error}</span> : null}
              <button type="button" className="button small secondary" aria-label={t.removeFile(item.file.name)} onClick={() => remove(item)}>
                {t.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="form-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="chat-composer-actions">
        <label className="button small secondary chat-attach">
          {t.attach}
          <input key={inputKey} className="visually-hidden" type="file" multiple onChange={(event) => attach(event.target.files)} />
        </label>
        <button type="submit" className="button small primary" disabled={busy || uploading}>
          {busy ? t.sending : t.send}
        </button>
      </div>
    </form>
  );
}
