import { commonMessages, groupsMessages, toApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { FormError, FormField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { Modal } from '../../ui/modal.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { listCoursesWithGroups, moveStudent, personName, type Group, type GroupStudent } from './groups-api.ts';

const t = groupsMessages;

/** 'Перевести' (admin): the student goes to another group of the same course (update-group), keeping their progress. */
export function MoveStudentModal({ school, group, student, onMoved, onClose }: { school: string; group: Group; student: GroupStudent; onMoved: () => void; onClose: () => void }) {
  const name = personName(student);
  const courses = useResource(`courses-with-groups-${school}`, () => listCoursesWithGroups(school));
  const others = courses.data?.find((course) => course.course_id === group.course_id)?.student_groups.filter((own) => own.group_id !== group.group_id) ?? [];
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = target || (others[0] ? String(others[0].group_id) : '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setError(null);
    setBusy(true);
    try {
      await moveStudent(school, group.group_id, student.id, Number(chosen));
      showToast(t.moved(name, others.find((own) => String(own.group_id) === chosen)?.name ?? ''));
      onMoved();
      onClose();
    } catch (cause) {
      setError(toApiError(cause).message);
      setBusy(false);
    }
  }

  return (
    <Modal title={t.moveTitle(name)} onClose={onClose} className="move-student">
      {courses.error ? <LoadError message={courses.error.message} onRetry={courses.retry} /> : null}
      {courses.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {courses.data ? (
        <form className="move-student-form" onSubmit={(event) => void submit(event)} noValidate>
          {others.length === 0 ? (
            <p className="muted">{t.moveNoGroups}</p>
          ) : (
            <FormField label={t.moveTarget} hint={t.moveHint}>
              {(control) => (
                <select {...control} name="new_group_id" value={chosen} onChange={(event) => setTarget(event.target.value)}>
                  {others.map((own) => (
                    <option key={own.group_id} value={String(own.group_id)}>
                      {own.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          <FormError message={error} />
          <div className="modal-actions">
            <button type="button" className="button secondary" onClick={onClose}>
              {t.cancel}
            </button>
            {others.length ? (
              <button type="submit" className="button primary" disabled={busy}>
                {busy ? t.saving : t.move}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
