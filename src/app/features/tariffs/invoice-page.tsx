import { $school, ApiError, apiCall, appMessages, commonMessages, formatMoney, paginationWindow, Path, schoolPath, type ApiAnswer } from '#core';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { appSession } from '../../app-session.ts';
import { $router } from '../../router.ts';

/** `GET /{school}/invoice/{paymentId}/`; amounts in minor units. */
export type Invoice = ApiAnswer<'GET {school}/invoice/{paymentId}/'>;
export type InvoiceStatus = Invoice['status'];
/** One row of `GET /{school}/invoices/`. */
export type InvoiceSummary = ApiAnswer<'GET {school}/invoices/'>['results'][number];

const PAGE_SIZE = 20;

export const invoiceMessages = {
  listTitle: 'Счета на оплату',
  listLoading: 'Загрузка счетов...',
  empty: 'Счетов пока нет: счёт появляется, когда вы оформляете тариф.',
  loading: 'Загрузка счёта...',
  title: (number: string) => `Счёт на оплату № ${number}`,
  from: (date: string) => `от ${date}`,
  seller: 'Исполнитель',
  buyer: 'Заказчик',
  itemIndex: '№',
  itemName: 'Наименование',
  quantity: 'Кол-во',
  amount: 'Сумма',
  total: 'Итого',
  status: 'Статус',
  statuses: { pending: 'Ожидает оплаты', paid: 'Оплачен', declined: 'Отклонён' } satisfies Record<InvoiceStatus, string>,
  paidAt: (date: string) => `Оплачен ${date}`,
  pay: 'Оплатить',
  print: 'Печать',
  allInvoices: 'Все счета',
  toTariffs: 'К тарифам',
  number: 'Номер',
  date: 'Дата',
  tariff: 'Тариф',
  notFoundTitle: 'Счёт не найден',
  notFoundText: 'Проверьте ссылку или выберите счёт из списка.',
  noSchool: 'Выберите школу, чтобы увидеть её счета.',
} as const;

const t = invoiceMessages;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const invoicePath = (paymentId: string) => `${Path.invoice}?payment=${encodeURIComponent(paymentId)}`;

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

type Load<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; status: number; message: string };

/** A GET that can be retried, asked again when `key` changes; a null key means there is nothing to ask. */
function useLoad<T>(key: string | null, load: () => Promise<T>): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState({ kind: 'loading' });
    loadRef.current().then(
        (data) => live && setState({ kind: 'ready', data }),
        (cause: unknown) => {
          if (!live) return;
          setState(cause instanceof ApiError ? { kind: 'failed', status: cause.status, message: cause.message } : { kind: 'failed', status: 0, message: commonMessages.unexpectedError });
        },
      );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  return [state, () => setAttempt((n) => n + 1)];
}

function paymentFromUrl(): string | null {
  const value = new URLSearchParams(window.location.search).get('payment')?.trim();
  return value ? value : null;
}

/**
 * '/invoice' (spec §2): the chosen school's invoices for its plan payments, or with
 * `?payment=<uuid>` one printable 'Счёт на оплату'. The server lets only the school's admins in.
 */
export default function InvoicePage() {
  // The list links only change the query string: the router store is what re-renders the page.
  useStore($router);
  const school = useStore($school).schoolName;
  const paymentId = paymentFromUrl();

  if (!school) {
    return (
      <section className="status-page">
        <h1>{t.listTitle}</h1>
        <p>{t.noSchool}</p>
        <a className="button primary" href={Path.chooseSchool}>
          {appMessages.chooseSchool.title}
        </a>
      </section>
    );
  }
  return paymentId ? <InvoiceDocument key={`${school}/${paymentId}`} school={school} paymentId={paymentId} /> : <InvoiceListView key={school} school={school} />;
}

function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="page-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button primary" onClick={onRetry}>
        {commonMessages.retry}
      </button>
    </div>
  );
}

function NotFound() {
  return (
    <section className="status-page">
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundText}</p>
      <a className="button primary" href={Path.invoice}>
        {t.allInvoices}
      </a>
    </section>
  );
}

function StatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`invoice-status ${status}`}>{t.statuses[status]}</span>;
}

