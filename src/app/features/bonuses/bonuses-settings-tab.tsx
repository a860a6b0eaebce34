import { bonusAdminMessages, commonMessages, toApiError } from '#core';
import { Suspense, useEffect, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { PageBoundary } from '../../page-boundary.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FilterField } from '../../ui/filter-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useDocumentTitle } from '../../use-document-title.ts';
import { BoxesAdmin } from '../gamification/index.ts';
import { BonusForm } from './bonus-form.tsx';
import { ADMIN_BONUSES_PAGE_SIZE, deleteBonus, listAdminBonuses, type AdminBonus, type BonusFilter } from './bonuses-admin-api.ts';
import { expiryDate } from './bonuses-page.tsx';

const t = bonusAdminMessages;
const SEARCH_DELAY_MS = 400;

/** The search text once typing pauses. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The settings tab «Бонусы» (spec §2, studentBonus): the school's bonuses in a table with a search
 * and an on/off filter, «Создать бонус» and «Изменить» in a dialog (text, link, the last day,
 * shown or not, the logo, the groups), «Удалить» after a confirmation. The server gives students
 * the bonuses that are on and not over, of their groups. Below them, the school's boxes and prizes
 * (the gamification feature's BoxesAdmin, loaded on demand).
 */
export default function BonusesSettingsTab({ school }: { school: string }) {
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<BonusFilter['active']>('');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<AdminBonus | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminBonus | null>(null);
  const [busy, setBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const query = useSettled(search);
  const filter: BonusFilter = { search: query, active };
  const bonuses = useResource(`${school}/school_bonuses?admin&p=${page}&q=${query}&a=${active}&v=${version}`, () => listAdminBonuses(school, page, filter));
  const data = bonuses.data ?? null;
  useDocumentTitle(t.title);
  // A new filter starts from the first page.
  useEffect(() => setPage(1), [query, active]);

  async function remove(bonus: AdminBonus) {
    setBusy(true);
    setRemoveError(null);
    try {
      await deleteBonus(school, bonus.id);
      setRemoving(null);
      showToast(t.deleted);
      setVersion((v) => v + 1);
    } catch (cause) {
      setRemoveError(toApiError(cause).message);
    } finally {
      setBusy(false);
    }
  }

  const now = Date.now();
  const columns: DataColumn<AdminBonus>[] = [
    { key: 'logo', header: t.columns.logo, render: (bonus) => (bonus.logo ? <img className="offer-table-logo" src={bonus.logo} alt="" loading="lazy" /> : '—') },
    { key: 'text', header: t.columns.text, rowHeader: true, render: (bonus) => bonus.text || '—' },
    {
      key: 'link',
      header: t.columns.link,
      render: (bonus) => (
        <a href={bonus.link} target="_blank" rel="noopener noreferrer">
          {bonus.link}
        </a>
      ),
    },
    { key: 'expires', header: t.columns.expires, render: (bonus) => (bonus.expire_date ? (expiryDate(bonus.expire_date) ?? '—') : t.noEnd) },
    {
      key: 'active',
      header: t.columns.active,
      render: (bonus) => (bonus.expire_date && Date.parse(bonus.expire_date) <= now ? t.expired : bonus.active ? t.on : t.off),
    },
    { key: 'groups', header: t.columns.groups, render: (bonus) => bonus.student_groups?.length ?? 0 },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t.columns.actions}</span>,
      render: (bonus) => (
        <div className="row-actions">
          <button type="button" className="button small secondary" onClick={() => setEditing(bonus)}>
            {t.edit}
          </button>
          <button
            type="button"
            className="button small secondary danger-text"
            onClick={() => {
              setRemoveError(null);
              setRemoving(bonus);
            }}
          >
            {t.delete}
          </button>
        </div>
      ),
    },
  ];

  const filtered = query.trim() !== '' || active !== '';
  return (
    <PageFrame
      title={t.title}
      className="offers-tab bonuses-tab"
      actions={
        <button type="button" className="button primary small" onClick={() => setEditing('new')}>
          {t.create}
        </button>
      }
    >
      <p className="muted">{t.intro}</p>
      <div className="offers-filters">
        <FilterField label={t.search}>{(id, describedBy) => <input id={id} type="search" aria-describedby={describedBy} value={search} maxLength={200} onChange={(event) => setSearch(event.target.value)} />}</FilterField>
        <FilterField label={t.filter}>
          {(id, describedBy) => (
            <select id={id} aria-describedby={describedBy} value={active} onChange={(event) => setActive(event.target.value as BonusFilter['active'])}>
              <option value="">{t.filterAll}</option>
              <option value="true">{t.filterActive}</option>
              <option value="false">{t.filterInactive}</option>
            </select>
          )}
        </FilterField>
      </div>
      {bonuses.error ? <LoadError message={bonuses.error.message} onRetry={bonuses.retry} /> : null}
      {bonuses.status === 'loading' && !data ? <p role="status">{commonMessages.loading}</p> : null}
      {data ? (
        <DataTable
          caption={t.caption}
          captionHidden
          className="offers-table"
          columns={columns}
          rows={data.results}
          rowKey={(bonus) => bonus.id}
          empty={filtered ? <EmptyState title={t.nothingFound} /> : <EmptyState title={t.emptyTitle} text={t.emptyText} />}
          page={page}
          count={data.count}
          size={ADMIN_BONUSES_PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
      {editing ? (
        <BonusForm
          school={school}
          bonus={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast(t.saved);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t.confirmTitle}
          message={t.confirmText(removing.text || removing.link)}
          error={removeError}
          confirmLabel={t.delete}
          danger
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
      {/* Boxes and prizes (issue 14) load on their own, below the bonuses; a failure there leaves the bonuses be. */}
      <PageBoundary>
        <Suspense fallback={<p role="status">{commonMessages.loading}</p>}>
          <BoxesAdmin school={school} />
        </Suspense>
      </PageBoundary>
    </PageFrame>
  );
}
