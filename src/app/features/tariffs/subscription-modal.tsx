import {
  amountPerMonth,
  apiCall,
  ApiError,
  buildSubscribePayload,
  commonMessages,
  currencyCode,
  formatMoney,
  isMonthOption,
  MONTH_OPTIONS,
  periodLabel,
  subscribeErrorOutcome,
  subscriptionMessages,
  type ApiAnswer,
  type MonthOption,
} from '#core';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { appSession } from '../../app-session.ts';
import { FormError, TextField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';

const s = subscriptionMessages;

/** The 201 answer of `POST /{school}/subscribe/`. */
export type SubscribeReply = ApiAnswer<'POST {school}/subscribe/'>;

export interface SubscriptionModalProps {
  /** The plan being bought; its name is the payload's `tariff`. */
  plan: { name: string };
  /** The school name of the URL (`/{school}/subscribe/`). */
  school: string;
  /** The preselected period: 12 from the yearly cards, else 1 month. */
  initialMonths?: MonthOption;
  /** Where focus returns on close; by default the element that had focus when the dialog opened. */
  opener?: HTMLElement | null;
  onClose: () => void;
}

type Step = 'choose' | 'confirm' | 'done';

/** Only a web page may be opened as the payment page (never a javascript: or data: URL). */
function paymentUrl(raw: string): string | null {
  try {
    const url = new URL(raw, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Buying a plan (spec §4): 1) the period and an optional promo code, 2) the confirmation with the
 * amount from the server, 3) "the order is being processed" after the payment page was opened in a
 * new tab. On the kit's Modal: focus moves in and returns to the opener, Tab stays inside, Escape, the
 * close button or a double click on the backdrop close it; each step puts focus on its main control.
 */
export function SubscriptionModal({ plan, school, initialMonths = MONTH_OPTIONS[0], opener: givenOpener, onClose }: SubscriptionModalProps) {
  const ids = useId();
  const [step, setStep] = useState<Step>('choose');
  const [months, setMonths] = useState<MonthOption>(initialMonths);
  const [promo, setPromo] = useState('');
  const [promoError, setPromoError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<SubscribeReply | null>(null);

  const firstField = useRef<HTMLInputElement>(null);
  const payButton = useRef<HTMLButtonElement>(null);
  const doneButton = useRef<HTMLButtonElement>(null);
  const mounted = useRef(true);

  // An answer that arrives after the dialog closed changes nothing.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Each step puts focus on its main control (the Modal focuses the first step's on open).
  useEffect(() => {
    const target = step === 'choose' ? firstField.current : step === 'confirm' ? payButton.current : doneButton.current;
    target?.focus();
  }, [step]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setPromoError(null);
    setFormError(null);
    try {
      const body = buildSubscribePayload({ tariff: plan.name, months, promoCode: promo });
      const answer = await apiCall(appSession().api, 'POST {school}/subscribe/', { path: { school }, body });
      if (!mounted.current) return;
      setReply(answer);
      setStep('confirm');
    } catch (cause) {
      if (!mounted.current) return;
      const outcome = subscribeErrorOutcome(cause instanceof ApiError ? cause.status : 0);
      const otherField = cause instanceof ApiError && cause.fields !== undefined && Object.keys(cause.fields).length > 0 && !('promo_code' in cause.fields);
      if (outcome.kind === 'promo' && !otherField) setPromoError(outcome.message);
      else if (outcome.kind === 'error' || outcome.kind === 'promo') {
        // A 4xx carries the server's reason (safe to show, e.g. a cheaper plan while one is paid);
        // a lost connection or a server failure gets the general message.
        const status = cause instanceof ApiError ? cause.status : 0;
        setFormError(cause instanceof ApiError && status >= 400 && status < 500 ? cause.message : outcome.message);
      }
      // 'ignore' (405): spec §8 says nothing happens.
    } finally {
      if (mounted.current) setBusy(false);
    }
  }

  function backToChoice() {
    setFormError(null);
    setStep('choose');
  }

  function goToPayment() {
    const url = reply ? paymentUrl(reply.redirect_url) : null;
    if (!url) {
      setFormError(s.failed);
      return;
    }
    window.open(url, '_blank', 'noopener');
    setStep('done');
  }

  return (
    <Modal title={s.title(plan.name)} onClose={onClose} opener={givenOpener} initialFocus={firstField} closeOnBackdropDoubleClick>
      {step === 'choose' ? (
        <form className="modal-step" onSubmit={submit} noValidate aria-busy={busy}>
          <fieldset className="month-options">
            <legend>{s.monthsLegend}</legend>
            {MONTH_OPTIONS.map((option) => (
              <label key={option} className="month-option">
                <input
                  ref={option === months ? firstField : undefined}
                  type="radio"
                  name={`${ids}-months`}
                  value={option}
                  checked={option === months}
                  onChange={() => setMonths(option)}
                />
                {periodLabel(option)}
              </label>
            ))}
          </fieldset>
          <TextField
            label={s.promoLabel}
            name="promo_code"
            autoComplete="off"
            value={promo}
            onChange={(value) => {
              setPromo(value);
              setPromoError(null);
            }}
            error={promoError}
          />
          <FormError message={formError} />
          <div className="modal-actions">
            <button type="submit" className="button primary" disabled={busy}>
              {busy ? s.nextBusy : s.next}
            </button>
          </div>
        </form>
      ) : null}

      {step === 'confirm' && reply ? (
        <Confirmation reply={reply} months={months} planName={plan.name} error={formError} payButton={payButton} onChange={backToChoice} onPay={goToPayment} />
      ) : null}

      {step === 'done' ? (
        <div className="modal-step">
          <p className="modal-done" role="status">
            {s.processing}
          </p>
          <div className="modal-actions">
            <button ref={doneButton} type="button" className="button primary" onClick={onClose}>
              {commonMessages.close}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

interface ConfirmationProps {
  reply: SubscribeReply;
  months: MonthOption;
  planName: string;
  error: string | null;
  payButton: RefObject<HTMLButtonElement | null>;
  onChange: () => void;
  onPay: () => void;
}

function Confirmation({ reply, months: chosen, planName, error, payButton, onChange, onPay }: ConfirmationProps) {
  // The server says how many months this payment covers; the choice stands in if it does not.
  const months = isMonthOption(reply.plan.months) ? reply.plan.months : chosen;
  const currency = currencyCode(reply.plan.currency);
  const total = reply.plan.amount;
  return (
    <div className="modal-step">
      <h3 className="modal-step-title">{s.confirmTitle}</h3>
      <dl className="order-summary">
        <div>
          <dt>{s.plan}</dt>
          <dd>{reply.plan.tariff || planName}</dd>
        </div>
        <div>
          <dt>{s.period}</dt>
          <dd>{periodLabel(months)}</dd>
        </div>
        <div>
          <dt>{s.payable}</dt>
          {/* A free order reads 'бесплатно', not 'бесплатно в месяц'. */}
          <dd>{total === 0 ? formatMoney(0, currency) : `${formatMoney(amountPerMonth(total, months), currency)} ${s.perMonth}`}</dd>
        </div>
        <div className="order-total">
          <dt>{s.total}</dt>
          <dd>{formatMoney(total, currency)}</dd>
        </div>
      </dl>
      <FormError message={error} />
      <div className="modal-actions">
        <button type="button" className="button secondary" onClick={onChange}>
          {s.change}
        </button>
        <button ref={payButton} type="button" className="button primary" onClick={onPay}>
          {s.goToPayment}
        </button>
      </div>
    </div>
  );
}
