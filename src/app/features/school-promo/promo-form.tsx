import { schoolPromoMessages, toApiError, toMinorUnits, uiMessages, type ApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { FormError, FormField, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { createPromo, patchPromo, type SchoolCourse, type SchoolPromo, type SchoolPromoInput } from './school-promo-api.ts';

const t = schoolPromoMessages;

/** Minor units as the major-unit text a person types: 1050 → '10,5'. */
export function majorText(minor: number, currency: string): string {
  return String(minor / toMinorUnits(1, currency)).replace('.', ',');
}

/** '10,50' or '1 200' in major units → minor units, or null when it is no positive amount. */
export function parseMajor(text: string, currency: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const minor = toMinorUnits(Number(clean), currency);
  return minor > 0 ? minor : null;
}

/** An instant as the local calendar day a date input shows: '2026-12-31'. */
export function localDay(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The end of a local calendar day, as the server takes it: the code works through that whole day. */
export function endOfLocalDay(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}

export interface PromoFormProps {
  school: string;
  /** Null: a new code. */
  promo: SchoolPromo | null;
  courses: readonly SchoolCourse[];
  /** The school's currency, for a fixed discount. */
  currency: string;
  onSaved: (promo: SchoolPromo) => void;
  onClose: () => void;
}

/**
 * Creating or changing a promo code in a dialog: the code, a percent or a sum (typed in major
 * units, sent in minor ones), every course or some, an end date, a number of uses and the switch.
 * What is typed stays when the server refuses it; its messages show under their fields.
 */
export function PromoForm({ school, promo, courses, currency: schoolCurrency, onSaved, onClose }: PromoFormProps) {
  const currency = promo?.currency ?? schoolCurrency;
  const [code, setCode] = useState(promo?.code ?? '');
  const [kind, setKind] = useState<'percent' | 'fixed'>(promo?.discount_type ?? 'percent');
  const [value, setValue] = useState(promo ? (promo.discount_type === 'percent' ? String(promo.discount) : majorText(promo.discount, currency)) : '');
  const [allCourses, setAllCourses] = useState(promo?.all_courses ?? true);
  const [chosen, setChosen] = useState<readonly number[]>(promo?.courses ?? []);
  const [expires, setExpires] = useState(promo?.expires_at ? localDay(promo.expires_at) : '');
  const [maxUses, setMaxUses] = useState(promo?.max_uses === null || !promo ? '' : String(promo.max_uses));
  const [active, setActive] = useState(promo?.is_active ?? true);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  function toggleCourse(id: number, on: boolean) {
    setChosen((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problems: Record<string, string> = {};
    const discount = kind === 'percent' ? (/^\s*\d{1,3}\s*$/.test(value) && Number(value) >= 1 && Number(value) <= 100 ? Number(value) : null) : parseMajor(value, currency);
    if (discount === null) problems.discount = t.discountInvalid;
    const uses = maxUses.trim();
    if (uses && (!/^\d+$/.test(uses) || Number(uses) < 1)) problems.max_uses = t.maxUsesInvalid;
    if (!allCourses && chosen.length === 0) problems.courses = t.coursesRequired;
    setLocal(problems);
    if (Object.keys(problems).length) return;
    const body: SchoolPromoInput = {
      code: code.trim(),
      discount_type: kind,
      discount: discount!,
      courses: allCourses ? [] : [...chosen],
      expires_at: expires ? endOfLocalDay(expires) : null,
      max_uses: uses ? Number(uses) : null,
      is_active: active,
    };
    setBusy(true);
    try {
      onSaved(promo ? await patchPromo(school, promo.id, body) : await createPromo(school, body));
    } catch (cause) {
      setError(toApiError(cause));
    } finally {
      setBusy(false);
    }
  }

  const problem = (field: string) => local[field] ?? error?.fieldMessage(field);
  // A course the code is for that the list no longer has (deleted, or beyond the first 100) stays chosen.
  const known = new Set(courses.map((course) => course.course_id));
  const others = chosen.filter((id) => !known.has(id));

  return (
    <Modal title={promo ? t.editTitle : t.createTitle} onClose={onClose} className="school-promo-dialog">
      <form className="school-promo-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t.code} name="code" value={code} onChange={setCode} error={problem('code')} hint={t.codeHint} required maxLength={50} autoComplete="off" />
        <FormField label={t.discountType} error={problem('discount_type')}>
          {(control) => (
            <select {...control} name="discount_type" value={kind} onChange={(event) => setKind(event.target.value === 'fixed' ? 'fixed' : 'percent')}>
              <option value="percent">{t.percent}</option>
              <option value="fixed">{t.fixed}</option>
            </select>
          )}
        </FormField>
        <TextField label={kind === 'percent' ? t.percentValue : t.fixedValue(currency)} name="discount" inputMode="decimal" value={value} onChange={setValue} error={problem('discount')} required />
        <fieldset className="school-promo-courses" aria-describedby={problem('courses') ? 'school-promo-courses-error' : undefined}>
          <legend>{t.courses}</legend>
          <label className="check">
            <input type="radio" name="courses-scope" checked={allCourses} onChange={() => setAllCourses(true)} /> {t.allCourses}
          </label>
          <label className="check">
            <input type="radio" name="courses-scope" checked={!allCourses} onChange={() => setAllCourses(false)} /> {t.someCourses}
          </label>
          {allCourses ? null : (
            <ul className="school-promo-course-list">
              {courses.map((course) => (
                <li key={course.course_id}>
                  <label className="check">
                    <input type="checkbox" checked={chosen.includes(course.course_id)} onChange={(event) => toggleCourse(course.course_id, event.target.checked)} /> {course.name}
                  </label>
                </li>
              ))}
              {others.map((id) => (
                <li key={id}>
                  <label className="check">
                    <input type="checkbox" checked onChange={() => toggleCourse(id, false)} /> #{id}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {problem('courses') ? (
            <span className="field-error" id="school-promo-courses-error">
              {problem('courses')}
            </span>
          ) : null}
        </fieldset>
        <FormField label={t.expires} error={problem('expires_at')} hint={t.expiresHint}>
          {(control) => <input {...control} type="date" name="expires_at" value={expires} onChange={(event) => setExpires(event.target.value)} />}
        </FormField>
        <TextField label={t.maxUses} name="max_uses" inputMode="numeric" value={maxUses} onChange={setMaxUses} error={problem('max_uses')} hint={t.maxUsesHint} />
        <label className="check">
          <input type="checkbox" name="is_active" checked={active} onChange={(event) => setActive(event.target.checked)} /> {t.active}
        </label>
        <FormError message={error && !error.fields ? error.message : null} />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {uiMessages.cancel}
          </button>
          <SubmitButton busy={busy} label={t.save} busyLabel={t.saving} />
        </div>
      </form>
    </Modal>
  );
}
