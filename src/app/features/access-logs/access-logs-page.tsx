import { accessLogsMessages, appMessages, commonMessages, debounce, DEFAULT_DEBOUNCE_MS, isCalendarDay, isPositiveId, searchText } from '#core';
import { useEffect, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FilterField } from '../../ui/filter-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { ACCESS_LOGS_COUNT_CAP, ACCESS_LOGS_PAGE_SIZE, listAccessLogs, type AccessLogEntry, type AccessLogQuery } from './access-logs-api.ts';

const t = accessLogsMessages;

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const PATH_MAX = 200;

export interface LogFilters {
  user_id: string;
  method: string;
  status: string;
  path: string;
  date_from: string;
  date_to: string;
}

const NO_FILTERS: LogFilters = { user_id: '', method: '', status: '', path: '', date_from: '', date_to: '' };

/** What the filters send (only well-formed values) and what is wrong with the others, by field. */
export function checkLogFilters(filters: LogFilters): { query: AccessLogQuery; errors: Partial<Record<keyof LogFilters, string>> } {
  const query: AccessLogQuery = {};
  const errors: Partial<Record<keyof LogFilters, string>> = {};
  const userId = filters.user_id.trim();
  if (userId) {
    if (isPositiveId(userId)) query.user_id = Number(userId);
    else errors.user_id = t.badId;
  }
  if ((METHODS as readonly string[]).includes(filters.method)) query.method = filters.method;
  const status = filters.status.trim();
  if (status) {
    if (/^[1-5]\d\d$/.test(status)) query.status = Number(status);
    else errors.status = t.badStatus;
  }
  const path = searchText(filters.path, PATH_MAX);
  if (path) query.path = path;
  for (const name of ['date_from', 'date_to'] as const) {
    if (filters[name] && isCalendarDay(filters[name])) query[name] = filters[name];
  }
  if (query.date_from && query.date_to && query.date_from > query.date_to) {
    errors.date_to = t.badRange;
    delete query.date_to;
  }
  return { query, errors };
}

/** "05.03.2026, 10:00:07": a log is read to the second. */
export function formatLogTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date);
}

const columns: DataColumn<AccessLogEntry>[] = [
  { key: 'time', header: t.time, className: 'log-time', render: (entry) => <time dateTime={entry.created_at}>{formatLogTime(entry.created_at)}</time> },
  {
    key: 'user',
    header: t.user,
    render: (entry) => (
      <>
        {entry.user_email ?? (entry.user_id === null ? <span className="muted">{t.anonymous}</span> : `№${entry.user_id}`)}
        {entry.impersonator_id === null ? null : <span className="muted log-impersonated"> ({t.impersonated(entry.impersonator_id)})</span>}
      </>
    ),
  },
  { key: 'method', header: t.method, render: (entry) => <code>{entry.method}</code> },
  { key: 'path', header: t.path, className: 'log-path', render: (entry) => <code>{entry.path}</code> },
  { key: 'status', header: t.status, render: (entry) => <span className={entry.status >= 400 ? 'log-status failed' : 'log-status'}>{entry.status}</span> },
  { key: 'duration', header: t.duration, className: 'numeric', render: (entry) => entry.duration_ms },
  { key: 'ip', header: t.ip, render: (entry) => entry.ip },
  { key: 'event', header: t.event, render: (entry) => entry.event ?? '' },
];

/**
 * The school's request log (spec §2: the admin's `access-logs`, the super admin's `settings/logs`):
 * newest first, 20 a page, filtered by user, method, response code, a part of the address and a
 * period. A malformed filter is shown under its field and not sent.
 */
export function AccessLogs({ school, title }: { school: string; title: string }) {
  const [filters, setFilters] = useState<LogFilters>(NO_FILTERS);
  // The address filter is typed: it reaches the query a moment after the last key.
  const [pathText, setPathText] = useState('');
  const [page, setPage] = useState(1);
  const [typed] = useState(() =>
    debounce((text: string) => {
      setFilters((before) => ({ ...before, path: text }));
      setPage(1);
    }, DEFAULT_DEBOUNCE_MS),
  );
  useEffect(() => () => typed.cancel(), [typed]);

  const { query, errors } = checkLogFilters(filters);
  const list = useResource(`access-logs|${school}|${page}|${JSON.stringify(query)}`, () => listAccessLogs(school, page, query));
  const data = list.data ?? null;

  function change(name: keyof LogFilters, value: string) {
    setFilters((before) => ({ ...before, [name]: value }));
    setPage(1);
  }

  function reset() {
    typed.cancel();
    setPathText('');
    setFilters(NO_FILTERS);
    setPage(1);
  }

  const filtered = Object.keys(query).length > 0;
  const input = (name: 'user_id' | 'status' | 'date_from' | 'date_to', type: 'number' | 'date', label: string) => (
    <FilterField label={label} error={errors[name]}>
      {(id, describedBy) => (
        <input
          id={id}
          type={type}
          {...(type === 'number' ? { inputMode: 'numeric' as const, min: name === 'status' ? 100 : 1, max: name === 'status' ? 599 : undefined, step: 1 } : {})}
          value={filters[name]}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => change(name, event.target.value)}
        />
      )}
    </FilterField>
  );

  return (
    <PageFrame title={title} className="access-logs-page">
      <form className="list-filters access-log-filters" aria-label={t.filtersTitle} onSubmit={(event) => event.preventDefault()}>
        {input('user_id', 'number', t.userId)}
        <FilterField label={t.method}>
          {(id) => (
            <select id={id} value={filters.method} onChange={(event) => change('method', event.target.value)}>
              <option value="">{t.anyMethod}</option>
              {METHODS.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        {input('status', 'number', t.status)}
        <FilterField label={t.path} hint={t.pathHint}>
          {(id, describedBy) => (
            <input
              id={id}
              type="search"
              maxLength={PATH_MAX}
              value={pathText}
              aria-describedby={describedBy}
              onChange={(event) => {
                setPathText(event.target.value);
                typed(event.target.value);
              }}
            />
          )}
        </FilterField>
        {input('date_from', 'date', t.dateFrom)}
        {input('date_to', 'date', t.dateTo)}
        <div className="list-filters-actions">
          <button type="button" className="button small secondary" onClick={reset}>
            {t.reset}
          </button>
        </div>
      </form>
      {list.error ? <LoadError message={list.error.message} onRetry={list.retry} /> : null}
      {list.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {data ? (
        <>
          {data.count > 0 ? <p className="muted">{data.count >= ACCESS_LOGS_COUNT_CAP ? t.capped : t.found(data.count)}</p> : null}
          <DataTable
            caption={t.caption}
            captionHidden
            className="access-logs-table"
            columns={columns}
            rows={data.results}
            rowKey={(entry) => entry.id}
            page={page}
            count={data.count}
            size={ACCESS_LOGS_PAGE_SIZE}
            onPage={setPage}
            empty={
              filtered ? (
                <EmptyState
                  title={t.emptyFilteredTitle}
                  text={t.emptyFilteredText}
                  action={
                    <button type="button" className="button secondary" onClick={reset}>
                      {t.reset}
                    </button>
                  }
                />
              ) : (
                <EmptyState title={t.emptyTitle} text={t.emptyText} />
              )
            }
          />
        </>
      ) : null}
    </PageFrame>
  );
}

/** The admin's «Журнал доступа» (`access-logs`). */
export default function AccessLogsPage({ school }: { school: string }) {
  return <AccessLogs school={school} title={appMessages.routes['access-logs']} />;
}
