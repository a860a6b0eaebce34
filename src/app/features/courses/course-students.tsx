import { $user, apiCall, commonMessages, coursesMessages, debounce, DEFAULT_DEBOUNCE_MS, groupsMessages, routeRole, type ApiAnswer } from '#core';
import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useId, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { appSession } from '../../app-session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { CreateGroupModal } from '../groups/index.ts';

type CourseStudent = ApiAnswer<'GET {school}/courses/{id}/get_students_for_course/'>['results'][number];

const t = coursesMessages.courseStudents;
const PAGE_SIZE = 20;
const nameOf = (row: CourseStudent) => [row.last_name, row.first_name].filter(Boolean).join(' ') || row.email;
const dateOf = (iso: string) => new Date(iso).toLocaleDateString('ru-RU');

/**
 * The student tab (spec §2): who studies the course, a row per student and group, with search; the
 * admin creates a group of the course here ('Создать группу', the groups feature's dialog).
 */
export default function CourseStudents({ school, courseId }: { school: string; courseId: number }) {
  const admin = routeRole(useStore($user).role) === 'Admin';
  const [creating, setCreating] = useState(false);
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [typed] = useState(() =>
    debounce((text: string) => {
      setQuery(text.trim());
      setPage(1);
    }, DEFAULT_DEBOUNCE_MS),
  );
  useEffect(() => () => typed.cancel(), [typed]);
  const path = `${encodeURIComponent(school)}/courses/${courseId}/get_students_for_course/`;
  const students = useResource(`${path}|${query}|${page}`, () =>
    apiCall(appSession().api, 'GET {school}/courses/{id}/get_students_for_course/', {
      path: { school, id: courseId },
      query: { p: page, s: PAGE_SIZE, ...(query ? { search: query } : {}) },
    }),
  );
  const data = students.data ?? null;
  return (
    <div className="course-students">
      {admin ? (
        <div className="course-students-actions">
          <button type="button" className="button primary small" onClick={() => setCreating(true)}>
            {groupsMessages.create}
          </button>
        </div>
      ) : null}
      {creating ? (
        <Suspense fallback={<p role="status">{commonMessages.loading}</p>}>
          <CreateGroupModal school={school} courseId={courseId} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
      <div className="field">
        <label htmlFor={searchId}>{t.search}</label>
        <input id={searchId} type="search" maxLength={100} onChange={(event) => typed(event.target.value)} />
      </div>
      {students.error ? <LoadError message={students.error.message} onRetry={students.retry} /> : null}
      {!data && !students.error ? <p role="status">{commonMessages.loading}</p> : null}
      {data ? (
        <DataTable
          caption={t.caption}
          captionHidden
          rows={data.results}
          rowKey={(row) => `${row.group_id}-${row.student_id}`}
          columns={[
            { key: 'name', header: t.name, render: nameOf, rowHeader: true },
            { key: 'email', header: t.email, render: (row) => row.email },
            { key: 'group', header: t.group, render: (row) => row.group_name },
            { key: 'added', header: t.added, render: (row) => dateOf(row.date_added) },
          ]}
          empty={query ? <EmptyState title={t.notFound} /> : <EmptyState title={t.empty} text={t.emptyText} />}
          page={page}
          count={data.count}
          size={PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
    </div>
  );
}
