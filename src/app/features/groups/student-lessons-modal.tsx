import { $school, commonMessages, groupsMessages, toApiError } from '#core';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { Modal } from '../../ui/modal.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { getStudentLessons, personName, resetStudentLessons, setStudentLessons, type Group, type GroupStudent } from './groups-api.ts';
import { changedLessons, LessonChecklist, openLessons } from './lesson-checklist.tsx';

const t = groupsMessages;

/**
 * 'Уроки' (admin): the course's lessons as this student may open them (section_student/), switched
 * one by one over the group's settings (lesson-availability/), or all back to the group's
 * (reset_to_group/). Only what was changed is sent, so the other lessons keep following the group.
 */
export function StudentLessonsModal({ school, group, student, onClose }: { school: string; group: Group; student: GroupStudent; onClose: () => void }) {
  const name = personName(student);
  const schoolId = useStore($school).schoolId ?? 0;
  const [version, setVersion] = useState(0);
  const lessons = useResource(`student-lessons-${school}-${group.group_id}-${student.id}-${version}`, () => getStudentLessons(school, schoolId, group.group_id, group.course_id, student.id));
  const [changes, setChanges] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const sections = lessons.data ?? [];
  const changed = changedLessons(sections, changes);

  async function run(action: () => Promise<unknown>, done: string, close: boolean) {
    setError(null);
    setBusy(true);
    try {
      await action();
      setConfirmReset(false);
      showToast(done);
      if (close) return onClose();
      setChanges(new Map());
      setVersion((n) => n + 1);
    } catch (cause) {
      setConfirmReset(false);
      setError(toApiError(cause).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t.lessonsTitle(name)}
      onClose={onClose}
      className="student-lessons"
      footer={
        lessons.data ? (
          <>
            <button type="button" className="button secondary" disabled={busy} onClick={() => setConfirmReset(true)}>
              {t.resetToGroup}
            </button>
            <button type="button" className="button primary" disabled={busy || changed.length === 0} onClick={() => void run(() => setStudentLessons(school, student.id, changed), t.accessSaved, true)}>
              {busy ? t.saving : t.save}
            </button>
          </>
        ) : undefined
      }
    >
      <p className="muted">{t.lessonsHint}</p>
      {lessons.error ? <LoadError message={lessons.error.message} onRetry={lessons.retry} /> : null}
      {lessons.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {lessons.data ? (
        <LessonChecklist sections={sections} isOpen={openLessons(sections, changes)} disabled={busy} onToggle={(lessonId, open) => setChanges((current) => new Map(current).set(lessonId, open))} />
      ) : null}
      <FormError message={error} />
      {confirmReset ? (
        <ConfirmDialog
          title={t.resetTitle}
          message={t.resetText(name, group.name)}
          confirmLabel={t.resetToGroup}
          danger
          busy={busy}
          onConfirm={() => void run(() => resetStudentLessons(school, group.group_id, student.id), t.resetDone, false)}
          onCancel={() => setConfirmReset(false)}
        />
      ) : null}
    </Modal>
  );
}
