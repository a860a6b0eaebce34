import { commonMessages, newslettersMessages, toApiError } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import { deleteNewsletter, listNewsletters, NEWSLETTERS_PAGE_SIZE, type NewsletterTemplate } from './newsletters-api.ts';

const t = newslettersMessages;

export const delayLabel = (days: number) => (days === 0 ? t.delayNow : t.delayDays(days));

/**
 * Settings «Email-рассылка» (spec §2, the admin's only): the school's letter templates with when
 * each goes out, whether it is sent and to how many students it went; created and edited in a
 * dialog, deleted after a confirmation. The server mails them (newsletters feature).
 */
export default function NewsletterSettingsTab({ school }: { school: string }) {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<NewsletterTemplate | 'new' | null>(null);
  const [removing, setRemoving] = useState<NewsletterTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = useResource(`newsletters:${school}:${page}:${version}`, () => listNewsletters(school, page));
  const data = list.data ?? null;
  const reload = () => setVersion((n) => n + 1);

  async function remove(template: NewsletterTemplate) {
    setBusy(true);
    setError(null);
    try {
      await deleteNewsletter(school, template.id);
      showToast(t.deleted);
      setRemoving(null);
      // The last row of a page gone: the page before.
      if (data && data.results.length === 1 && page > 1) setPage(page - 1);
      else reload();
    } catch (cause) {
      setRemoving(null);
      setError(toApiError(cause).message);
    } finally {
      setBusy(false);
    }
  }

  const columns: DataColumn<NewsletterTemplate>[] = [
    { key: 'name', header: t.columns.name, rowHeader: true, render: (row) => row.template_name },
    { key: 'delay', header: t.columns.delay, render: (row) => delayLabel(row.delay_days) },
    { key: 'status', header: t.columns.status, render: (row) => (row.is_public ? t.on : t.off) },
    { key: 'sent', header: t.columns.sent, render: (row) => row.sent_count },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t.columns.actions}</span>,
      render: (row) => (
        <span className="row-actions">
          <button type="button" className="button small secondary" aria-label={`${t.edit}: ${row.template_name}`} onClick={() => setEditing(row)}>
            {t.edit}
          </button>{' '}
          <button type="button" className="button small secondary danger-text" aria-label={`${t.remove}: ${row.template_name}`} onClick={() => setRemoving(row)}>
            {t.remove}
          </button>
        </span>
      ),
    },
  ];
  const create = (
    <button type="button" className="button primary" onClick={() => setEditing('new')}>
      {t.create}
    </button>
  );

  return (
    <PageFrame title={t.title} actions={create} className="newsletter-settings">
      <p className="muted">{t.intro}</p>
      <FormError message={error} />
      {list.error ? <LoadError message={t.loadError} onRetry={list.retry} /> : null}
      {list.status === 'loading' && !data ? <p role="status">{commonMessages.loading}</p> : null}
      {data ? (
        <DataTable
          caption={t.caption}
          captionHidden
          className="newsletter-table"
          columns={columns}
          rows={data.results}
          rowKey={(row) => row.id}
          empty={<EmptyState title={t.emptyTitle} text={t.emptyText} />}
          page={page}
          count={data.count}
          size={NEWSLETTERS_PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
      {editing ? (
        <NewsletterForm
          school={school}
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            // A new template is the newest: on the first page.
            if (editing === 'new') setPage(1);
            setEditing(null);
            showToast(t.saved);
            reload();
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t.confirmTitle}
          message={t.confirmText(removing.template_name)}
          confirmLabel={t.remove}
          danger
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </PageFrame>
  );
}
