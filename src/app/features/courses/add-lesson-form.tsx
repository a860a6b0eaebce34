import { buildLessonPayload, coursesMessages, type LessonPayload } from '#core';
import { useEffect, useId, useRef, useState } from 'react';
import { FormError } from '../../ui/form-field.tsx';
import type { EditableLessonType } from './course-api.ts';

const t = coursesMessages;
const TYPES: EditableLessonType[] = ['lesson', 'test', 'homework', 'webinar'];

export interface AddLessonFormProps {
  section: number;
  /** The place the new lesson takes in the module (spec §4: after lesson k it is k + 1). */
  order: number;
  onCreate: (type: EditableLessonType, payload: LessonPayload) => Promise<void>;
  onCancel: () => void;
}

/**
 * A lesson, test, homework or webinar added in place: its type and name. Spec §5: an empty name creates
 * nothing. Escape cancels.
 */
export function AddLessonForm({ section, order, onCreate, onCancel }: AddLessonFormProps) {
  const id = useId();
  const [type, setType] = useState<EditableLessonType>('lesson');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => nameInput.current?.focus(), []);

  async function submit() {
    const payload = buildLessonPayload({ name, section, order });
    if (!payload) return;
    setBusy(true);
    setError(null);
    try {
      await onCreate(type, payload);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
      setBusy(false);
    }
  }

  return (
    <form
      className="add-lesson"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <label htmlFor={`${id}-type`}>{t.lessonType}</label>
      <select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value as EditableLessonType)}>
        {TYPES.map((own) => (
          <option key={own} value={own}>
            {t.lessonTypes[own]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-name`}>{t.lessonName}</label>
      <input ref={nameInput} id={`${id}-name`} value={name} maxLength={256} onChange={(event) => setName(event.target.value)} />
      <button type="submit" className="button small primary" disabled={busy}>
        {t.add}
      </button>
      <button type="button" className="button small secondary" onClick={onCancel}>
        {t.cancel}
      </button>
      <FormError message={error} />
    </form>
  );
}
