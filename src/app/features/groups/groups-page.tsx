import { $school, appMessages, commonMessages, plural, schoolPath } from '#core';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useResource } from '../../../widgets/shared/use-resource.ts';
import { appSession } from '../../app-session.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Pager } from '../../ui/pager.tsx';

interface Group {
  group_id: number;
  name: string;
  course_name: string;
  students_count: number;
}

interface Page {
  count: number;
  results: Group[];
}

const t = appMessages.groups;

/** The teacher's 'Группы' (spec §2 teacher route `group`): the groups they teach, each opening `group/{id}`. */
export default function GroupsPage() {
  const school = useStore($school);
  const [pageNumber, setPageNumber] = useState(1);
  const path = `${encodeURIComponent(school.schoolName)}/students_group/`;
  const groups = useResource(`${path}?p=${pageNumber}`, () => appSession().api.get<Page>(path, { query: { p: pageNumber, s: 20 } }));
  const data = groups.data ?? null;
  return (
    <PageFrame title={appMessages.routes.group} className="groups-page">
      {groups.error ? <LoadError message={groups.error.message} onRetry={groups.retry} /> : null}
      {groups.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {data && data.results.length === 0 ? <EmptyState title={t.emptyTitle} text={t.emptyText} /> : null}
      {data && data.results.length > 0 ? (
        <ul className="group-list">
          {data.results.map((group) => (
            <li key={group.group_id}>
              <a href={schoolPath(school.schoolName, `group/${group.group_id}`)}>{group.name}</a>
              <span className="muted">
                {group.course_name} · {plural(group.students_count, t.students)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {data ? <Pager page={pageNumber} count={data.count} onPage={setPageNumber} /> : null}
    </PageFrame>
  );
}
