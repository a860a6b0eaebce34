import { coursesMessages, toApiError, type ApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { FormError, TextField } from '../../ui/form-field.tsx';
import { patchLesson, type LessonDetail } from './course-api.ts';

const t = coursesMessages;
const l = coursesMessages.homework;

/** A homework's settings (spec §3): accepted automatically, and after how long. */
export function HomeworkSettingsForm({ school, homework, onSaved }: { school: string; homework: LessonDetail; onSaved: (homework: LessonDetail) => void }) {
  const [automate, setAutomate] = useState(Boolean(homework.automate_accept));
  const [after, setAfter] = useState(typeof homework.time_accept === 'string' ? homework.time_accept : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      onSaved(await patchLesson(school, 'homework', homework.id, { automate_accept: automate, time_accept: automate ? after.trim() || null : null }));
      setSaved(true);
    } catch (cause) {
      setError(toApiError(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="lesson-settings" onSubmit={(event) => void submit(event)} noValidate>
      <h3>{t.settingsTitle}</h3>
      <label className="check">
        <input
          type="checkbox"
          checked={automate}
          onChange={(event) => {
            setAutomate(event.target.checked);
            setSaved(false);
          }}
        />{' '}
        {l.automate_accept}
      </label>
      {automate ? (
        <TextField
          label={l.time_accept}
          name="time_accept"
          value={after}
          onChange={(value) => {
            setAfter(value);
            setSaved(false);
          }}
          error={error?.fieldMessage('time_accept')}
        />
      ) : null}
      <FormError message={error && !error.fields ? error.message : null} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t.saving : t.save}
        </button>
        {saved ? <p role="status">{t.saved}</p> : null}
      </div>
    </form>
  );
}
