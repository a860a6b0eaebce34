import { formatMoney, salesMessages, toApiError, commonMessages, type RoleId } from '#core';
import { useId, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Pager } from '../../ui/pager.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { PaymentMethodForm } from './payment-method-form.tsx';
import { deleteMethod, listMethods, listOrders, METHODS_PAGE_SIZE, ORDERS_PAGE_SIZE, type CourseOrder, type PaymentMethod } from './sales-api.ts';

const t = salesMessages.methods;
const o = salesMessages.orders;

const dateTime = (iso: string) => new Date(iso).toLocaleString('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const ORDER_COLUMNS: readonly DataColumn<CourseOrder>[] = [
  { key: 'number', header: o.number, render: (row) => row.number, rowHeader: true },
  { key: 'date', header: o.date, render: (row) => dateTime(row.created_at) },
  { key: 'course', header: o.course, render: (row) => row.course_name },
  { key: 'buyer', header: o.buyer, render: (row) => (row.name ? `${row.name}, ${row.email}` : row.email) },
  { key: 'amount', header: o.amount, render: (row) => formatMoney(row.amount, row.currency) },
  { key: 'status', header: o.status, render: (row) => (row.access ? `${o.statuses[row.status]}: ${o.access[row.access]}` : o.statuses[row.status]) },
];

/** The school's course orders, newest first. */
function OrdersTable({ school }: { school: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const orders = useResource(`course-orders-${school}-${page}`, () => listOrders(school, page));
  return (
    <section className="course-orders" aria-labelledby={headingId}>
      <h2 id={headingId}>{o.title}</h2>
      {orders.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {orders.error ? <LoadError message={orders.error.message} onRetry={orders.retry} /> : null}
      {orders.data ? (
        <DataTable
          caption={o.title}
          captionHidden
          columns={ORDER_COLUMNS}
          rows={orders.data.results}
          rowKey={(row) => row.id}
          empty={<p className="muted">{o.empty}</p>}
          page={page}
          count={orders.data.count}
          size={ORDERS_PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}

/**
 * Settings tab `payment-methods` (issue 14): the school's payment methods as cards (provider, shop,
 * whether a key is stored and its last four characters, never the key), added and changed in a
 * dialog, deleted after a confirmation; below them the school's course orders.
 */
export default function PaymentMethodsTab({ school }: { school: string; role?: RoleId }) {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<PaymentMethod | 'new' | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useResource(`payment-methods-${school}-${page}-${version}`, () => listMethods(school, page));
  const reload = () => setVersion((n) => n + 1);

  async function remove(method: PaymentMethod) {
    setBusy(true);
    try {
      await deleteMethod(school, method.id);
      showToast(t.removed);
      if (list.data?.results.length === 1 && page > 1) setPage(page - 1);
      reload();
    } catch (cause) {
      showToast(toApiError(cause).message, 'error');
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  const add = (
    <button type="button" className="button primary" onClick={() => setEditing('new')}>
      {t.add}
    </button>
  );

  return (
    <PageFrame title={t.title} actions={add} className="payment-methods">
      <div className="payment-method-section">
        <p className="muted">{t.intro}</p>
        {list.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
        {list.error ? <LoadError message={list.error.message} onRetry={list.retry} /> : null}
        {list.data && list.data.results.length === 0 ? <EmptyState title={t.emptyTitle} text={t.emptyText} /> : null}
        {list.data && list.data.results.length > 0 ? (
          <ul className="invoice-settings-list payment-method-list">
            {list.data.results.map((method) => (
              <li key={method.id} className={method.usable ? 'invoice-settings-card is-default' : 'invoice-settings-card'}>
                <h3>{method.payment_method_name}</h3>
                <dl>
                  <div>
                    <dt>{t.provider}</dt>
                    <dd>{t.providers[method.payment_method] ?? method.payment_method}</dd>
                  </div>
                  {method.account_no ? (
                    <div>
                      <dt>{t.accountNo}</dt>
                      <dd>{method.account_no}</dd>
                    </div>
                  ) : null}
                  {method.payment_method === 'prodamus' ? (
                    <div>
                      <dt>{t.apiKey}</dt>
                      <dd>{method.has_api_key ? t.apiKeyStored(method.api_key_last4) : t.apiKeyMissing}</dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>{o.status}</dt>
                    <dd>{method.usable ? t.active : method.is_active ? t.notUsable : t.inactive}</dd>
                  </div>
                </dl>
                <div className="school-promo-actions">
                  <button type="button" className="button small secondary" aria-label={`${salesMessages.edit} ${method.payment_method_name}`} onClick={() => setEditing(method)}>
                    {salesMessages.edit}
                  </button>
                  <button type="button" className="button small secondary danger" aria-label={`${salesMessages.remove} ${method.payment_method_name}`} disabled={busy} onClick={() => setRemoving(method)}>
                    {salesMessages.remove}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {list.data && list.data.count > METHODS_PAGE_SIZE ? <Pager page={page} count={list.data.count} size={METHODS_PAGE_SIZE} onPage={setPage} /> : null}
      </div>
      <OrdersTable school={school} />
      {editing ? (
        <PaymentMethodForm
          school={school}
          method={editing === 'new' ? null : editing}
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
          message={t.removeText(removing.payment_method_name)}
          confirmLabel={salesMessages.remove}
          danger
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </PageFrame>
  );
}
