import { $school, $user, appMessages, commonMessages, groupsMessages, plural, routeRole, schoolPath } from '#core';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Pager } from '../../ui/pager.tsx';
import CreateGroupModal from './create-group-modal.tsx';
import { listGroups } from './groups-api.ts';

const t = appMessages.groups;

/**
 * The teacher's 'Группы' (spec §2 teacher route `group`): the groups they teach, each opening
 * `group/{id}`. An admin shown this list (all the school's groups) opens `courses/group/{id}` and
 * may create a group.
 */
export default function GroupsPage() {
  const school = useStore($school);
  const admin = routeRole(useStore($user).role) === 'Admin';
  const [pageNumber, setPageNumber] = useState(1);
  const [creating, setCreating] = useState(false);
  const groups = useResource(`${encodeURIComponent(school.schoolName)}/students_group/?p=${pageNumber}`, () => listGroups(school.schoolName, pageNumber, 20));
  const data = groups.data ?? null;
  return (
    <PageFrame
      title={appMessages.routes.group}
      className="groups-page"
      actions={
        admin ? (
          <button type="button" className="button primary small" onClick={() => setCreating(true)}>
            {groupsMessages.create}
          </button>
        ) : undefined
      }
    >
      {groups.error ? <LoadError message={groups.error.message} onRetry={groups.retry} /> : null}
      {groups.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {data && data.results.length === 0 ? <EmptyState title={t.emptyTitle} text={t.emptyText} /> : null}
      {data && data.results.length > 0 ? (
        <ul className="group-list">
          {data.results.map((group) => (
            <li key={group.group_id}>
              <a href={schoolPath(school.schoolName, `${admin ? 'courses/group' : 'group'}/${group.group_id}`)}>{group.name}</a>
              <span className="muted">
                {group.course_name} · {plural(group.students_count, t.students)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {data ? <Pager page={pageNumber} count={data.count} onPage={setPageNumber} /> : null}
      {creating ? <CreateGroupModal school={school.schoolName} onClose={() => setCreating(false)} /> : null}
    </PageFrame>
  );
}