function InvoiceListView({ school }: { school: string }) {
  const [page, setPage] = useState(1);
  const [state, retry] = useLoad(`${encodeURIComponent(school)}/invoices/?p=${page}`, () => apiCall(appSession().api, 'GET {school}/invoices/', { path: { school }, query: { p: page } }));

  return (
    <section className="invoice-page">
      <div className="invoice-toolbar">
        <a href={schoolPath(school, 'tariff-plans')}>{t.toTariffs}</a>
      </div>
      <h1>{t.listTitle}</h1>
      {state.kind === 'loading' ? (
        <p className="boot" role="status">
          {t.listLoading}
        </p>
      ) : null}
      {state.kind === 'failed' ? <Failed message={state.message} onRetry={retry} /> : null}
      {state.kind === 'ready' && state.data.results.length === 0 ? <p className="muted">{t.empty}</p> : null}
      {state.kind === 'ready' && state.data.results.length > 0 ? (
        <div className="table-scroll">
          <table className="invoice-list">
            <thead>
              <tr>
                <th scope="col">{t.number}</th>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.tariff}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.status}</th>
              </tr>
            </thead>
            <tbody>
              {state.data.results.map((invoice) => (
                <tr key={invoice.payment_id}>
                  <td>
                    <a href={invoicePath(invoice.payment_id)}>{invoice.number}</a>
                  </td>
                  <td>{formatDate(invoice.date)}</td>
                  <td>{invoice.tariff}</td>
                  <td>{formatMoney(invoice.total, invoice.currency)}</td>
                  <td>
                    <StatusBadge status={invoice.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {state.kind === 'ready' && state.data.count > PAGE_SIZE ? (
        <nav className="pager" aria-label="Страницы">
          {paginationWindow({ page, count: state.data.count, pageSize: PAGE_SIZE }).map((item, i) =>
            item === '…' ? (
              <span key={`gap-${i}`}>…</span>
            ) : (
              <button key={item} type="button" className="button small secondary" aria-current={item === page ? 'page' : undefined} onClick={() => setPage(item)}>
                {item}
              </button>
            ),
          )}
        </nav>
      ) : null}
    </section>
  );
}

function InvoiceDocument({ school, paymentId }: { school: string; paymentId: string }) {
  // A malformed id cannot name an invoice: no request, straight to "not found".
  const valid = UUID.test(paymentId);
  const [state, retry] = useLoad(valid ? `${encodeURIComponent(school)}/invoice/${encodeURIComponent(paymentId)}/` : null, () =>
    apiCall(appSession().api, 'GET {school}/invoice/{paymentId}/', { path: { school, paymentId } }),
  );

  if (!valid || (state.kind === 'failed' && (state.status === 404 || state.status === 400))) return <NotFound />;
  if (state.kind === 'loading') {
    return (
      <p className="boot" role="status">
        {t.loading}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <section className="invoice-page">
        <Failed message={state.message} onRetry={retry} />
      </section>
    );
  }

  const invoice = state.data;
  const payUrl = invoice.status === 'pending' ? invoice.pay_url : null;
  return (
    <section className="invoice-page">
      <div className="invoice-toolbar">
        <a href={Path.invoice}>{t.allInvoices}</a>
        <span className="invoice-actions">
          {payUrl ? (
            // A new tab, like the subscription modal: the payment page is not a route of the app.
            <a className="button primary" href={payUrl} target="_blank" rel="noopener noreferrer">
              {t.pay}
            </a>
          ) : null}
          <button type="button" className="button secondary" onClick={() => window.print()}>
            {t.print}
          </button>
        </span>
      </div>
      <article className="invoice-doc" aria-labelledby="invoice-title">
        <header className="invoice-head">
          <h1 id="invoice-title">{t.title(invoice.number)}</h1>
          <p>{t.from(formatDate(invoice.date))}</p>
          <p>
            {t.status}: <StatusBadge status={invoice.status} />
            {invoice.status === 'paid' && invoice.paid_at ? <span className="muted"> ({t.paidAt(formatDate(invoice.paid_at))})</span> : null}
          </p>
        </header>
        <dl className="invoice-parties">
          <div>
            <dt>{t.seller}</dt>
            <dd>
              <strong>{invoice.seller.name}</strong>
              <br />
              {invoice.seller.details}
            </dd>
          </div>
          <div>
            <dt>{t.buyer}</dt>
            <dd>
              <strong>{invoice.buyer.school_title}</strong> ({invoice.buyer.school_name})
              {invoice.buyer.owner_email ? (
                <>
                  <br />
                  {invoice.buyer.owner_email}
                </>
              ) : null}
            </dd>
          </div>
        </dl>
        <div className="table-scroll">
          <table className="invoice-items">
            <thead>
              <tr>
                <th scope="col">{t.itemIndex}</th>
                <th scope="col">{t.itemName}</th>
                <th scope="col">{t.quantity}</th>
                <th scope="col">{t.amount}</th>
              </tr>
            </thead>
            <tbody>
              {invoice.items.map((item, index) => (
                <tr key={index}>
                  <td>{index + 1}</td>
                  <td>{item.name}</td>
                  <td>{item.quantity}</td>
                  <td>{formatMoney(item.amount, invoice.currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {t.total}
                </th>
                <td>{formatMoney(invoice.total, invoice.currency)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </article>
    </section>
  );
}
