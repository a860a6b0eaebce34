import { commonMessages, schoolPromoMessages, toApiError } from '#core';
import { useId, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { Pager } from '../../ui/pager.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { InvoiceSettingsForm } from './invoice-settings-form.tsx';
import { deleteInvoiceSettings, INVOICE_PAGE_SIZE, listInvoiceSettings, patchInvoiceSettings, type InvoiceSettings } from './school-promo-api.ts';

const t = schoolPromoMessages.invoices;

/** The lines of details a card shows, empty ones left out. */
function details(settings: InvoiceSettings): [string, string][] {
  const lines: [string, string][] = [
    [t.taxId, settings.tax_id],
    [t.address, settings.address],
    [t.bankName, settings.bank_name],
    [t.bankCode, settings.bank_code],
    [t.bankAccount, settings.bank_account],
    [t.email, settings.email],
    [t.phone, settings.phone],
    [t.footerText, settings.footer_text],
  ];
  return lines.filter(([, value]) => value !== '');
}

/**
 * «Реквизиты для счетов» (issue 14): the school's invoice settings as cards, the default one marked,
 * added and changed in a dialog, made the default with one button, deleted after a confirmation
 * (deleting the default makes the newest remaining one the default, as the server does).
 */
export function InvoiceSettingsPanel({ school }: { school: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<InvoiceSettings | 'new' | null>(null);
  const [removing, setRemoving] = useState<InvoiceSettings | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useResource(`invoice-settings-${school}-${page}-${version}`, () => listInvoiceSettings(school, page));
  const reload = () => setVersion((n) => n + 1);

  async function act(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      showToast(done);
      if (list.data?.results.length === 1 && page > 1 && removing) setPage(page - 1);
      reload();
    } catch (cause) {
      showToast(toApiError(cause).message, 'error');
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  return (
    <section className="invoice-settings" aria-labelledby={headingId}>
      <div className="page-head">
        <h2 id={headingId}>{t.title}</h2>
        <div className="page-actions">
          <button type="button" className="button secondary" onClick={() => setEditing('new')}>
            {t.add}
          </button>
        </div>
      </div>
      <p className="muted">{t.intro}</p>
      {list.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {list.error ? <LoadError message={list.error.message} onRetry={list.retry} /> : null}
      {list.data && list.data.results.length === 0 ? <EmptyState title={t.emptyTitle} text={t.emptyText} /> : null}
      {list.data && list.data.results.length > 0 ? (
        <ul className="invoice-settings-list">
          {list.data.results.map((settings) => (
            <li key={settings.id} className={settings.is_default ? 'invoice-settings-card is-default' : 'invoice-settings-card'}>
              <h3>
                {settings.organization_name}
                {settings.is_default ? <span className="invoice-settings-badge"> {t.defaultBadge}</span> : null}
              </h3>
              <dl>
                {details(settings).map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              <div className="school-promo-actions">
                <button type="button" className="button small secondary" aria-label={`${schoolPromoMessages.edit} ${settings.organization_name}`} onClick={() => setEditing(settings)}>
                  {schoolPromoMessages.edit}
                </button>
                {settings.is_default ? null : (
                  <button
                    type="button"
                    className="button small secondary"
                    aria-label={`${t.makeDefault}: ${settings.organization_name}`}
                    disabled={busy}
                    onClick={() => void act(() => patchInvoiceSettings(school, settings.id, { is_default: true }), t.madeDefault)}
                  >
                    {t.makeDefault}
                  </button>
                )}
                <button type="button" className="button small secondary danger" aria-label={`${schoolPromoMessages.remove} ${settings.organization_name}`} disabled={busy} onClick={() => setRemoving(settings)}>
                  {schoolPromoMessages.remove}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {list.data && list.data.count > INVOICE_PAGE_SIZE ? <Pager page={page} count={list.data.count} size={INVOICE_PAGE_SIZE} onPage={setPage} /> : null}
      {editing ? (
        <InvoiceSettingsForm
          school={school}
          settings={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast(t.saved);
            reload();
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t.removeTitle}
          message={removing.is_default ? t.removeDefaultText(removing.organization_name) : t.removeText(removing.organization_name)}
          confirmLabel={schoolPromoMessages.remove}
          danger
          busy={busy}
          onConfirm={() => void act(() => deleteInvoiceSettings(school, removing.id), t.removed)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}
