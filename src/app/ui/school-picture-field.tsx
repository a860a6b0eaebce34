import { $user, ApiError, schoolSettingsMessages, type ApiAnswer } from '#core';
import { appSession } from '../app-session.ts';
import { FileUpload } from './file-upload.tsx';
import { uploadOperation } from './upload-with-progress.ts';

const m = schoolSettingsMessages;
const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
const PICTURE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** What `{school}/files/` answers an upload: the stored file with its id and signed link. */
type StoredFile = ApiAnswer<'POST {school}/files/'>;
/** A picture of the school (no course) in a form: its file id and signed link. */
export type SchoolPicture = Pick<StoredFile, 'id' | 'url'>;

export type Picture = SchoolPicture | null;

/** A picture by its file id and signed link, when both are known. */
export const pictureOf = (id: number | null, url: string | null): Picture => (id !== null && url ? { id, url } : null);

/**
 * Sends a picture of the school to `{school}/files/` with progress; a 401 renews the token through
 * the session once and sends it again.
 */
export async function uploadSchoolPicture(school: string, file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<StoredFile> {
  const send = () => {
    const form = new FormData();
    form.append('kind', 'picture');
    form.append('file', file);
    const token = $user.get().authState.access;
    return uploadOperation('POST {school}/files/', { school }, form, { headers: token ? { Authorization: `Bearer ${token}` } : {}, onProgress, signal });
  };
  const stale = $user.get().authState.access;
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !(await appSession().refreshAccess(stale))) throw error;
    return send();
  }
}

/**
 * A picture of the school in a form (a logo, an icon, a stamp): its preview with «Убрать», the
 * kit's upload, and the server's refusal under it. Saved with the form.
 */
export function SchoolPictureField({
  school,
  title,
  uploadLabel,
  alt,
  hint,
  picture,
  error,
  onChange,
}: {
  school: string;
  title: string;
  uploadLabel: string;
  alt: string;
  hint?: string;
  picture: Picture;
  error: string | undefined;
  onChange: (picture: Picture) => void;
}) {
  return (
    <fieldset className="settings-picture">
      <legend>{title}</legend>
      {hint ? <p className="field-hint">{hint}</p> : null}
      {picture ? (
        <div className="settings-picture-preview">
          <img src={picture.url} alt={alt} />
          <button type="button" className="button small secondary" onClick={() => onChange(null)}>
            {m.removePicture}
          </button>
        </div>
      ) : (
        <p className="muted">{m.noPicture}</p>
      )}
      <FileUpload<SchoolPicture>
        label={uploadLabel}
        hint={m.pictureHint}
        accept={PICTURE_ACCEPT}
        maxBytes={PICTURE_MAX_BYTES}
        upload={(file, onProgress, signal) => uploadSchoolPicture(school, file, onProgress, signal)}
        onDone={(file) => onChange({ id: file.id, url: file.url })}
      />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
