import { commonMessages, courseFilesMessages, formatFileSize, toApiError } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FileUpload } from '../../ui/file-upload.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { showToast } from '../../ui/toasts.tsx';
import type { CourseFile } from './course-api.ts';
import { deleteCourseFile, listCourseFiles, materialKind, uploadCourseFile } from './course-files-api.ts';

const m = courseFilesMessages.materials;
const MAX_BYTES = 200 * 1024 * 1024;
const ACCEPT = '.pdf,.docx,.xlsx,.pptx,.txt,.zip,.mp3,.ogg,.wav,.m4a,application/pdf,text/plain,application/zip,audio/*';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
const dateOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
};

/**
 * The `materials` tab: the course's files (`{school}/files/?course_id=`) in a table with their kind,
 * size, date and a download link (the file's signed link); documents and audio uploaded with the
 * kit's FileUpload (the kind chosen by the file's type); a file deleted after a confirmation (a
 * file a lesson's block still shows is refused, and the server's reason is shown).
 */
export default function CourseMaterials({ school, courseId }: { school: string; courseId: number }) {
  const resource = useResource(`materials-${school}-${courseId}`, () => listCourseFiles(school, courseId));
  const [edited, setEdited] = useState<CourseFile[] | null>(null);
  const [removing, setRemoving] = useState<CourseFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const files = edited ?? resource.data ?? null;

  async function remove(file: CourseFile) {
    setBusy(true);
    setError(null);
    try {
      await deleteCourseFile(school, file.id);
      setEdited((files ?? []).filter((row) => row.id !== file.id));
      showToast(m.removed(file.name));
    } catch (cause) {
      // 409: a lesson's block still shows the file; the server says so.
      setError(toApiError(cause).message);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  const columns: DataColumn<CourseFile>[] = [
    { key: 'name', header: m.name, rowHeader: true, render: (file) => file.name },
    { key: 'kind', header: m.kind, render: (file) => m.kinds[file.kind] ?? file.kind },
    { key: 'size', header: m.size, render: (file) => formatFileSize(file.bytes) },
    { key: 'date', header: m.date, render: (file) => <time dateTime={file.created_at}>{dateOf(file.created_at)}</time> },
    {
      key: 'actions',
      header: m.actions,
      className: 'table-actions',
      render: (file) => (
        <>
          <a className="button small secondary" href={file.url} download={file.name} aria-label={m.downloadLabel(file.name)}>
            {m.download}
          </a>{' '}
          <button type="button" className="button small secondary danger" aria-label={m.removeLabel(file.name)} onClick={() => setRemoving(file)}>
            {m.remove}
          </button>
        </>
      ),
    },
  ];

  return (
    <div className="course-materials">
      <FileUpload<CourseFile>
        label={m.upload}
        hint={m.uploadHint}
        accept={ACCEPT}
        maxBytes={MAX_BYTES}
        upload={(file, onProgress, signal) => uploadCourseFile(school, { courseId }, materialKind(file), file, onProgress, signal)}
        onDone={(file) => {
          setError(null);
          setEdited([...(files ?? []), file]);
        }}
      />
      <FormError message={error} />
      {resource.error && !edited ? (
        <LoadError message={resource.error.message} onRetry={resource.retry} />
      ) : !files ? (
        <p role="status">{commonMessages.loading}</p>
      ) : (
        <DataTable caption={m.caption} columns={columns} rows={files} rowKey={(file) => file.id} empty={<EmptyState title={m.empty} text={m.emptyText} />} />
      )}
      {removing ? (
        <ConfirmDialog
          title={m.confirmTitle}
          message={m.confirmText(removing.name)}
          confirmLabel={m.remove}
          danger
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}
