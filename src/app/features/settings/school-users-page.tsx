import { $school, $user, ApiError, apiCall, canImpersonate, commonMessages, employeesMessages, ROLE_HOME, roleFromName, roleTitle, schoolPath, startImpersonation, toApiError } from '#core';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { appSession } from '../../app-session.ts';
import { $router } from '../../router.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { EmployeeInvitations } from './employee-invitations.tsx';
import { EmployeeInviteForm } from './employee-invite-form.tsx';
import { EmployeeRoleDialog } from './employee-role-dialog.tsx';
import { getSchoolOwner, listUsers, memberName, removeFromSchool, USERS_PAGE_SIZE, type SchoolUser } from './employees-api.ts';
import type { SettingsTabProps } from './settings-tabs.ts';

const t = employeesMessages;

const FILTERS = [
  { value: 'student', label: t.students },
  { value: 'staff', label: t.staff },
] as const;

/**
 * The settings tab «Сотрудники» (spec §2, issue 14): the school's users (all_users/) with "view as"
 * for students (the admin starts impersonation here, spec §4); for staff «Изменить роль» and
 * «Удалить из школы» (after a confirmation), except for the school's owner and the admin
 * themself; then inviting staff by email and the invitations still pending, each revocable.
 */
export default function SchoolUsersPage({ school, role }: SettingsTabProps) {
  const { schoolId } = useStore($school);
  const me = useStore($user).userId;
  const [filter, setFilter] = useState<'student' | 'staff'>('student');
  const [pageNumber, setPageNumber] = useState(1);
  const [version, setVersion] = useState(0);
  const [invitesVersion, setInvitesVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [changing, setChanging] = useState<SchoolUser | null>(null);
  const [removing, setRemoving] = useState<SchoolUser | null>(null);
  const users = useResource(`${school}/all_users?role=${filter}&p=${pageNumber}&v=${version}`, () => listUsers(school, filter, pageNumber));
  const owner = useResource(schoolId === null ? null : `schools/${schoolId}/owner`, () => getSchoolOwner(schoolId!));
  const data = users.data ?? null;
  const reload = () => setVersion((v) => v + 1);

  async function viewAs(user: SchoolUser) {
    setBusyId(user.id);
    try {
      const session = await apiCall(appSession().api, 'POST impersonate/start/', { body: { user_id: user.id, school } });
      const name = [session.user.first_name, session.user.last_name].filter(Boolean).join(' ') || session.user.email;
      startImpersonation({ access: session.access, refresh: session.refresh, userId: session.user.id, email: session.user.email, userName: name });
      $router.open(schoolPath(school, ROLE_HOME.Student));
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : commonMessages.unexpectedError);
    } finally {
      setBusyId(null);
    }
  }

  async function remove(user: SchoolUser) {
    setBusyId(user.id);
    setError(null);
    try {
      await removeFromSchool(schoolId!, user.id, user.role);
      showToast(t.removed);
      // The last one of a later page gone: show the page before.
      if (data?.results.length === 1 && pageNumber > 1) setPageNumber(pageNumber - 1);
      else reload();
    } catch (cause) {
      setError(toApiError(cause).message);
    } finally {
      setBusyId(null);
      setRemoving(null);
    }
  }

  function actions(user: SchoolUser) {
    if (owner.data === user.id) return <span className="muted">{t.owner}</span>;
    if (me === user.id) return <span className="muted">{t.you}</span>;
    if (canImpersonate(role, roleFromName(user.role))) {
      return (
        <button type="button" className="button small secondary" disabled={busyId !== null} onClick={() => void viewAs(user)}>
          {busyId === user.id ? t.viewAsBusy : t.viewAs}
        </button>
      );
    }
    // Staff: changed only once the owner is known, whom nobody changes.
    if (user.role === 'Student' || owner.status !== 'ready') return null;
    const who = memberName(user);
    return (
      <div className="employee-actions">
        <button type="button" className="button small secondary" aria-label={t.changeRoleLabel(who)} disabled={busyId !== null} onClick={() => setChanging(user)}>
          {t.changeRole}
        </button>
        <button type="button" className="button small secondary danger" aria-label={t.removeLabel(who)} disabled={busyId !== null} onClick={() => setRemoving(user)}>
          {t.remove}
        </button>
      </div>
    );
  }

  const columns: DataColumn<SchoolUser>[] = [
    { key: 'name', header: t.name, render: (user) => [user.last_name, user.first_name].filter(Boolean).join(' ') || '—' },
    { key: 'email', header: t.email, render: (user) => user.email },
    { key: 'role', header: t.role, render: (user) => roleTitle(roleFromName(user.role)) },
    { key: 'actions', header: <span className="visually-hidden">{t.actions}</span>, render: actions },
  ];

  return (
    <PageFrame title={t.title} className="school-users">
      <div className="tabs" role="group" aria-label={t.filterLabel}>
        {FILTERS.map((f) => (
          <button key={f.value} type="button" className={`button small ${filter === f.value ? 'primary' : 'secondary'}`} aria-pressed={filter === f.value} onClick={() => { setFilter(f.value); setPageNumber(1); }}>
            {f.label}
          </button>
        ))}
      </div>
      {users.error ? <LoadError message={users.error.message} onRetry={users.retry} /> : null}
      {owner.error ? <LoadError message={owner.error.message} onRetry={owner.retry} /> : null}
      <FormError message={error} />
      {users.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {data ? (
        <DataTable
          caption={FILTERS.find((f) => f.value === filter)!.label}
          captionHidden
          className="users-table"
          columns={columns}
          rows={data.results}
          rowKey={(user) => user.id}
          empty={<EmptyState title={t.empty} />}
          page={pageNumber}
          count={data.count}
          size={USERS_PAGE_SIZE}
          onPage={setPageNumber}
        />
      ) : null}
      <EmployeeInviteForm school={school} onInvited={() => setInvitesVersion((v) => v + 1)} />
      <EmployeeInvitations school={school} version={invitesVersion} />
      {changing && schoolId !== null ? (
        <EmployeeRoleDialog
          schoolId={schoolId}
          user={changing}
          onClose={() => setChanging(null)}
          onChanged={() => {
            setChanging(null);
            showToast(t.roleChanged);
            reload();
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t.removeTitle}
          message={t.removeText(memberName(removing))}
          confirmLabel={t.remove}
          danger
          busy={busyId !== null}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </PageFrame>
  );
}
