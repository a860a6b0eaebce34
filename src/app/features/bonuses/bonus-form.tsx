import { bonusAdminMessages } from '#core';
import { useState, type FormEvent } from 'react';
import { FormError, FormField, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { GroupPicker } from '../../ui/group-picker.tsx';
import { SchoolPictureField, type SchoolPicture } from '../../ui/school-picture-field.tsx';
import { useFormSubmit, type FieldMessages } from '../../ui/use-form-submit.ts';
import { createBonus, listSchoolGroups, patchBonus, type AdminBonus, type BonusInput } from './bonuses-admin-api.ts';

const t = bonusAdminMessages;
const TEXT_MAX = 2000;
const HTTP = /^https?:\/\/[^\s/]+/i;

type Field = 'text' | 'link' | 'expire_date' | 'active' | 'logo_file' | 'student_groups';
const FIELDS: readonly Field[] = ['text', 'link', 'expire_date', 'active', 'logo_file', 'student_groups'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The reader's calendar day of an ISO moment, for a date input ('' when none). */
export function localDay(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The end of a chosen day in the reader's time zone, as the server's ISO expiry; null for none. */
export function endOfLocalDay(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59).toISOString();
}

/**
 * A bonus's form in a dialog: text, link, the last day, shown or not, the logo (a school picture
 * uploaded with the kit's FileUpload and previewed) and the groups. Checked here first, then the
 * server's refusals under their fields; nothing typed is lost on a refusal.
 */
export function BonusForm({ school, bonus, onSaved, onClose }: { school: string; bonus: AdminBonus | null; onSaved: (bonus: AdminBonus) => void; onClose: () => void }) {
  const [text, setText] = useState(bonus?.text ?? '');
  const [link, setLink] = useState(bonus?.link ?? '');
  const [day, setDay] = useState(localDay(bonus?.expire_date ?? null));
  const [active, setActive] = useState(bonus?.active ?? true);
  const [logo, setLogo] = useState<SchoolPicture | null>(bonus?.logo_file && bonus.logo ? { id: bonus.logo_file, url: bonus.logo } : null);
  const [groups, setGroups] = useState<number[]>(bonus?.student_groups ?? []);
  const { errors, formError, saving, submit } = useFormSubmit(FIELDS, t.invalid);

  function save(event: FormEvent) {
    event.preventDefault();
    const local: FieldMessages<Field> = {};
    if (!link.trim()) local.link = t.linkRequired;
    else if (!HTTP.test(link.trim())) local.link = t.linkInvalid;
    if (text.trim().length > TEXT_MAX) local.text = t.textTooLong(TEXT_MAX);
    const body: BonusInput = { text: text.trim(), link: link.trim(), expire_date: endOfLocalDay(day), active, logo_file: logo?.id ?? null, student_groups: groups };
    void submit(local, async () => onSaved(bonus ? await patchBonus(school, bonus.id, body) : await createBonus(school, body)));
  }

  return (
    <Modal title={bonus ? t.formEdit : t.formCreate} onClose={onClose} className="offer-form-dialog">
      <form className="offer-form" onSubmit={save} noValidate>
        <FormField label={t.text} error={errors.text}>
          {(control) => <textarea {...control} name="text" rows={3} maxLength={TEXT_MAX} value={text} onChange={(event) => setText(event.target.value)} />}
        </FormField>
        <TextField label={t.link} name="link" type="url" required value={link} onChange={setLink} hint={t.linkHint} error={errors.link} maxLength={2000} />
        <FormField label={t.expireDate} error={errors.expire_date} hint={t.expireHint}>
          {(control) => <input {...control} type="date" name="expire_date" value={day} onChange={(event) => setDay(event.target.value)} />}
        </FormField>
        <label className="check">
          <input type="checkbox" name="active" checked={active} onChange={(event) => setActive(event.target.checked)} /> {t.active}
        </label>
        {errors.active ? (
          <p className="field-error" role="alert">
            {errors.active}
          </p>
        ) : null}
        <SchoolPictureField school={school} title={t.logo} uploadLabel={t.logoUpload} alt={t.logoAlt} picture={logo} error={errors.logo_file} onChange={setLogo} />
        <GroupPicker school={school} load={() => listSchoolGroups(school)} selected={groups} onChange={setGroups} error={errors.student_groups} />
        <FormError message={formError} />
        <div className="form-actions">
          <SubmitButton busy={saving} label={t.save} busyLabel={t.saving} />
          <button type="button" className="button secondary" onClick={onClose}>
            {t.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
