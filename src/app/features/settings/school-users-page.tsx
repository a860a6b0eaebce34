import { $school, ApiError, canImpersonate, commonMessages, ROLE_HOME, roleFromName, roleTitle, schoolPath, startImpersonation, type RoleId } from '#core';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useResource } from '../../../widgets/shared/use-resource.ts';
import { appSession } from '../../app-session.ts';
import { $router } from '../../router.ts';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';

interface SchoolUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  pseudonym: string | null;
}

interface Page {
  count: number;
  results: SchoolUser[];
}

const FILTERS = [
  { value: 'student', label: 'Ученики' },
  { value: 'staff', label: 'Сотрудники' },
] as const;

/**
 * The school's users for its admins (all_users/), with "view as" for students: the admin starts
 * impersonation here (spec §2, §4).
 */
export default function SchoolUsersPage({ role }: { role: RoleId }) {
  const school = useStore($school);
  const [filter, setFilter] = useState<'student' | 'staff'>('student');
  const [pageNumber, setPageNumber] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const path = `${encodeURIComponent(school.schoolName)}/all_users/`;
  const users = useResource(`${path}?role=${filter}&p=${pageNumber}`, () => appSession().api.get<Page>(path, { query: { role: filter, p: pageNumber, s: 20 } }));
  const data = users.data ?? null;

  async function viewAs(user: SchoolUser) {
    setBusyId(user.id);
    try {
      const session = await appSession().api.post<{ access: string; refresh: string; user: { id: number; email: string; first_name: string; last_name: string } }>('impersonate/start/', {
        user_id: user.id,
        school: school.schoolName,
      });
      const name = [session.user.first_name, session.user.last_name].filter(Boolean).join(' ') || session.user.email;
      startImpersonation({ access: session.access, refresh: session.refresh, userId: session.user.id, email: session.user.email, userName: name });
      $router.open(schoolPath(school.schoolName, ROLE_HOME.Student));
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : commonMessages.unexpectedError);
    } finally {
      setBusyId(null);
    }
  }

  const columns: DataColumn<SchoolUser>[] = [
    { key: 'name', header: 'Имя', render: (user) => [user.last_name, user.first_name].filter(Boolean).join(' ') || '—' },
    { key: 'email', header: 'Email', render: (user) => user.email },
    { key: 'role', header: 'Роль', render: (user) => roleTitle(roleFromName(user.role)) },
    {
      key: 'actions',
      header: <span className="visually-hidden">Действия</span>,
      render: (user) =>
        canImpersonate(role, roleFromName(user.role)) ? (
          <button type="button" className="button small secondary" disabled={busyId !== null} onClick={() => void viewAs(user)}>
            {busyId === user.id ? 'Переход...' : 'Просмотреть как ученик'}
          </button>
        ) : null,
    },
  ];

  return (
    <PageFrame title="Пользователи школы" className="school-users">
      <div className="tabs" role="group" aria-label="Кого показать">
        {FILTERS.map((f) => (
          <button key={f.value} type="button" className={`button small ${filter === f.value ? 'primary' : 'secondary'}`} aria-pressed={filter === f.value} onClick={() => { setFilter(f.value); setPageNumber(1); }}>
            {f.label}
          </button>
        ))}
      </div>
      {users.error ? <LoadError message={users.error.message} onRetry={users.retry} /> : null}
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
          empty={<EmptyState title="Здесь пока никого нет." />}
          page={pageNumber}
          count={data.count}
          onPage={setPageNumber}
        />
      ) : null}
    </PageFrame>
  );
}
