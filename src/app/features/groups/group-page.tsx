import { $user, appMessages, commonMessages, groupsMessages, routeRole, schoolPath, toApiError } from '#core';
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { $router } from '../../router.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { Modal } from '../../ui/modal.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useDocumentTitle } from '../../use-document-title.ts';
import { GroupLessonsPanel } from './group-lessons-panel.tsx';
import { GroupSettingsPanel } from './group-settings-panel.tsx';
import { GroupStudents } from './group-students.tsx';
import { deleteGroup, getGroup, patchGroup, type Group } from './groups-api.ts';
import { NO_TEACHER, TeacherSelect } from './teacher-select.tsx';

const t = groupsMessages;

/**
 * A students group's page: the admin's `courses/group/{id}` and the teacher's `group/{id}` (spec
 * §2). Its head (course, teacher, head count), settings, students and lesson access; the admin
 * changes them, the teacher reads them (the server lets only admins write).
 */
export default function GroupPage({ school, groupId }: { school: string; groupId: number }) {
  const admin = routeRole(useStore($user).role) === 'Admin';
  // A path such as courses/group/abc names no group: not found, without asking the server.
  const valid = Number.isInteger(groupId) && groupId > 0;
  const loaded = useResource(valid ? `group-${school}-${groupId}` : null, () => getGroup(school, groupId));
  const [edited, setEdited] = useState<Group | null>(null);
  const group = edited?.group_id === groupId ? edited : (loaded.data ?? null);
  useDocumentTitle(group?.name ?? null);

  if (loaded.error || !valid) {
    const missing = !loaded.error || loaded.error.status === 404;
    return (
      <PageFrame title={missing ? t.notFoundTitle : admin ? appMessages.routes.courses : appMessages.routes.group} className="group-page">
        {missing ? (
          <EmptyState title={t.notFoundTitle} text={t.notFoundText} action={<a href={schoolPath(school, admin ? 'courses' : 'group')}>{admin ? appMessages.routes.courses : t.backToGroups}</a>} />
        ) : (
          <LoadError message={loaded.error!.message} onRetry={loaded.retry} />
        )}
      </PageFrame>
    );
  }
  if (!group) return <p role="status">{commonMessages.loading}</p>;

  /** The head count after students came or went, read again without unmounting the page. */
  const refresh = () => {
    getGroup(school, groupId).then(setEdited, () => undefined);
  };
  return <GroupView school={school} group={group} admin={admin} onGroup={setEdited} onRefresh={refresh} />;
}

function GroupView({ school, group, admin, onGroup, onRefresh }: { school: string; group: Group; admin: boolean; onGroup: (group: Group) => void; onRefresh: () => void }) {
  const [dialog, setDialog] = useState<'teacher' | 'delete' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const courseStudents = schoolPath(school, `courses/create-course/${group.course_id}/student`);

  async function remove() {
    setDeleting(true);
    try {
      await deleteGroup(school, group.group_id);
      showToast(t.deleted(group.name));
      setDialog(null);
      $router.open(courseStudents);
    } catch (cause) {
      setDialog(null);
      setDeleting(false);
      showToast(toApiError(cause).message, 'error');
    }
  }

  return (
    <PageFrame
      title={group.name}
      className="group-page"
      actions={
        <>
          <a className="button small secondary" href={admin ? courseStudents : schoolPath(school, 'group')}>
            {admin ? t.backToCourse : t.backToGroups}
          </a>
          {admin ? (
            <button type="button" className="button small secondary danger-text" onClick={() => setDialog('delete')}>
              {t.deleteGroup}
            </button>
          ) : null}
        </>
      }
    >
      <dl className="group-facts group-head">
        <div>
          <dt>{t.course}</dt>
          <dd>{admin ? <a href={schoolPath(school, `courses/create-course/${group.course_id}/constructor`)}>{group.course_name}</a> : group.course_name}</dd>
        </div>
        <div>
          <dt>{t.teacher}</dt>
          <dd>
            {group.teacher_name ?? t.noTeacher}
            {admin ? (
              <>
                {' '}
                <button type="button" className="button small secondary" onClick={() => setDialog('teacher')}>
                  {t.changeTeacher}
                </button>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t.studentsCountLabel}</dt>
          <dd>{group.students_count}</dd>
        </div>
      </dl>
      <GroupSettingsPanel key={`${group.group_id}-settings`} school={school} group={group} admin={admin} onSaved={onGroup} />
      <GroupStudents school={school} group={group} admin={admin} onChanged={onRefresh} />
      <GroupLessonsPanel school={school} groupId={group.group_id} admin={admin} />
      {dialog === 'teacher' ? <TeacherModal school={school} group={group} onSaved={onGroup} onClose={() => setDialog(null)} /> : null}
      {dialog === 'delete' ? (
        <ConfirmDialog title={t.deleteTitle} message={t.deleteText(group.name)} confirmLabel={t.deleteConfirm} danger busy={deleting} onConfirm={() => void remove()} onCancel={() => setDialog(null)} />
      ) : null}
    </PageFrame>
  );
}

/** 'Сменить преподавателя' (admin): a teacher of the school, or none (the group then has no teacher). */
function TeacherModal({ school, group, onSaved, onClose }: { school: string; group: Group; onSaved: (group: Group) => void; onClose: () => void }) {
  const [teacher, setTeacher] = useState(group.teacher_id === null ? NO_TEACHER : String(group.teacher_id));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      // A group with a teacher must name one; 'Без преподавателя' makes it a group without teacher.
      const change = teacher === NO_TEACHER ? { teacher_id: null, type: 'WITHOUT_TEACHER' as const } : { teacher_id: Number(teacher), type: 'WITH_TEACHER' as const };
      onSaved(await patchGroup(school, group.group_id, change));
      showToast(t.teacherSaved);
      onClose();
    } catch (cause) {
      const problem = toApiError(cause);
      setError(problem.fieldMessage('teacher_id') ?? problem.message);
      setBusy(false);
    }
  }

  return (
    <Modal title={t.teacherTitle} onClose={onClose} className="group-teacher">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TeacherSelect school={school} value={teacher} onChange={setTeacher} current={group.teacher_id === null ? null : { id: group.teacher_id, name: group.teacher_name ?? String(group.teacher_id) }} />
        <FormError message={error} />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t.saving : t.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
