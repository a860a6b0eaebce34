import { commonMessages, coursesMessages, toApiError, type ApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { FormError, FormField, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { listAutowebinars, patchLesson, type Autowebinar, type LessonDetail } from './course-api.ts';

const t = coursesMessages;
const w = coursesMessages.webinar;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the browser's time zone ('' for none). */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as an ISO instant; null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const at = new Date(value);
  // What the browser cannot read goes as typed: the server names the field.
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** Whole minutes from 1 to 1440, null when empty, undefined when it is neither. */
function minutes(value: string): number | null | undefined {
  const text = value.trim();
  if (!text) return null;
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 1440 ? n : undefined;
}

/**
 * A webinar lesson's settings: the school's autowebinar it shows (chosen from
 * `{school}/autowebinars/`), the live broadcast's link, its start and its length.
 */
export function WebinarSettingsForm({ school, webinar, onSaved }: { school: string; webinar: LessonDetail; onSaved: (webinar: LessonDetail) => void }) {
  const list = useResource(`autowebinars/${school}`, () => listAutowebinars(school));
  const [autowebinar, setAutowebinar] = useState(typeof webinar.autowebinar === 'number' ? String(webinar.autowebinar) : '');
  const [link, setLink] = useState(typeof webinar.link === 'string' ? webinar.link : '');
  const [startsAt, setStartsAt] = useState(toLocalInput(webinar.starts_at));
  const [duration, setDuration] = useState(typeof webinar.duration_minutes === 'number' ? String(webinar.duration_minutes) : '');
  const [durationError, setDurationError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  const [current, setCurrent] = useState(webinar);

  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSaved(false);
    };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const length = minutes(duration);
    if (length === undefined) {
      setDurationError(w.durationInvalid);
      return;
    }
    setDurationError(null);
    setBusy(true);
    setError(null);
    try {
      const next = await patchLesson(school, 'webinar', webinar.id, {
        autowebinar: autowebinar ? Number(autowebinar) : null,
        link: link.trim() || null,
        starts_at: fromLocalInput(startsAt),
        duration_minutes: length,
      });
      setCurrent(next);
      onSaved(next);
      setSaved(true);
    } catch (cause) {
      setError(toApiError(cause));
    } finally {
      setBusy(false);
    }
  }

  // The linked one stays a choice even when the list does not name it (past its first 200).
  const linkedId = typeof current.autowebinar === 'number' ? current.autowebinar : null;
  const options: Pick<Autowebinar, 'id' | 'title' | 'is_active'>[] = list.data ? [...list.data] : [];
  if (linkedId !== null && !options.some((item) => item.id === linkedId)) {
    options.push({ id: linkedId, title: typeof current.autowebinar_title === 'string' ? current.autowebinar_title : String(linkedId), is_active: true });
  }
  const pageUrl = typeof current.webinar_url === 'string' && String(linkedId) === autowebinar ? current.webinar_url : null;

  return (
    <form className="lesson-settings" onSubmit={(event) => void submit(event)} noValidate>
      <h3>{t.settingsTitle}</h3>
      {list.status === 'loading' ? <p role="status">{w.autowebinarsLoading}</p> : null}
      {list.error ? <LoadError message={w.autowebinarsFailed(list.error.message || commonMessages.unexpectedError)} onRetry={list.retry} /> : null}
      {list.data ? (
        <FormField label={w.autowebinar} error={error?.fieldMessage('autowebinar')}>
          {(control) => (
            <select {...control} name="autowebinar" value={autowebinar} onChange={(event) => edited(setAutowebinar)(event.target.value)}>
              <option value="">{w.noAutowebinar}</option>
              {options.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.is_active ? item.title : w.inactive(item.title)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      {pageUrl ? (
        <p>
          <a href={pageUrl} target="_blank" rel="noreferrer">
            {w.openPage}
          </a>
        </p>
      ) : null}
      <TextField label={w.link} name="link" type="url" value={link} maxLength={2048} hint={w.linkHint} onChange={edited(setLink)} error={error?.fieldMessage('link')} />
      <FormField label={w.startsAt} error={error?.fieldMessage('starts_at')}>
        {(control) => <input {...control} name="starts_at" type="datetime-local" value={startsAt} onChange={(event) => edited(setStartsAt)(event.target.value)} />}
      </FormField>
      <TextField
        label={w.duration}
        name="duration_minutes"
        inputMode="numeric"
        value={duration}
        onChange={edited(setDuration)}
        error={durationError ?? error?.fieldMessage('duration_minutes')}
      />
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
