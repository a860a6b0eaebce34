import { commonMessages, debounce, DEFAULT_DEBOUNCE_MS, groupsMessages, toApiError } from '#core';
import { useEffect, useId, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { AddStudentsModal } from './add-students-modal.tsx';
import { formatDate, formatDateTime, formatRemaining } from './group-format.ts';
import { listGroupStudents, personName, removeStudent, STUDENTS_PAGE_SIZE, type Group, type GroupStudent } from './groups-api.ts';
import { MoveStudentModal } from './move-student-modal.tsx';
import { StudentDurationModal } from './student-duration-modal.tsx';
import { StudentLessonsModal } from './student-lessons-modal.tsx';

const t = groupsMessages;

type Dialog = { kind: 'add' } | { kind: 'remove' | 'move' | 'duration' | 'lessons'; student: GroupStudent };

/**
 * The group's students (get_students_for_group/, paged, with search): progress, days left, when
 * they joined and their last step. The admin adds them by email, and per student sets the access
 * period and lessons, moves them to another group of the course or removes them (after a
 * confirmation). `onChanged` tells the page the head count moved.
 */
export function GroupStudents({ school, group, admin, onChanged }: { school: string; group: Group; admin: boolean; onChanged: () => void }) {
  const headingId = useId();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [removing, setRemoving] = useState(false);
  const [typed] = useState(() =>
    debounce((text: string) => {
      setQuery(text.trim());
      setPage(1);
    }, DEFAULT_DEBOUNCE_MS),
  );
  useEffect(() => () => typed.cancel(), [typed]);
  const students = useResource(`group-students-${school}-${group.group_id}|${query}|${page}|${version}`, () => listGroupStudents(school, group.group_id, page, query));
  const data = students.data ?? null;

  /** After a change of who is in the group: the table and the page's head count again. */
  function reload() {
    setVersion((n) => n + 1);
    onChanged();
  }

  async function remove(student: GroupStudent) {
    setRemoving(true);
    try {
      await removeStudent(school, group.group_id, student.id);
      showToast(t.removed(personName(student)));
      setDialog(null);
      // The last row of the last page gone: the page before it.
      if (data && data.results.length === 1 && page > 1) setPage(page - 1);
      reload();
    } catch (cause) {
      setDialog(null);
      showToast(toApiError(cause).message, 'error');
    } finally {
      setRemoving(false);
    }
  }

  const actionButton = (student: GroupStudent, kind: 'duration' | 'lessons' | 'move' | 'remove', text: string, label: string) => (
    <button type="button" className={`button small ${kind === 'remove' ? 'secondary danger-text' : 'secondary'}`} aria-label={label} onClick={() => setDialog({ kind, student })}>
      {text}
    </button>
  );

  const columns: DataColumn<GroupStudent>[] = [
    { key: 'name', header: t.name, render: personName, rowHeader: true },
    { key: 'email', header: t.email, render: (row) => row.email },
    {
      key: 'progress',
      header: t.progress,
      render: (row) => (
        <span className="group-progress">
          <progress max={100} value={row.progress.percent} aria-hidden="true" /> {t.percent(row.progress.percent)}
        </span>
      ),
    },
    { key: 'left', header: t.daysLeft, render: (row) => formatRemaining(row.remaining_period) },
    { key: 'added', header: t.added, render: (row) => formatDate(row.added_at) },
    { key: 'activity', header: t.lastActivity, render: (row) => formatDateTime(row.last_activity) },
  ];
  if (admin) {
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">{t.actions}</span>,
      className: 'row-buttons',
      render: (row) => {
        const name = personName(row);
        return (
          <span className="group-row-actions">
            {actionButton(row, 'duration', t.duration, t.durationLabel(name))}
            {actionButton(row, 'lessons', t.lessons, t.lessonsLabel(name))}
            {actionButton(row, 'move', t.move, t.moveLabel(name))}
            {actionButton(row, 'remove', t.remove, t.removeLabel(name))}
          </span>
        );
      },
    });
  }

  return (
    <section className="group-panel group-students" aria-labelledby={headingId}>
      <div className="group-panel-head">
        <h2 id={headingId}>{t.studentsTitle}</h2>
        {admin ? (
          <button type="button" className="button primary small" onClick={() => setDialog({ kind: 'add' })}>
            {t.addStudents}
          </button>
        ) : null}
      </div>
      <div className="field group-search">
        <label htmlFor={searchId}>{t.search}</label>
        <input id={searchId} type="search" maxLength={100} onChange={(event) => typed(event.target.value)} />
      </div>
      {students.error ? <LoadError message={students.error.message} onRetry={students.retry} /> : null}
      {!data && !students.error ? <p role="status">{commonMessages.loading}</p> : null}
      {data ? (
        <DataTable
          caption={t.studentsTitle}
          captionHidden
          className="group-students-table"
          columns={columns}
          rows={data.results}
          rowKey={(row) => row.id}
          empty={query ? <EmptyState title={t.studentsNotFound} /> : <EmptyState title={t.studentsEmpty} text={admin ? t.studentsEmptyAdmin : t.studentsEmptyTeacher} />}
          page={page}
          count={data.count}
          size={STUDENTS_PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
      {dialog?.kind === 'add' ? <AddStudentsModal school={school} groupId={group.group_id} onAdded={reload} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'remove' ? (
        <ConfirmDialog
          title={t.removeTitle}
          message={t.removeText(personName(dialog.student), group.name)}
          confirmLabel={t.remove}
          danger
          busy={removing}
          onConfirm={() => void remove(dialog.student)}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'move' ? <MoveStudentModal school={school} group={group} student={dialog.student} onMoved={reload} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'duration' ? <StudentDurationModal school={school} group={group} student={dialog.student} onSaved={() => setVersion((n) => n + 1)} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'lessons' ? <StudentLessonsModal school={school} group={group} student={dialog.student} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
