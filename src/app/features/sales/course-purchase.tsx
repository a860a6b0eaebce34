import { formatMoney, salesMessages, toApiError, type ApiError } from '#core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { FormError, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { buyCourse, getOffer, getReceipt, type CourseOffer, type Receipt } from './sales-api.ts';

const b = salesMessages.buy;
const r = salesMessages.receipt;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POLL_MS = 3000;
const POLL_TIMES = 40;

const day = (iso: string) => new Date(iso).toLocaleDateString('ru-RU');

/** The order named in the return link (`/course-catalog/{course}?order=…&t=…`) of this course, if any. */
function returnedOrder(courseId: number): { id: string; token: string } | null {
  if (typeof window === 'undefined') return null;
  // Another course's preview opened from the same page buys that course.
  if (!new RegExp(`^/course-catalog/${courseId}/?$`).test(window.location.pathname)) return null;
  const query = new URLSearchParams(window.location.search);
  const id = query.get('order');
  const token = query.get('t');
  return id && token ? { id, token } : null;
}

/** The buyer's order after the payment page: its status (polled while pending), what happens next, and the receipt. */
function OrderReceipt({ id, token }: { id: string; token: string }) {
  const headingId = useId();
  const [round, setRound] = useState(0);
  const receipt = useResource(`course-receipt-${id}-${round}`, () => getReceipt(id, token));
  const [last, setLast] = useState<Receipt | null>(null);
  useEffect(() => {
    if (receipt.data) setLast(receipt.data);
  }, [receipt.data]);
  const shown = receipt.data ?? last;
  useEffect(() => {
    // The webhook may come a little after the payer: ask again while it is pending.
    if (shown?.status !== 'pending' || round >= POLL_TIMES) return;
    const timer = setTimeout(() => setRound((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [shown?.status, round]);

  if (!shown) {
    if (receipt.error) return <LoadError message={receipt.error.status === 404 ? r.notFound : receipt.error.message} onRetry={receipt.retry} />;
    return <p role="status">{r.loading}</p>;
  }
  const seller = [shown.seller.tax_id, shown.seller.address, shown.seller.bank_name, shown.seller.bank_code, shown.seller.bank_account, shown.seller.email, shown.seller.phone].filter(Boolean);
  return (
    <section className="course-receipt" aria-labelledby={headingId}>
      <h2 id={headingId}>{r.title}</h2>
      <p role="status" className={shown.status === 'declined' ? 'form-error' : undefined}>
        {shown.status === 'paid' ? `${r.paid} ${shown.access ? (r.access[shown.access] ?? '') : ''}` : shown.status === 'pending' ? r.pending : r.declined}
      </p>
      <dl className="course-receipt-facts">
        <div>
          <dt>{r.number}</dt>
          <dd>{shown.number}</dd>
        </div>
        <div>
          <dt>{r.date}</dt>
          <dd>{day(shown.date)}</dd>
        </div>
        <div>
          <dt>{r.seller}</dt>
          <dd>
            {shown.seller.name}
            {seller.length ? <span className="muted"> ({seller.join(', ')})</span> : null}
          </dd>
        </div>
        <div>
          <dt>{r.buyer}</dt>
          <dd>{shown.buyer.name ? `${shown.buyer.name}, ${shown.buyer.email}` : shown.buyer.email}</dd>
        </div>
        {shown.items.map((item) => (
          <div key={item.name}>
            <dt>{r.item}</dt>
            <dd>
              {item.name} — {formatMoney(item.amount, shown.currency)}
            </dd>
          </div>
        ))}
        <div>
          <dt>{r.total}</dt>
          <dd>
            <strong>{formatMoney(shown.total, shown.currency)}</strong>
          </dd>
        </div>
      </dl>
      {shown.seller.footer_text ? <p className="muted">{shown.seller.footer_text}</p> : null}
      <div className="page-actions">
        {shown.pay_url ? (
          <a className="button primary" href={shown.pay_url}>
            {r.pay}
          </a>
        ) : null}
        <button type="button" className="button secondary" onClick={() => window.print()}>
          {r.print}
        </button>
      </div>
    </section>
  );
}

/** «Купить»: the buyer's email (and name, phone, promo code), then off to the payment link. */
function BuyForm({ offer, navigate }: { offer: CourseOffer; navigate: (url: string) => void }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const buy = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  // The keyboard follows: into the form's first field as it opens, back to «Купить» as it closes.
  useEffect(() => {
    if (open) form.current?.querySelector('input')?.focus();
    else if (opened.current) buy.current?.focus();
    opened.current = open;
  }, [open]);
  const [values, setValues] = useState({ email: '', name: '', phone: '', promo_code: '' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const email = values.email.trim();
    const problems: Record<string, string> = !email ? { email: b.emailRequired } : EMAIL.test(email) ? {} : { email: b.emailInvalid };
    setLocal(problems);
    if (Object.keys(problems).length) return;
    const body: { email: string; name?: string; phone?: string; promo_code?: string } = { email };
    if (values.name.trim()) body.name = values.name.trim();
    if (values.phone.trim()) body.phone = values.phone.trim();
    if (values.promo_code.trim()) body.promo_code = values.promo_code.trim();
    setBusy(true);
    try {
      const made = await buyCourse(offer.course_id, body);
      navigate(made.payment_url);
    } catch (cause) {
      setError(toApiError(cause));
      setBusy(false);
    }
  }

  const problem = (field: string) => local[field] ?? error?.fieldMessage(field);

  return (
    <section className="course-purchase" aria-labelledby={headingId}>
      <h2 id={headingId}>{b.title}</h2>
      <p>
        {b.price}: <strong>{formatMoney(offer.price, offer.currency)}</strong>
      </p>
      {!open ? (
        <button ref={buy} type="button" className="button primary" onClick={() => setOpen(true)}>
          {b.button}
        </button>
      ) : (
        <form ref={form} className="course-purchase-form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="muted">{b.intro}</p>
          <TextField label={b.email} name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={problem('email')} maxLength={254} required />
          <TextField label={`${b.name} ${b.optional}`} name="name" autoComplete="name" value={values.name} onChange={set('name')} error={problem('name')} maxLength={150} />
          <TextField label={`${b.phone} ${b.optional}`} name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} error={problem('phone')} maxLength={20} />
          <TextField label={`${b.promo} ${b.optional}`} name="promo_code" value={values.promo_code} onChange={set('promo_code')} error={problem('promo_code')} maxLength={200} />
          <FormError message={error && !error.fields ? error.message : null} />
          <div className="page-actions">
            <button type="button" className="button secondary" onClick={() => setOpen(false)}>
              {b.cancel}
            </button>
            <SubmitButton busy={busy} label={b.submit} busyLabel={b.sending} />
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * Buying a catalogue course (issue 14), beside the course's preview: «Купить» when the course has a
 * price and its school a payment method; after the payment page, the order's status and receipt.
 * Shows nothing for a course that cannot be bought (the appeal form stays the way to ask).
 */
export default function CoursePurchase({ courseId, navigate = (url: string) => window.location.assign(url) }: { courseId: number; navigate?: (url: string) => void }) {
  const [returned] = useState(() => returnedOrder(courseId));
  const offer = useResource(returned ? null : `course-offer-${courseId}`, () => getOffer(courseId));
  if (returned) return <OrderReceipt id={returned.id} token={returned.token} />;
  if (!offer.data?.purchasable) return null;
  return <BuyForm offer={offer.data} navigate={navigate} />;
}
