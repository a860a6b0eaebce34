import { ApiError, commonMessages, uiMessages } from '#core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface FileUploadProps<T> {
  label: ReactNode;
  /** As the input's accept: 'image/*', '.pdf,.docx'. */
  accept?: string;
  /** Larger files are refused before anything is sent. */
  maxBytes?: number;
  hint?: ReactNode;
  /** Sends the file (e.g. with uploadWithProgress), reporting progress 0…1; must stop when the signal aborts. */
  upload: (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<T>;
  onDone: (result: T) => void;
}

/**
 * A file input that uploads the chosen file at once: a labelled progress bar and a cancel button
 * while it goes, the size checked first, a failure shown with a retry of the same file.
 */
export function FileUpload<T>({ label, accept, maxBytes, hint, upload, onDone }: FileUploadProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const progressId = `${id}-progress`;
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [fraction, setFraction] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A file input cannot be emptied from state: a new key gives a fresh one.
  const [inputKey, setInputKey] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);

  // Leaving the page stops the upload.
  useEffect(() => () => controller.current?.abort(), []);

  // The cancel button goes when the upload ends: focus on it would be lost, so it moves to the next step.
  useEffect(() => {
    if (wasBusy.current && !busy) {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) (retryButton.current ?? input.current)?.focus();
    }
    wasBusy.current = busy;
  }, [busy]);

  async function start(chosen: File) {
    // A new choice replaces an upload still running.
    controller.current?.abort();
    controller.current = null;
    setBusy(false);
    setError(null);
    setNotice(null);
    if (maxBytes !== undefined && chosen.size > maxBytes) {
      setFile(null);
      setError(uiMessages.fileTooLarge(maxBytes));
      return;
    }
    const own = new AbortController();
    controller.current = own;
    setFile(chosen);
    setFraction(null);
    setBusy(true);
    try {
      const onProgress = (part: number) => {
        if (!own.signal.aborted) setFraction(Math.min(1, Math.max(0, part)));
      };
      const result = await upload(chosen, onProgress, own.signal);
      if (own.signal.aborted) return;
      setFile(null);
      setInputKey((n) => n + 1);
      setNotice(uiMessages.uploadDone);
      onDone(result);
    } catch (cause) {
      // Cancelled, replaced by another file or unmounted: whoever aborted has said what happens next.
      if (own.signal.aborted) return;
      setError(cause instanceof ApiError ? cause.message : uiMessages.uploadFailed);
    } finally {
      if (controller.current === own) {
        controller.current = null;
        setBusy(false);
      }
    }
  }

  function cancel() {
    controller.current?.abort();
    controller.current = null;
    setBusy(false);
    setFile(null);
    setInputKey((n) => n + 1);
    setNotice(uiMessages.uploadCancelled);
  }

  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const percent = fraction === null ? null : Math.round(fraction * 100);
  return (
    <div className="field file-upload">
      <label htmlFor={id}>{label}</label>
      <input
        key={inputKey}
        ref={input}
        id={id}
        type="file"
        accept={accept}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) void start(chosen);
        }}
      />
      {hint ? (
        <span className="field-hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {busy && file ? (
        <div className="upload-progress">
          <label htmlFor={progressId}>{uiMessages.uploading(file.name)}</label>
          {/* Without a value yet the bar is indeterminate: the size of what is sent is not known. */}
          <progress id={progressId} max={1} value={fraction ?? undefined} />
          {percent !== null ? <span aria-hidden="true">{percent} %</span> : null}
          <button type="button" className="button small secondary" onClick={cancel}>
            {uiMessages.cancelUpload}
          </button>
        </div>
      ) : null}
      {error ? (
        <div className="upload-error">
          <p className="field-error" id={errorId} role="alert">
            {error}
          </p>
          {file ? (
            <button ref={retryButton} type="button" className="button small primary" onClick={() => void start(file)}>
              {commonMessages.retry}
            </button>
          ) : null}
        </div>
      ) : null}
      {notice ? <p role="status">{notice}</p> : null}
    </div>
  );
}
