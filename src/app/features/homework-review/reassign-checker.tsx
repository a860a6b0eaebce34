import { homeworkReviewMessages, toApiError } from '#core';
import { useId, useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { listQueueTeachers, reassignChecker } from './homework-review-api.ts';

const t = homeworkReviewMessages;

export interface ReassignCheckerProps {
  school: string;
  userHomeworkId: number;
  /** The checker now; left out of the choice. */
  teacherId: number | null;
  /** The checker changed: the page reads the hand-in again. */
  onDone: () => void;
}

/**
 * An admin names another checker of a hand-in that is not accepted yet (issue 13): one of the
 * school's teachers, who then finds it in their queue. The server refuses an accepted hand-in
 * (409) and anyone not teaching in the school; its message is shown as it is.
 */
export function ReassignChecker({ school, userHomeworkId, teacherId, onDone }: ReassignCheckerProps) {
  const id = useId();
  const teachers = useResource(`homework-teachers|${school}`, () => listQueueTeachers(school));
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const others = (teachers.data ?? []).filter((teacher) => teacher.id !== teacherId);
  if (teachers.status === 'error') return <LoadError message={t.reassignLoadFailed} onRetry={teachers.retry} />;
  if (teachers.data && others.length === 0) return <p className="muted">{t.reassignNoTeachers}</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const teacher = others.find((one) => String(one.id) === chosen);
    if (!teacher || busy) return;
    setBusy(true);
    try {
      await reassignChecker(school, userHomeworkId, teacher.id);
      showToast(t.reassignDone(teacher.name || teacher.email));
      setChosen('');
      onDone();
    } catch (error) {
      showToast(toApiError(error).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="homework-reassign" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id}>{t.reassignLabel}</label>
      <select id={id} value={chosen} disabled={busy || !teachers.data} onChange={(event) => setChosen(event.target.value)}>
        <option value="">{t.reassignChoose}</option>
        {others.map((teacher) => (
          <option key={teacher.id} value={teacher.id}>
            {teacher.name || teacher.email}
          </option>
        ))}
      </select>
      <button type="submit" className="button small" disabled={busy || !chosen} aria-busy={busy || undefined}>
        {t.reassign}
      </button>
    </form>
  );
}
