import { bannerMessages, commonMessages, toApiError } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useDocumentTitle } from '../../use-document-title.ts';
import { BannerForm } from './banner-form.tsx';
import { BannerStatisticsDialog } from './banner-statistics.tsx';
import { BANNERS_PAGE_SIZE, deleteBanner, listBanners, patchBanner, type Banner } from './banners-api.ts';

const t = bannerMessages;

/**
 * The settings tab «Баннер» (spec: banner, accept; reference §4.14): the school's banners with
 * their clicks, «Создать баннер» and «Изменить» in a dialog, «Включить» (the server turns the
 * others off) or «Выключить», «Статистика» for a period, «Удалить» after a confirmation.
 */
export default function BannersSettingsTab({ school }: { school: string }) {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [removing, setRemoving] = useState<Banner | null>(null);
  const [stats, setStats] = useState<Banner | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const banners = useResource(`${school}/banners?p=${page}&v=${version}`, () => listBanners(school, page));
  const data = banners.data ?? null;
  useDocumentTitle(t.title);
  const reload = () => setVersion((v) => v + 1);

  async function toggle(banner: Banner) {
    setBusyId(banner.id);
    setError(null);
    try {
      await patchBanner(school, banner.id, { is_active: !banner.is_active });
      showToast(banner.is_active ? t.deactivated : t.activated);
      reload();
    } catch (cause) {
      setError(toApiError(cause).message);
    } finally {
      setBusyId(null);
    }
  }

  async function remove(banner: Banner) {
    setBusyId(banner.id);
    setError(null);
    try {
      await deleteBanner(school, banner.id);
      showToast(t.deleted);
      reload();
    } catch (cause) {
      setError(toApiError(cause).message);
    } finally {
      setRemoving(null);
      setBusyId(null);
    }
  }

  const columns: DataColumn<Banner>[] = [
    { key: 'title', header: t.columns.title, rowHeader: true, render: (banner) => banner.title },
    { key: 'active', header: t.columns.active, render: (banner) => (banner.is_active ? <strong>{t.on}</strong> : t.off) },
    { key: 'groups', header: t.columns.groups, render: (banner) => banner.groups.length },
    { key: 'clicks', header: t.columns.clicks, render: (banner) => t.clicks(banner.clicks_count, banner.unique_clicks_count) },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t.columns.actions}</span>,
      render: (banner) => (
        <div className="row-actions">
          <button type="button" className="button small secondary" disabled={busyId !== null} onClick={() => void toggle(banner)}>
            {banner.is_active ? t.deactivate : t.activate}
          </button>
          <button type="button" className="button small secondary" onClick={() => setEditing(banner)}>
            {t.edit}
          </button>
          <button type="button" className="button small secondary" onClick={() => setStats(banner)}>
            {t.statistics}
          </button>
          <button type="button" className="button small secondary danger-text" disabled={busyId !== null} onClick={() => setRemoving(banner)}>
            {t.delete}
          </button>
        </div>
      ),
    },
  ];

  return (
    <PageFrame
      title={t.title}
      className="offers-tab banners-tab"
      actions={
        <button type="button" className="button primary small" onClick={() => setEditing('new')}>
          {t.create}
        </button>
      }
    >
      <p className="muted">{t.intro}</p>
      <FormError message={error} />
      {banners.error ? <LoadError message={banners.error.message} onRetry={banners.retry} /> : null}
      {banners.status === 'loading' && !data ? <p role="status">{commonMessages.loading}</p> : null}
      {data ? (
        <DataTable
          caption={t.caption}
          captionHidden
          className="offers-table"
          columns={columns}
          rows={data.results}
          rowKey={(banner) => banner.id}
          empty={<EmptyState title={t.emptyTitle} text={t.emptyText} />}
          page={page}
          count={data.count}
          size={BANNERS_PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
      {editing ? (
        <BannerForm
          school={school}
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast(t.saved);
            reload();
          }}
        />
      ) : null}
      {stats ? <BannerStatisticsDialog school={school} banner={stats} onClose={() => setStats(null)} /> : null}
      {removing ? (
        <ConfirmDialog
          title={t.confirmTitle}
          message={t.confirmText(removing.title)}
          confirmLabel={t.delete}
          danger
          busy={busyId !== null}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </PageFrame>
  );
}
