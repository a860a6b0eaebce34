import { groupsMessages, schoolPath, toApiError, type ApiError } from '#core';
import { useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { $router } from '../../router.ts';
import { FormError, FormField, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { Modal } from '../../ui/modal.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { createGroup, listCourseOptions } from './groups-api.ts';
import { NO_TEACHER, TeacherSelect } from './teacher-select.tsx';

const t = groupsMessages;

export interface CreateGroupModalProps {
  school: string;
  /** The course the group is for (a course's «Ученики» tab); without it the admin chooses one. */
  courseId?: number;
  onClose: () => void;
}

/**
 * 'Создать группу' (admin): a name and a teacher of the school, or 'Без преподавателя'
 * (students_group_no_teacher/); then the new group's page. A refusal keeps what was typed.
 */
export default function CreateGroupModal({ school, courseId, onClose }: CreateGroupModalProps) {
  const [name, setName] = useState('');
  const [teacher, setTeacher] = useState(NO_TEACHER);
  const [course, setCourse] = useState(courseId === undefined ? '' : String(courseId));
  const [local, setLocal] = useState<Record<string, string>>({});
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t.nameRequired;
    if (!course) problems.course_id = t.courseRequired;
    setLocal(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const group = await createGroup(school, { name: name.trim(), course_id: Number(course), teacher_id: teacher === NO_TEACHER ? null : Number(teacher) });
      showToast(t.created(group.name));
      onClose();
      $router.open(schoolPath(school, `courses/group/${group.group_id}`));
    } catch (cause) {
      setError(toApiError(cause));
      setBusy(false);
    }
  }

  const problem = (field: string) => local[field] ?? error?.fieldMessage(field);
  const general = error && !['name', 'teacher_id', 'course_id'].some((field) => error.fieldMessage(field)) ? error.message : null;

  return (
    <Modal title={t.createTitle} onClose={onClose} className="create-group">
      <form className="create-group-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t.groupName} name="name" value={name} onChange={setName} error={problem('name')} required maxLength={256} />
        {courseId === undefined ? <CourseSelect school={school} value={course} onChange={setCourse} error={problem('course_id')} /> : null}
        <TeacherSelect school={school} value={teacher} onChange={setTeacher} error={problem('teacher_id')} />
        <FormError message={general} />
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

function CourseSelect({ school, value, onChange, error }: { school: string; value: string; onChange: (value: string) => void; error?: string | undefined }) {
  const courses = useResource(`course-options-${school}`, () => listCourseOptions(school));
  if (courses.error) return <LoadError message={courses.error.message} onRetry={courses.retry} />;
  return (
    <FormField label={t.course} error={error}>
      {(control) => (
        <select {...control} name="course_id" value={value} disabled={!courses.data} onChange={(event) => onChange(event.target.value)}>
          <option value="">{courses.data ? t.chooseCourse : t.coursesLoading}</option>
          {courses.data?.map((course) => (
            <option key={course.course_id} value={String(course.course_id)}>
              {course.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
