import { commonMessages, groupsMessages, toApiError, type ApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { FormError, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { Modal } from '../../ui/modal.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { formatDate, formatRemaining } from './group-format.ts';
import { getTrainingDuration, personName, setTrainingDuration, type Group, type GroupStudent, type TrainingDuration } from './groups-api.ts';

const t = groupsMessages;
const MAX_DAYS = 36500;

/** 'Срок' (admin): one student's own access period in days (0: the group's) and their download switch. */
export function StudentDurationModal({ school, group, student, onSaved, onClose }: { school: string; group: Group; student: GroupStudent; onSaved: () => void; onClose: () => void }) {
  const name = personName(student);
  const duration = useResource(`duration-${school}-${group.group_id}-${student.id}`, () => getTrainingDuration(school, group.group_id, student.id));
  return (
    <Modal title={t.durationTitle(name)} onClose={onClose} className="student-duration">
      {duration.error ? <LoadError message={duration.error.message} onRetry={duration.retry} /> : null}
      {duration.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {duration.data ? <DurationForm school={school} group={group} student={student} current={duration.data} onSaved={onSaved} onClose={onClose} /> : null}
    </Modal>
  );
}

function DurationForm({ school, group, student, current, onSaved, onClose }: { school: string; group: Group; student: GroupStudent; current: TrainingDuration; onSaved: () => void; onClose: () => void }) {
  const [limit, setLimit] = useState(String(current.individual_limit));
  const [download, setDownload] = useState(current.download);
  const [limitError, setLimitError] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const groupDuration = group.training_duration ? t.days(group.training_duration) : t.unlimited.toLowerCase();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const text = limit.trim();
    const days = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (!(days >= 0 && days <= MAX_DAYS)) return setLimitError(t.durationInvalid);
    setLimitError(null);
    setBusy(true);
    try {
      await setTrainingDuration(school, { user: student.id, students_group: group.group_id, limit: days, download });
      showToast(t.durationSaved);
      onSaved();
      onClose();
    } catch (cause) {
      setError(toApiError(cause));
      setBusy(false);
    }
  }

  return (
    <form className="student-duration-form" onSubmit={(event) => void submit(event)} noValidate>
      <dl className="group-facts">
        <div>
          <dt>{t.finalLimit}</dt>
          <dd>{current.final_limit ? t.days(current.final_limit) : t.unlimited}</dd>
        </div>
        <div>
          <dt>{t.accessFrom}</dt>
          <dd>{formatDate(current.created_at)}</dd>
        </div>
        <div>
          <dt>{t.daysLeft}</dt>
          <dd>{formatRemaining(current.remaining_period)}</dd>
        </div>
      </dl>
      <TextField
        label={t.individualLimit}
        name="limit"
        inputMode="numeric"
        value={limit}
        onChange={setLimit}
        error={limitError ?? error?.fieldMessage('limit')}
        hint={t.individualHint(groupDuration)}
        maxLength={5}
      />
      <label className="check">
        <input type="checkbox" name="download" checked={download} onChange={(event) => setDownload(event.target.checked)} /> {t.downloadForStudent}
      </label>
      <FormError message={error && !error.fieldMessage('limit') ? error.message : null} />
      <div className="modal-actions">
        <button type="button" className="button secondary" onClick={onClose}>
          {t.cancel}
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t.saving : t.save}
        </button>
      </div>
    </form>
  );
}
