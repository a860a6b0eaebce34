import { $user, commonMessages, meetingsMessages, routeRole, toApiError } from '#core';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Pager } from '../../ui/pager.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useDocumentTitle } from '../../use-document-title.ts';
import { MeetingForm } from './meeting-form.tsx';
import { deleteMeeting, listMeetings, MEETINGS_PAGE_SIZE, type Meeting } from './meetings-api.ts';
import { refreshMeetingCount } from './upcoming-meetings-badge.tsx';

const t = meetingsMessages;

const whenFormat = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "пн, 1 декабря 2026 г., 18:00" in the reader's time zone; '—' when it is not a date. */
export function meetingTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : whenFormat.format(date);
}

/** The server sends only http(s) links; anything else is not made a link all the same. */
const HTTP = /^https?:\/\//i;

function JoinLink({ meeting }: { meeting: Meeting }) {
  if (!HTTP.test(meeting.link)) return null;
  return (
    <a className="button primary small" href={meeting.link} target="_blank" rel="noopener noreferrer" aria-label={t.joinLabel(meeting.title)}>
      {t.join}
    </a>
  );
}

/** One list of meetings (upcoming or past), a page at a time. */
function useMeetings(school: string, past: boolean, version: number) {
  const [page, setPage] = useState(1);
  const resource = useResource(`${school}/school_meetings?past=${past}&p=${page}&v=${version}`, () => listMeetings(school, page, past));
  return { ...resource, page, setPage };
}

/**
 * «Встречи» (spec §2 `meetings`): the admin's list of the school's meetings with «Создать встречу»,
 * «Изменить» in a dialog and «Удалить» after a confirmation; a teacher and a student see the
 * meetings of their groups, upcoming first with «Подключиться», past ones below. The server
 * chooses what each role sees.
 */
export default function MeetingsPage({ school }: { school: string }) {
  const admin = routeRole(useStore($user).role) === 'Admin';
  useDocumentTitle(t.title);
  return admin ? <AdminMeetings school={school} /> : <MemberMeetings school={school} />;
}

