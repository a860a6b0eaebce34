import { commonMessages, coursesMessages, toApiError } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FileUpload } from '../../ui/file-upload.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { getCourse, patchCourse, type Course, type CourseFile } from './course-api.ts';
import { uploadCourseFile } from './course-files-api.ts';

const b = coursesMessages.banner;
const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
const PICTURE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The `banner` tab: the course's cover (or a placeholder), a new one uploaded with the kit's
 * FileUpload as a cover file of the course and set at once (PATCH photo_file), «Убрать» after a
 * confirmation (photo_file: null). The course's card, the catalogue and the landing show it.
 */
export default function CourseBanner({ school, courseId }: { school: string; courseId: number }) {
  const resource = useResource(`course-banner-${school}-${courseId}`, () => getCourse(school, courseId));
  if (resource.error) return <LoadError message={resource.error.message} onRetry={resource.retry} />;
  if (!resource.data) return <p role="status">{commonMessages.loading}</p>;
  return <Banner school={school} initial={resource.data} />;
}

function Banner({ school, initial }: { school: string; initial: Course }) {
  const [course, setCourse] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function setCover(fileId: number | null) {
    setBusy(true);
    setError(null);
    try {
      setCourse(await patchCourse(school, course.course_id, { photo_file: fileId }));
      setConfirming(false);
      showToast(fileId === null ? b.removed : b.saved);
    } catch (cause) {
      const refused = toApiError(cause);
      setConfirming(false);
      setError(refused.fields?.photo_file?.[0] ?? refused.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="course-banner">
      <p className="muted">{b.intro}</p>
      {course.photo_url ? (
        <figure className="course-banner-preview">
          <img src={course.photo_url} alt={b.preview(course.name)} />
        </figure>
      ) : (
        <div className="course-banner-placeholder">
          <p className="muted">{b.none}</p>
        </div>
      )}
      <FileUpload<CourseFile>
        label={b.upload}
        hint={b.hint}
        accept={PICTURE_ACCEPT}
        maxBytes={PICTURE_MAX_BYTES}
        upload={(file, onProgress, signal) => uploadCourseFile(school, { courseId: course.course_id }, 'cover', file, onProgress, signal)}
        onDone={(file) => void setCover(file.id)}
      />
      <FormError message={error} />
      {course.photo_url ? (
        <div className="form-actions">
          <button type="button" className="button secondary" disabled={busy} onClick={() => setConfirming(true)}>
            {b.remove}
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={b.removeTitle}
          message={b.removeText(course.name)}
          confirmLabel={b.remove}
          danger
          busy={busy}
          onConfirm={() => void setCover(null)}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
