import { coursesMessages, formatFileSize, toApiError } from '#core';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FileUpload } from '../../ui/file-upload.tsx';
import { showToast } from '../../ui/toasts.tsx';
import type { CourseFile } from './course-api.ts';
import { deleteCourseFile, materialKind, uploadCourseFile } from './course-files-api.ts';

const t = coursesMessages.lessonFiles;
const MAX_BYTES = 200 * 1024 * 1024;
const ACCEPT = '.pdf,.docx,.xlsx,.pptx,.txt,.zip,.mp3,.ogg,.wav,.m4a,application/pdf,text/plain,application/zip,audio/*';

/**
 * A lesson's or a homework's own files (its documents and audio, the detail's text_files and
 * audio_files): uploaded to `{school}/files/` with its lesson_id, the kind chosen by the file's type
 * and checked by the server; deleted after a confirmation. The student downloads them on the
 * lesson's page, the checker on the check page.
 */
export function LessonFilesEditor({ school, lessonId, title, initial }: { school: string; lessonId: number; title: string; initial: readonly CourseFile[] }) {
  const headingId = useId();
  const [files, setFiles] = useState<readonly CourseFile[]>(initial);
  const [removing, setRemoving] = useState<CourseFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove(file: CourseFile) {
    setBusy(true);
    setError(null);
    try {
      await deleteCourseFile(school, file.id);
      setFiles((own) => own.filter((row) => row.id !== file.id));
      setRemoving(null);
      showToast(t.removed(file.name));
    } catch (cause) {
      // The dialog stays with the server's reason, for another try.
      setError(toApiError(cause).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="lesson-files-editor" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {files.length === 0 ? <p className="muted">{t.empty}</p> : null}
      {files.length ? (
        <ul className="lesson-files-list">
          {files.map((file) => (
            <li key={file.id}>
              <a href={file.url} download={file.name} target="_blank" rel="noopener noreferrer">
                {file.name}
              </a>{' '}
              <span className="muted">{formatFileSize(file.bytes)}</span>{' '}
              <button type="button" className="icon-button danger" aria-label={t.remove(file.name)} title={t.remove(file.name)} onClick={() => setRemoving(file)}>
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FileUpload<CourseFile>
        label={t.upload}
        hint={t.hint}
        accept={ACCEPT}
        maxBytes={MAX_BYTES}
        upload={(file, onProgress, signal) => uploadCourseFile(school, { lessonId }, materialKind(file), file, onProgress, signal)}
        onDone={(file) => setFiles((own) => [...own, file])}
      />
      {removing ? (
        <ConfirmDialog
          title={t.confirmTitle}
          message={t.confirmText(removing.name)}
          confirmLabel={coursesMessages.delete}
          danger
          busy={busy}
          error={error}
          onConfirm={() => void remove(removing)}
          onCancel={() => {
            setRemoving(null);
            setError(null);
          }}
        />
      ) : null}
    </section>
  );
}