function MemberMeetings({ school }: { school: string }) {
  const upcoming = useMeetings(school, false, 0);
  const past = useMeetings(school, true, 0);
  const pastId = useId();
  return (
    <PageFrame title={t.title} className="meetings-page">
      <section aria-label={t.upcoming}>
        {upcoming.error ? <LoadError message={upcoming.error.message} onRetry={upcoming.retry} /> : null}
        {upcoming.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
        {upcoming.data && upcoming.data.results.length === 0 ? <EmptyState title={t.emptyTitle} text={t.emptyText} /> : null}
        {upcoming.data && upcoming.data.results.length > 0 ? (
          <ul className="meeting-cards">
            {upcoming.data.results.map((meeting) => (
              <MeetingCard key={meeting.id} meeting={meeting} />
            ))}
          </ul>
        ) : null}
        {upcoming.data ? <Pager page={upcoming.page} count={upcoming.data.count} size={MEETINGS_PAGE_SIZE} onPage={upcoming.setPage} /> : null}
      </section>
      <section aria-labelledby={pastId} className="meetings-past">
        <h2 id={pastId}>{t.past}</h2>
        {past.error ? <LoadError message={past.error.message} onRetry={past.retry} /> : null}
        {past.data && past.data.results.length === 0 ? <p className="muted">{t.noPast}</p> : null}
        {past.data && past.data.results.length > 0 ? (
          <ul className="meeting-cards past">
            {past.data.results.map((meeting) => (
              <MeetingCard key={meeting.id} meeting={meeting} past />
            ))}
          </ul>
        ) : null}
        {past.data ? <Pager page={past.page} count={past.data.count} size={MEETINGS_PAGE_SIZE} onPage={past.setPage} /> : null}
      </section>
    </PageFrame>
  );
}

function MeetingCard({ meeting, past = false }: { meeting: Meeting; past?: boolean }) {
  const titleId = useId();
  const running = !past && Date.parse(meeting.starts_at) <= Date.now();
  return (
    <li className="meeting-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{meeting.title}</h3>
      <p className="meeting-card-time">
        <time dateTime={meeting.starts_at}>{meetingTime(meeting.starts_at)}</time> · {t.minutes(meeting.duration_minutes)}
        {running ? <span className="badge"> {t.now}</span> : null}
      </p>
      {meeting.description ? <p className="meeting-card-text">{meeting.description}</p> : null}
      {past ? null : <JoinLink meeting={meeting} />}
    </li>
  );
}

function AdminMeetings({ school }: { school: string }) {
  const [version, setVersion] = useState(0);
  const upcoming = useMeetings(school, false, version);
  const past = useMeetings(school, true, version);
  const [editing, setEditing] = useState<Meeting | 'new' | null>(null);
  const [removing, setRemoving] = useState<Meeting | null>(null);
  const [busy, setBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const changed = () => {
    setVersion((v) => v + 1);
    void refreshMeetingCount(school);
  };

  async function remove(meeting: Meeting) {
    setBusy(true);
    setRemoveError(null);
    try {
      await deleteMeeting(school, meeting.id);
      setRemoving(null);
      showToast(t.deleted);
      changed();
    } catch (cause) {
      setRemoveError(toApiError(cause).message);
    } finally {
      setBusy(false);
    }
  }

  const columns = (withActions: boolean): DataColumn<Meeting>[] => [
    { key: 'title', header: t.columns.title, rowHeader: true, render: (meeting) => meeting.title },
    { key: 'starts', header: t.columns.startsAt, render: (meeting) => <time dateTime={meeting.starts_at}>{meetingTime(meeting.starts_at)}</time> },
    { key: 'duration', header: t.columns.duration, render: (meeting) => t.minutes(meeting.duration_minutes) },
    { key: 'groups', header: t.columns.groups, render: (meeting) => (meeting.student_groups?.length ? t.groupsCount(meeting.student_groups.length) : t.noGroups) },
    { key: 'link', header: t.columns.link, render: (meeting) => <JoinLink meeting={meeting} /> },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t.columns.actions}</span>,
      render: (meeting) =>
        withActions ? (
          <div className="row-actions">
            <button type="button" className="button small secondary" aria-label={t.editLabel(meeting.title)} onClick={() => setEditing(meeting)}>
              {t.edit}
            </button>
            <button
              type="button"
              className="button small secondary danger-text"
              aria-label={t.deleteLabel(meeting.title)}
              onClick={() => {
                setRemoveError(null);
                setRemoving(meeting);
              }}
            >
              {t.delete}
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="button small secondary danger-text"
            aria-label={t.deleteLabel(meeting.title)}
            onClick={() => {
              setRemoveError(null);
              setRemoving(meeting);
            }}
          >
            {t.delete}
          </button>
        ),
    },
  ];

  return (
    <PageFrame
      title={t.title}
      className="meetings-page"
      actions={
        <button type="button" className="button primary small" onClick={() => setEditing('new')}>
          {t.create}
        </button>
      }
    >
      {upcoming.error ? <LoadError message={upcoming.error.message} onRetry={upcoming.retry} /> : null}
      {upcoming.status === 'loading' && !upcoming.data ? <p role="status">{commonMessages.loading}</p> : null}
      {upcoming.data ? (
        <DataTable
          caption={t.caption}
          captionHidden
          className="meetings-table"
          columns={columns(true)}
          rows={upcoming.data.results}
          rowKey={(meeting) => meeting.id}
          empty={<EmptyState title={t.emptyTitle} text={t.adminEmptyText} />}
          page={upcoming.page}
          count={upcoming.data.count}
          size={MEETINGS_PAGE_SIZE}
          onPage={upcoming.setPage}
        />
      ) : null}
      {past.data && past.data.count > 0 ? (
        <section className="meetings-past">
          <h2>{t.past}</h2>
          <DataTable
            caption={t.pastCaption}
            captionHidden
            className="meetings-table"
            columns={columns(false)}
            rows={past.data.results}
            rowKey={(meeting) => meeting.id}
            page={past.page}
            count={past.data.count}
            size={MEETINGS_PAGE_SIZE}
            onPage={past.setPage}
          />
        </section>
      ) : null}
      {past.error ? <LoadError message={past.error.message} onRetry={past.retry} /> : null}
      {editing ? (
        <MeetingForm
          school={school}
          meeting={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            showToast(editing === 'new' ? t.created : t.saved);
            setEditing(null);
            changed();
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t.deleteTitle}
          message={t.deleteText(removing.title)}
          error={removeError}
          confirmLabel={t.delete}
          danger
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </PageFrame>
  );
}
