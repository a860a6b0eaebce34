import { commonMessages, groupsMessages, toApiError } from '#core';
import { useId, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { getGroupLessons, setGroupLessons } from './groups-api.ts';
import { changedLessons, LessonChecklist, openLessons } from './lesson-checklist.tsx';

const t = groupsMessages;

/**
 * Which lessons of the course are open to the whole group (section_student_group/): the admin
 * switches them and saves what changed (lesson-enrollment/); the teacher reads them.
 */
export function GroupLessonsPanel({ school, groupId, admin }: { school: string; groupId: number; admin: boolean }) {
  const headingId = useId();
  const [version, setVersion] = useState(0);
  const outline = useResource(`group-lessons-${school}-${groupId}-${version}`, () => getGroupLessons(school, groupId));
  const [changes, setChanges] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sections = outline.data?.sections ?? [];
  const changed = changedLessons(sections, changes);

  async function save() {
    setError(null);
    if (changed.length === 0) return;
    setBusy(true);
    try {
      await setGroupLessons(school, groupId, changed);
      showToast(t.accessSaved);
      setChanges(new Map());
      setVersion((n) => n + 1);
    } catch (cause) {
      // The switches stay as the admin left them; the server's reason is shown.
      setError(toApiError(cause).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="group-panel group-lessons" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.groupLessonsTitle}</h2>
      {admin ? <p className="muted">{t.groupLessonsHint}</p> : null}
      {outline.error ? <LoadError message={outline.error.message} onRetry={outline.retry} /> : null}
      {outline.status === 'loading' && changes.size === 0 ? <p role="status">{commonMessages.loading}</p> : null}
      {outline.data ? (
        <LessonChecklist
          sections={sections}
          isOpen={openLessons(sections, changes)}
          readOnly={!admin}
          disabled={busy}
          onToggle={(lessonId, open) => setChanges((current) => new Map(current).set(lessonId, open))}
        />
      ) : null}
      {admin && outline.data ? (
        <>
          <FormError message={error} />
          <div className="form-actions">
            <button type="button" className="button primary" disabled={busy || changed.length === 0} onClick={() => void save()}>
              {busy ? t.saving : t.saveAccess}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
