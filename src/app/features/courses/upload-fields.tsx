import { commonMessages, coursesMessages, uiMessages } from '#core';
import { useEffect, useId, useRef, useState } from 'react';
import { FileUpload } from '../../ui/file-upload.tsx';
import type { CourseFile } from './course-api.ts';
import { uploadCourseFile } from './course-files-api.ts';
import { startVideoUpload, videoProblem, type VideoUpload } from './video-upload.ts';

const t = coursesMessages.uploads;
const PICTURE_MAX_BYTES = 10 * 1024 * 1024;

type VideoState =
  | { status: 'idle'; notice?: string }
  | { status: 'starting' | 'uploading' | 'paused'; name: string; sent: number; total: number }
  | { status: 'failed'; reason: string; name?: string; sent?: number; total?: number };

/**
 * «Загрузить видео»: the chosen video is checked (a video, up to 2 GB), then sent with tus in the
 * background with a labelled progress bar, pause and resume, cancel, and after a failure «Повторить»
 * from where it stopped. Each finished upload is handed to onUploaded (the block then shows it).
 */
export function VideoUploadField({ school, lessonId, onUploaded }: { school: string; lessonId: number; onUploaded: (file: CourseFile) => void }) {
  const id = useId();
  const [state, setState] = useState<VideoState>({ status: 'idle' });
  const [inputKey, setInputKey] = useState(0);
  const upload = useRef<VideoUpload | null>(null);
  const latest = useRef(onUploaded);
  latest.current = onUploaded;
  const mounted = useRef(true);
  /** Which start() is current: a cancel or a newer file makes an older one's events moot. */
  const generation = useRef(0);

  // Leaving the lesson pauses the upload (its bytes expire on the server after a day).
  useEffect(
    () => () => {
      mounted.current = false;
      upload.current?.pause();
    },
    [],
  );

  async function start(file: File) {
    upload.current?.cancel();
    upload.current = null;
    const mine = ++generation.current;
    const problem = videoProblem(file);
    if (problem) {
      setState({ status: 'failed', reason: problem });
      return;
    }
    setState({ status: 'starting', name: file.name, sent: 0, total: file.size });
    const current = () => mounted.current && generation.current === mine;
    try {
      const handle = await startVideoUpload(school, lessonId, file, {
        onProgress: (sent, total) => {
          if (current()) setState((was) => (was.status === 'paused' ? { ...was, sent, total } : { status: 'uploading', name: file.name, sent, total }));
        },
        onSuccess: (done) => {
          if (!current()) return;
          upload.current = null;
          setInputKey((n) => n + 1);
          setState({ status: 'idle', notice: t.videoDone });
          latest.current(done);
        },
        onError: (error) => {
          if (current()) setState((was) => ({ status: 'failed', reason: error.message, name: file.name, sent: 'sent' in was ? was.sent : 0, total: file.size }));
        },
      });
      if (current()) upload.current = handle;
      else if (mounted.current) handle.cancel();
      else handle.pause();
    } catch {
      // The uploader's code could not be loaded (offline).
      if (current()) setState({ status: 'failed', reason: uiMessages.uploadFailed });
    }
  }

  function cancel() {
    generation.current += 1;
    upload.current?.cancel();
    upload.current = null;
    setInputKey((n) => n + 1);
    setState({ status: 'idle', notice: t.cancelled });
  }

  const progressId = `${id}-progress`;
  const errorId = `${id}-error`;
  const active = state.status === 'starting' || state.status === 'uploading' || state.status === 'paused';
  const shown = active || (state.status === 'failed' && state.name !== undefined) ? (state as { name: string; sent: number; total: number }) : null;
  const percent = shown ? Math.floor((shown.sent / Math.max(1, shown.total)) * 100) : 0;
  return (
    <div className="field file-upload video-upload">
      <label htmlFor={id}>{t.video}</label>
      <input
        key={inputKey}
        id={id}
        type="file"
        accept="video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.mov,.webm,.mkv"
        disabled={active}
        aria-invalid={state.status === 'failed'}
        aria-describedby={[state.status === 'failed' ? errorId : null, `${id}-hint`].filter(Boolean).join(' ')}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) void start(chosen);
        }}
      />
      <span className="field-hint" id={`${id}-hint`}>
        {t.videoHint}
      </span>
      {shown ? (
        <div className="upload-progress">
          <label htmlFor={progressId}>{t.uploadingVideo(shown.name)}</label>
          <progress id={progressId} max={100} value={percent} aria-valuetext={t.percent(percent)} />
          <span className="upload-percent">{t.percent(percent)}</span>
          {state.status === 'uploading' || state.status === 'starting' ? (
            <button
              type="button"
              className="button small secondary"
              disabled={state.status === 'starting'}
              onClick={() => {
                upload.current?.pause();
                setState({ ...shown, status: 'paused' });
              }}
            >
              {t.pause}
            </button>
          ) : null}
          {state.status === 'paused' ? (
            <button
              type="button"
              className="button small primary"
              onClick={() => {
                setState({ ...shown, status: 'uploading' });
                upload.current?.resume();
              }}
            >
              {t.resume}
            </button>
          ) : null}
          <button type="button" className="button small secondary" onClick={cancel}>
            {uiMessages.cancelUpload}
          </button>
        </div>
      ) : null}
      {state.status === 'paused' ? <p role="status">{t.paused}</p> : null}
      {state.status === 'failed' ? (
        <div className="upload-error">
          <p className="field-error" id={errorId} role="alert">
            {state.name !== undefined ? t.failed(state.reason) : state.reason}
          </p>
          {state.name !== undefined && upload.current ? (
            <button
              type="button"
              className="button small primary"
              onClick={() => {
                setState({ status: 'uploading', name: state.name!, sent: state.sent ?? 0, total: state.total ?? 0 });
                upload.current?.resume();
              }}
            >
              {commonMessages.retry}
            </button>
          ) : null}
        </div>
      ) : null}
      {state.status === 'idle' && state.notice ? <p role="status">{state.notice}</p> : null}
    </div>
  );
}

/** «Загрузить изображение»: the kit's upload with its progress bar, into the lesson's files. */
export function PictureUploadField({ school, lessonId, onUploaded }: { school: string; lessonId: number; onUploaded: (file: CourseFile) => void }) {
  return (
    <FileUpload<CourseFile>
      label={t.picture}
      accept="image/png,image/jpeg,image/webp,image/gif"
      maxBytes={PICTURE_MAX_BYTES}
      hint={t.pictureHint}
      upload={(file, onProgress, signal) => uploadCourseFile(school, { lessonId }, 'picture', file, onProgress, signal)}
      onDone={onUploaded}
    />
  );
}
