import { $unread, appealsMessages, appMessages, commonMessages, setUnread, toApiError } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FilterField } from '../../ui/filter-field.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { AppealDialog } from './appeal-dialog.tsx';
import { StatusSelect } from './status-select.tsx';
import { APPEAL_STATUSES, APPEALS_PAGE_SIZE, listAppeals, updateAppeal, type Appeal, type AppealsQuery, type AppealStatus } from './appeals-api.ts';
import { formatAppealDate } from './appeal-format.ts';

const t = appealsMessages;

/**
 * «Заявки» (spec §2 `school-appeals`, Admin): the catalogue visitors' requests about the school's
 * courses, unread first (marked), 20 a page. Opening one shows it whole and marks it read; a row's
 * «Отметить прочитанным» does that without opening it; the status (new, in progress, done) is
 * changed in the row or the dialog. The menu's unread count follows every change.
 */
export default function AppealsPage({ school }: { school: string }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<AppealStatus | ''>('');
  const [onlyUnread, setOnlyUnread] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  // Rows changed since the page loaded, shown as changed in place: re-sorting the page under the
  // admin's cursor (unread first) would move the row they just clicked.
  const [changed, setChanged] = useState<ReadonlyMap<number, Appeal>>(new Map());

  const query: AppealsQuery = { ...(status ? { status } : {}), ...(onlyUnread ? { is_read: false } : {}) };
  const list = useResource(`appeals|${school}|${page}|${JSON.stringify(query)}`, () => listAppeals(school, page, query));
  const rows = (list.data?.results ?? []).map((row) => changed.get(row.id) ?? row);
  const opened = rows.find((row) => row.id === openId) ?? null;

  async function change(appeal: Appeal, patch: { is_read?: boolean; status?: AppealStatus }) {
    setBusyId(appeal.id);
    setError(null);
    try {
      const saved = await updateAppeal(school, appeal.id, patch);
      setChanged((before) => new Map(before).set(saved.id, saved));
      if (saved.is_read !== appeal.is_read) setUnread({ appeals: Math.max(0, $unread.get().appeals + (saved.is_read ? -1 : 1)) });
      if (patch.status !== undefined) showToast(t.saved);
    } catch (cause) {
      setError(toApiError(cause).message);
    } finally {
      setBusyId(null);
    }
  }

  function open(appeal: Appeal) {
    setOpenId(appeal.id);
    if (!appeal.is_read) void change(appeal, { is_read: true });
  }

  function filter(next: () => void) {
    next();
    setPage(1);
    setChanged(new Map());
  }

  const columns: DataColumn<Appeal>[] = [
    {
      key: 'date',
      header: t.date,
      className: 'appeal-date',
      render: (appeal) => (
        <>
          <time dateTime={appeal.created_at}>{formatAppealDate(appeal.created_at)}</time>
          {appeal.is_read ? null : <span className="badge appeal-unread">{t.unread}</span>}
        </>
      ),
    },
    { key: 'course', header: t.course, render: (appeal) => appeal.course_name },
    { key: 'name', header: t.name, rowHeader: true, className: 'appeal-name', render: (appeal) => (appeal.is_read ? appeal.name : <strong>{appeal.name}</strong>) },
    { key: 'email', header: t.email, render: (appeal) => (appeal.email ? <a href={`mailto:${appeal.email}`}>{appeal.email}</a> : t.none) },
    { key: 'phone', header: t.phone, render: (appeal) => (appeal.phone ? <a href={`tel:${appeal.phone}`}>{appeal.phone}</a> : t.none) },
    { key: 'message', header: t.message, className: 'appeal-message', render: (appeal) => appeal.message || <span className="muted">{t.noMessage}</span> },
    { key: 'status', header: t.status, render: (appeal) => <StatusSelect appeal={appeal} busy={busyId === appeal.id} onChange={(next) => void change(appeal, { status: next })} /> },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t.actions}</span>,
      className: 'appeal-actions',
      render: (appeal) => (
        <>
          <button type="button" className="button small secondary" aria-label={t.openLabel(appeal.name)} onClick={() => open(appeal)}>
            {t.open}
          </button>
          {appeal.is_read ? null : (
            <button type="button" className="button small primary" aria-label={t.markReadLabel(appeal.name)} disabled={busyId === appeal.id} onClick={() => void change(appeal, { is_read: true })}>
              {t.markRead}
            </button>
          )}
        </>
      ),
    },
  ];

  const filtered = Boolean(status) || onlyUnread;
  return (
    <PageFrame title={appMessages.routes['school-appeals']} className="appeals-page">
      <form className="list-filters appeals-filters" aria-label={t.filtersTitle} onSubmit={(event) => event.preventDefault()}>
        <FilterField label={t.status}>
          {(id) => (
            <select id={id} value={status} onChange={(event) => filter(() => setStatus(event.target.value as AppealStatus | ''))}>
              <option value="">{t.allStatuses}</option>
              {APPEAL_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t.statuses[value]}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <label className="checkbox">
          <input type="checkbox" checked={onlyUnread} onChange={(event) => filter(() => setOnlyUnread(event.target.checked))} /> {t.onlyUnread}
        </label>
      </form>
      <FormError message={error} />
      {list.error ? <LoadError message={list.error.message} onRetry={list.retry} /> : null}
      {list.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {list.data ? (
        <DataTable
          caption={t.caption}
          captionHidden
          className="appeals-table"
          columns={columns}
          rows={rows}
          rowKey={(appeal) => appeal.id}
          page={page}
          count={list.data.count}
          size={APPEALS_PAGE_SIZE}
          onPage={(next) => {
            setPage(next);
            setChanged(new Map());
          }}
          empty={filtered ? <EmptyState title={t.emptyFilteredTitle} text={t.emptyFilteredText} /> : <EmptyState title={t.emptyTitle} text={t.emptyText} />}
        />
      ) : null}
      {opened ? <AppealDialog appeal={opened} busy={busyId === opened.id} onChange={(patch) => void change(opened, patch)} onClose={() => setOpenId(null)} /> : null}
    </PageFrame>
  );
}
