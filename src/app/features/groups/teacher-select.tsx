import { groupsMessages } from '#core';
import { useResource } from '../../../views/shared/use-resource.ts';
import { FormField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { listTeachers, personName } from './groups-api.ts';

const t = groupsMessages;

/** The value of 'Без преподавателя' in the select. */
export const NO_TEACHER = '';

/**
 * The school's teachers to choose from, and 'Без преподавателя'. `value` is a teacher's id as text,
 * or NO_TEACHER; a current teacher missing from the list (no longer a teacher) is still shown.
 */
export function TeacherSelect({
  school,
  value,
  onChange,
  current,
  error,
}: {
  school: string;
  value: string;
  onChange: (value: string) => void;
  current?: { id: number; name: string } | null;
  error?: string | null;
}) {
  const teachers = useResource(`teachers-${school}`, () => listTeachers(school));
  if (teachers.error) return <LoadError message={teachers.error.message} onRetry={teachers.retry} />;
  const list = teachers.data ?? [];
  return (
    <FormField label={t.teacher} error={error} hint={teachers.data && list.length === 0 ? t.noTeachers : t.teacherHint}>
      {(control) => (
        <select {...control} name="teacher_id" value={value} disabled={!teachers.data} onChange={(event) => onChange(event.target.value)}>
          {teachers.data ? (
            <>
              <option value={NO_TEACHER}>{t.noTeacher}</option>
              {current && !list.some((teacher) => teacher.id === current.id) ? <option value={String(current.id)}>{current.name}</option> : null}
              {list.map((teacher) => (
                <option key={teacher.id} value={String(teacher.id)}>
                  {personName(teacher)} ({teacher.email})
                </option>
              ))}
            </>
          ) : (
            <option value={value}>{t.teachersLoading}</option>
          )}
        </select>
      )}
    </FormField>
  );
}
