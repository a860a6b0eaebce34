import { coursesMessages, toApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { FormError, TextField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { createCourse, type Course } from './course-api.ts';

const t = coursesMessages;

/** 'Создать курс': a name, then the new course (the caller opens its constructor). */
export function CreateCourseModal({ school, onCreated, onClose }: { school: string; onCreated: (course: Course) => void; onClose: () => void }) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setNameError(t.nameRequired);
      return;
    }
    setNameError(null);
    setBusy(true);
    try {
      onCreated(await createCourse(school, { name: name.trim() }));
    } catch (cause) {
      const problem = toApiError(cause);
      if (problem.fieldMessage('name')) setNameError(problem.fieldMessage('name')!);
      else setError(problem.message);
      setBusy(false);
    }
  }

  return (
    <Modal title={t.createTitle} onClose={onClose}>
      <form className="create-course" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t.name} name="name" value={name} onChange={setName} error={nameError} required maxLength={256} />
        <FormError message={error} />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t.creating : t.createSubmit}
          </button>
        </div>
      </form>
    </Modal>
  );
}
