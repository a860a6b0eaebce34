import { coursesMessages, toApiError, toMinorUnits, type ApiError } from '#core';
import { useId, useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { FormError, FormField, TextField } from '../../ui/form-field.tsx';
import { listFolders, patchCourse, type Course } from './course-api.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

const t = coursesMessages;
const s = coursesMessages.courseSettings;

/** Minor units as the major-unit text a person types: 4990 BYN kopecks → '49,9'. */
export function majorUnits(minor: number, currency: string): string {
  return String(minor / toMinorUnits(1, currency)).replace('.', ',');
}

/** '49,90' or '1 200' in major units → minor units, or null when it is no amount. */
export function parseMajorUnits(text: string, currency: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (clean === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return toMinorUnits(Number(clean), currency);
}

/**
 * The `settings` tab: the course's name, description, format, price (typed in major units, sent in
 * minor ones), duration, publication, catalogue and direct-link flags and folder, saved together;
 * the server's field errors show under their fields.
 */
export function CourseSettingsForm({ school, course, onSaved }: { school: string; course: Course; onSaved: (course: Course) => void }) {
  const id = useId();
  const folders = useResource(`folders-${school}`, () => listFolders(school));
  const [name, setName] = useState(course.name);
  const [description, setDescription] = useState(course.description);
  const [format, setFormat] = useState<'ОН' | 'ОФФ'>(course.format === 'ОФФ' ? 'ОФФ' : 'ОН');
  const [price, setPrice] = useState(majorUnits(course.price, course.currency));
  const [duration, setDuration] = useState(course.duration_days === null ? '' : String(course.duration_days));
  const [published, setPublished] = useState(course.public === 'О');
  const [catalog, setCatalog] = useState(course.is_catalog);
  const [direct, setDirect] = useState(course.is_direct);
  const [folder, setFolder] = useState(course.folder ? String(course.folder.id) : '');
  const [local, setLocal] = useState<Record<string, string>>({});
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    setError(null);
    const problems: Record<string, string> = {};
    const minor = parseMajorUnits(price, course.currency);
    if (minor === null) problems.price = s.priceInvalid;
    const days = duration.trim();
    if (days && !/^\d+$/.test(days)) problems.duration_days = s.durationInvalid;
    if (!name.trim()) problems.name = t.nameRequired;
    setLocal(problems);
    if (Object.keys(problems).length || minor === null) return;
    setBusy(true);
    try {
      const next = await patchCourse(school, course.course_id, {
        name: name.trim(),
        description,
        format,
        price: minor,
        duration_days: days ? Number(days) : null,
        public: published ? 'О' : 'Н',
        is_catalog: catalog,
        is_direct: direct,
        folder: folder ? Number(folder) : null,
      });
      onSaved(next);
      setSaved(true);
    } catch (cause) {
      setError(toApiError(cause));
    } finally {
      setBusy(false);
    }
  }

  const problem = (field: string) => local[field] ?? error?.fieldMessage(field);
  const flag = (label: string, checked: boolean, set: (value: boolean) => void) => (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(event) => set(event.target.checked)} /> {label}
    </label>
  );

  return (
    <form className="course-settings" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label={t.name} name="name" value={name} onChange={setName} error={problem('name')} required maxLength={256} />
      <div className="field">
        <span className="field-label" id={`${id}-description`}>
          {s.description}
        </span>
        <RichTextEditor initial={course.description} label={s.description} onChange={setDescription} />
        {problem('description') ? <span className="field-error">{problem('description')}</span> : null}
      </div>
      <FormField label={s.format} error={problem('format')}>
        {(control) => (
          <select {...control} value={format} onChange={(event) => setFormat(event.target.value === 'ОФФ' ? 'ОФФ' : 'ОН')}>
            <option value="ОН">{s.online}</option>
            <option value="ОФФ">{s.offline}</option>
          </select>
        )}
      </FormField>
      <TextField label={s.price} name="price" inputMode="decimal" value={price} onChange={setPrice} error={problem('price')} hint={s.priceHint(course.currency)} />
      <TextField label={s.duration} name="duration_days" inputMode="numeric" value={duration} onChange={setDuration} error={problem('duration_days')} hint={s.durationHint} />
      {flag(s.published, published, setPublished)}
      {flag(s.catalog, catalog, setCatalog)}
      {flag(s.direct, direct, setDirect)}
      <FormField label={s.folder} error={problem('folder')}>
        {(control) => (
          <select {...control} value={folder} onChange={(event) => setFolder(event.target.value)}>
            <option value="">{s.noFolder}</option>
            {course.folder && !folders.data?.some((own) => own.id === course.folder!.id) ? <option value={String(course.folder.id)}>{course.folder.name}</option> : null}
            {folders.data?.map((own) => (
              <option key={own.id} value={String(own.id)}>
                {own.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
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
