import { homeworkReviewMessages, homeworkStatusLabel, schoolPath } from '#core';
import type { MouseEvent, ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { formatDateTime } from './review-format.ts';
import type { QueueRow } from './homework-review-api.ts';

const t = homeworkReviewMessages;

/** The student as staff read them: first and last name, else the email. */
export const studentName = (row: Pick<QueueRow, 'user_first_name' | 'user_last_name' | 'user_email'>) =>
  [row.user_first_name, row.user_last_name].filter(Boolean).join(' ') || row.user_email;

/** A hand-in's check page: `home-work/{lesson_id}/{studentHomeworkId}/{courseId}`. */
export const checkPagePath = (school: string, handIn: { homework: number; user_homework_id: number; course_id: number }) =>
  schoolPath(school, `home-work/${handIn.homework}/${handIn.user_homework_id}/${handIn.course_id}`);

function Avatar({ row }: { row: QueueRow }) {
  if (row.user_avatar) return <img className="homework-avatar" src={row.user_avatar} alt="" width={32} height={32} loading="lazy" />;
  const initials = (row.user_first_name[0] ?? '') + (row.user_last_name[0] ?? '') || (row.user_email[0] ?? '?');
  return (
    <span className="homework-avatar" aria-hidden="true">
      {initials.toUpperCase()}
    </span>
  );
}

/**
 * A click anywhere on a row opens its hand-in, through the row's own link (so the keyboard, the
 * middle button and «open in a new tab» work as on any link); a click on a link stays the link's.
 */
function openRow(event: MouseEvent<HTMLDivElement>) {
  const target = event.target as Element;
  if (target.closest('a, button, input, select, textarea')) return;
  target.closest('tr')?.querySelector<HTMLAnchorElement>('a.homework-open')?.click();
}

export interface QueueTableProps {
  school: string;
  rows: readonly QueueRow[];
  page: number;
  count: number;
  size: number;
  empty: ReactNode;
  onPage: (page: number) => void;
}

/** The queue: student (avatar, name, email, the unread marker), homework, course, group, teacher, status, mark, last reply; a row opens its check page. */
export function QueueTable({ school, rows, page, count, size, empty, onPage }: QueueTableProps) {
  const columns: DataColumn<QueueRow>[] = [
    {
      key: 'student',
      header: t.student,
      rowHeader: true,
      className: 'homework-student',
      render: (row) => (
        <span className="homework-student-cell">
          <Avatar row={row} />
          <span>
            <a className="homework-open" href={checkPagePath(school, row)} aria-label={t.openLabel(studentName(row), row.homework_name)}>
              {studentName(row)}
            </a>
            {row.unread ? (
              <span className="badge homework-unread" title={t.unreadLabel}>
                {t.unread}
                <span className="visually-hidden">: {t.unreadLabel}</span>
              </span>
            ) : null}
            <span className="muted homework-email">{row.user_email}</span>
          </span>
        </span>
      ),
    },
    { key: 'homework', header: t.homework, render: (row) => row.homework_name },
    { key: 'course', header: t.course, render: (row) => row.course_name },
    { key: 'group', header: t.group, render: (row) => row.group_name ?? <span className="muted">{t.noGroup}</span> },
    { key: 'teacher', header: t.teacher, render: (row) => row.teacher_name || row.teacher_email || <span className="muted">{t.noTeacher}</span> },
    { key: 'status', header: t.status, render: (row) => <span className={`badge homework-badge ${row.status}`}>{homeworkStatusLabel(row.status)}</span> },
    { key: 'mark', header: t.mark, render: (row) => (row.mark === null ? <span className="muted">{t.noMark}</span> : row.mark) },
    { key: 'reply', header: t.lastReply, render: (row) => <time dateTime={row.last_reply}>{formatDateTime(row.last_reply)}</time> },
  ];
  return (
    // The table's own markup is the kit's; the click is caught around it (see openRow), keyboard users have the links.
    <div className="homework-queue-table" onClick={openRow}>
      <DataTable caption={t.tableCaption} captionHidden columns={columns} rows={rows} rowKey={(row) => row.user_homework_id} empty={empty} page={page} count={count} size={size} onPage={onPage} />
    </div>
  );
}
