import { meetingsMessages } from '#core';
import { useState, type FormEvent } from 'react';
import { FormError, FormField, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { GroupPicker } from '../../ui/group-picker.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useFormSubmit, type FieldMessages } from '../../ui/use-form-submit.ts';
import { createMeeting, listSchoolGroups, patchMeeting, type Meeting, type MeetingInput } from './meetings-api.ts';

const t = meetingsMessages;
const HTTP = /^https?:\/\/[^\s/]+/i;
const TITLE_MAX = 500;
const DESCRIPTION_MAX = 5000;

type Field = 'title' | 'starts_at' | 'duration_minutes' | 'link' | 'description' | 'student_groups';
const FIELDS: readonly Field[] = ['title', 'starts_at', 'duration_minutes', 'link', 'description', 'student_groups'];

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO moment as a datetime-local value in the reader's time zone ('' when none). */
export function localDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the reader's time zone) as the server's ISO moment; null when it is not one. */
export function isoFromLocal(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * A meeting's form in a dialog: title, start (the reader's time), duration, link, description and
 * groups (the kit's GroupPicker). Checked here first, then the server's refusals under their
 * fields; nothing typed is lost on a refusal.
 */
export function MeetingForm({ school, meeting, onSaved, onClose }: { school: string; meeting: Meeting | null; onSaved: (meeting: Meeting) => void; onClose: () => void }) {
  const [title, setTitle] = useState(meeting?.title ?? '');
  const [start, setStart] = useState(localDateTime(meeting?.starts_at));
  const [duration, setDuration] = useState(String(meeting?.duration_minutes ?? 60));
  const [link, setLink] = useState(meeting?.link ?? '');
  const [description, setDescription] = useState(meeting?.description ?? '');
  const [groups, setGroups] = useState<number[]>(meeting?.student_groups ?? []);
  const { errors, formError, saving, submit } = useFormSubmit(FIELDS, t.invalid);

  function save(event: FormEvent) {
    event.preventDefault();
    const local: FieldMessages<Field> = {};
    const startsAt = isoFromLocal(start);
    const minutes = Number(duration);
    if (!title.trim()) local.title = t.titleRequired;
    if (!startsAt) local.starts_at = t.startsAtRequired;
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) local.duration_minutes = t.durationInvalid;
    if (!link.trim()) local.link = t.linkRequired;
    else if (!HTTP.test(link.trim())) local.link = t.linkInvalid;
    // Without a start the form's own check stops it: nothing is sent.
    const body: MeetingInput = { title: title.trim(), starts_at: startsAt ?? '', duration_minutes: minutes, link: link.trim(), description: description.trim(), student_groups: groups };
    void submit(local, async () => onSaved(meeting ? await patchMeeting(school, meeting.id, body) : await createMeeting(school, body)));
  }

  return (
    <Modal title={meeting ? t.formEdit : t.formCreate} onClose={onClose} className="offer-form-dialog">
      <form className="offer-form meeting-form" onSubmit={save} noValidate>
        <TextField label={t.fields.title} name="title" required value={title} onChange={setTitle} error={errors.title} maxLength={TITLE_MAX} />
        <FormField label={t.fields.startsAt} error={errors.starts_at} hint={t.startsAtHint}>
          {(control) => <input {...control} type="datetime-local" name="starts_at" required value={start} onChange={(event) => setStart(event.target.value)} />}
        </FormField>
        <FormField label={t.fields.duration} error={errors.duration_minutes}>
          {(control) => <input {...control} type="number" name="duration_minutes" min={1} max={1440} step={1} value={duration} onChange={(event) => setDuration(event.target.value)} />}
        </FormField>
        <TextField label={t.fields.link} name="link" type="url" required value={link} onChange={setLink} hint={t.linkHint} error={errors.link} maxLength={2000} />
        <FormField label={t.fields.description} error={errors.description}>
          {(control) => <textarea {...control} name="description" rows={3} maxLength={DESCRIPTION_MAX} value={description} onChange={(event) => setDescription(event.target.value)} />}
        </FormField>
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
