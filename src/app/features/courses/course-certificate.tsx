import { commonMessages, courseFilesMessages } from '#core';
import { useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { FileUpload } from '../../ui/file-upload.tsx';
import { useFormSubmit, type FieldMessages } from '../../ui/use-form-submit.ts';
import { FormError, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { showToast } from '../../ui/toasts.tsx';
import type { CourseFile } from './course-api.ts';
import { getCertificateTemplate, patchCertificateTemplate, uploadCourseFile, type CertificateTemplate } from './course-files-api.ts';

const c = courseFilesMessages.certificate;
const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
const PICTURE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const NAME_MAX = 200;

type Picture = { id: number; url: string } | null;
const FIELDS = ['director_name', 'teacher_name', 'signature_file', 'stamp_file'] as const;
type Fields = (typeof FIELDS)[number];

/**
 * The `certificates` tab: the course's certificate template — the director's and the teacher's
 * names, the signature and the stamp (pictures of the course uploaded with the kit's FileUpload,
 * previewed at once) — saved together with «Сохранить», the server's refusals under their fields.
 * The public certificate of the course's students shows them.
 */
export default function CourseCertificate({ school, courseId }: { school: string; courseId: number }) {
  const resource = useResource(`certificate-template-${school}-${courseId}`, () => getCertificateTemplate(school, courseId));
  if (resource.error) return <LoadError message={resource.error.message} onRetry={resource.retry} />;
  if (!resource.data) return <p role="status">{commonMessages.loading}</p>;
  return <TemplateForm school={school} courseId={courseId} initial={resource.data} />;
}

const pictureOf = (id: number | null, url: string | null): Picture => (id !== null && url ? { id, url } : null);

function TemplateForm({ school, courseId, initial }: { school: string; courseId: number; initial: CertificateTemplate }) {
  const [director, setDirector] = useState(initial.director_name);
  const [teacher, setTeacher] = useState(initial.teacher_name);
  const [signature, setSignature] = useState<Picture>(pictureOf(initial.signature_file, initial.signature_url));
  const [stamp, setStamp] = useState<Picture>(pictureOf(initial.stamp_file, initial.stamp_url));
  const { errors, formError, saving, submit } = useFormSubmit(FIELDS, c.invalid);

  function save(event: FormEvent) {
    event.preventDefault();
    const local: FieldMessages<Fields> = {};
    if (director.trim().length > NAME_MAX) local.director_name = c.tooLong;
    if (teacher.trim().length > NAME_MAX) local.teacher_name = c.tooLong;
    void submit(local, async () => {
      const saved = await patchCertificateTemplate(school, courseId, {
        director_name: director.trim(),
        teacher_name: teacher.trim(),
        signature_file: signature?.id ?? null,
        stamp_file: stamp?.id ?? null,
    });
    setDirector(saved.director_name);
    setTeacher(saved.teacher_name);
    setSignature(pictureOf(saved.signature_file, saved.signature_url));
    setStamp(pictureOf(saved.stamp_file, saved.stamp_url));
    showToast(c.saved);
    });
  }

  return (
    <form className="course-certificate" onSubmit={save} noValidate>
      <p className="muted">{c.intro}</p>
      <TextField label={c.director} name="director_name" value={director} onChange={setDirector} hint={c.directorHint} error={errors.director_name} maxLength={NAME_MAX} />
      <TextField label={c.teacher} name="teacher_name" value={teacher} onChange={setTeacher} hint={c.teacherHint} error={errors.teacher_name} maxLength={NAME_MAX} />
      <PictureField
        title={c.signature}
        uploadLabel={c.signatureUpload}
        alt={c.signatureAlt}
        picture={signature}
        error={errors.signature_file}
        upload={(file, onProgress, signal) => uploadCourseFile(school, { courseId }, 'picture', file, onProgress, signal)}
        onChange={setSignature}
      />
      <PictureField
        title={c.stamp}
        uploadLabel={c.stampUpload}
        alt={c.stampAlt}
        picture={stamp}
        error={errors.stamp_file}
        upload={(file, onProgress, signal) => uploadCourseFile(school, { courseId }, 'picture', file, onProgress, signal)}
        onChange={setStamp}
      />
      <FormError message={formError} />
      <div className="form-actions">
        <SubmitButton busy={saving} label={c.save} busyLabel={c.saving} />
        <a className="button secondary" href="/certificate/preview" target="_blank" rel="noopener" aria-describedby={`sample-hint-${courseId}`}>
          {c.sample}
        </a>
        <span className="field-hint" id={`sample-hint-${courseId}`}>
          {c.sampleHint}
        </span>
      </div>
    </form>
  );
}

function PictureField({
  title,
  uploadLabel,
  alt,
  picture,
  error,
  upload,
  onChange,
}: {
  title: string;
  uploadLabel: string;
  alt: string;
  picture: Picture;
  error: string | undefined;
  upload: (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<CourseFile>;
  onChange: (picture: Picture) => void;
}) {
  return (
    <fieldset className="certificate-picture">
      <legend>{title}</legend>
      {picture ? (
        <div className="certificate-picture-preview">
          <img src={picture.url} alt={alt} />
          <button type="button" className="button small secondary" onClick={() => onChange(null)}>
            {c.removePicture}
          </button>
        </div>
      ) : (
        <p className="muted">{c.defaultPicture}</p>
      )}
      <FileUpload<CourseFile> label={uploadLabel} hint={c.pictureHint} accept={PICTURE_ACCEPT} maxBytes={PICTURE_MAX_BYTES} upload={upload} onDone={(file) => onChange({ id: file.id, url: file.url })} />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
