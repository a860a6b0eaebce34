import {
  $user,
  apiCall,
  commonMessages,
  isHit,
  Path,
  planButton,
  planPrice,
  plural,
  pluralForm,
  resolvePlans,
  Role,
  subscriptionMessages,
  tariffsMessages,
  visiblePlans,
  type ApiAnswer,
  type BillingPeriod,
  type TariffPlan,
} from '#core';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { appSession } from '../../app-session.ts';
import { $router } from '../../router.ts';
import { SubscriptionModal } from './subscription-modal.tsx';
import { PlanLimits } from '../../../views/tariffs/plan-limits.tsx';

const t = tariffsMessages;

/** After the payment page returns with ?payment=success: ask again this often, this many times. */
export const PAYMENT_POLL_ATTEMPTS = 5;
export const PAYMENT_POLL_INTERVAL_MS = 2000;

/** `GET /{school}/current_tariff/` (admins only). */
export type CurrentTariff = ApiAnswer<'GET {school}/current_tariff/'>;

type PaymentOutcome = 'success' | 'declined';

function paymentFromUrl(): PaymentOutcome | null {
  const value = new URLSearchParams(window.location.search).get('payment');
  return value === 'success' || value === 'declined' ? value : null;
}

/** What changes when a payment went through: the plan, or the paid period of the same plan. */
function tariffSignature(current: CurrentTariff | null): string {
  return current ? `${String(current.tariff)}|${current.tariff_name ?? ''}|${current.paid_until ?? ''}` : '';
}

function formatDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** 'остался 1 день', 'осталось 3 дня', 'осталось 12 дней'. */
function daysLeft(days: number): string {
  return `${pluralForm(days, t.daysLeftVerb)} ${plural(days, t.days)}`;
}

export interface TariffPlansPageProps {
  /** The school of the address, /school/{school}/tariff-plans. */
  school: string;
  /** Tests shorten the wait between the checks after a payment. */
  pollIntervalMs?: number;
}

/**
 * The school's tariff page (spec §2, §4, §9): the plans with the monthly/yearly toggle; an admin
 * also sees the school's current plan and a button per card that opens the subscription modal.
 */
export default function TariffPlansPage({ school, pollIntervalMs = PAYMENT_POLL_INTERVAL_MS }: TariffPlansPageProps) {
  const isAdmin = useStore($user).role === Role.Admin;
  const [plans, setPlans] = useState<TariffPlan[] | null>(null);
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [current, setCurrent] = useState<CurrentTariff | null>(null);
  const [payment] = useState<PaymentOutcome | null>(paymentFromUrl);
  const [buying, setBuying] = useState<{ plan: TariffPlan; opener: HTMLElement } | null>(null);

  // The list is public; a failed or empty answer means the built-in plans, not an error.
  useEffect(() => {
    let live = true;
    apiCall(appSession().api, 'GET schools_tariff/', { auth: false })
      .catch(() => null)
      .then((list) => live && setPlans(resolvePlans(list)));
    return () => {
      live = false;
    };
  }, []);

  // The notice is read once; the address loses ?payment so a reload does not repeat it.
  useEffect(() => {
    if (payment) $router.open(window.location.pathname, true);
  }, [payment]);

  // The current plan (admins only; anything else reads as unknown). After a successful payment
  // the webhook may still be on its way: ask again until the plan or its paid period changes.
  useEffect(() => {
    if (!isAdmin) {
      setCurrent(null);
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => apiCall(appSession().api, 'GET {school}/current_tariff/', { path: { school } }).catch(() => null);
    void load().then((first) => {
      if (!live) return;
      setCurrent(first);
      if (payment !== 'success') return;
      const before = tariffSignature(first);
      let attempts = 0;
      const poll = async () => {
        attempts += 1;
        const next = await load();
        if (!live) return;
        if (next) setCurrent(next);
        const changed = next !== null && tariffSignature(next) !== before;
        if (!changed && attempts < PAYMENT_POLL_ATTEMPTS) timer = setTimeout(() => void poll(), pollIntervalMs);
      };
      timer = setTimeout(() => void poll(), pollIntervalMs);
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [school, isAdmin, payment, pollIntervalMs]);

  const shown = plans ? visiblePlans(plans, period) : null;

  return (
    <section className="tariff-plans-page" aria-labelledby="tariff-plans-title">
      <header className="tp-head">
        <h1 id="tariff-plans-title">{t.title}</h1>
        <p className="muted">{t.subtitle}</p>
      </header>

      {payment === 'success' ? (
        <p className="tp-notice success" role="status">
          {subscriptionMessages.paymentSuccess}
        </p>
      ) : null}
      {payment === 'declined' ? (
        <p className="tp-notice declined" role="alert">
          {subscriptionMessages.paymentDeclined}
        </p>
      ) : null}

      {current?.tariff_name ? <CurrentPlan current={current} name={current.tariff_name} /> : null}
      {isAdmin ? (
        <p className="tp-invoices">
          <a href={Path.invoice}>Счета</a>
        </p>
      ) : null}

      {plans && shown ? (
        <>
          {shown.showToggle ? <Toggle period={period} onPeriod={setPeriod} /> : null}
          {/* Scrolls sideways on a phone: focusable, so the keyboard scrolls it too. */}
          <ul className="tp-cards" tabIndex={0}>
            {shown.plans.map((plan, index) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                hit={isHit(index)}
                period={period}
                button={planButton({ plan, plans, currentTariffName: current?.tariff_name, isAdmin })}
                onConnect={(opener) => setBuying({ plan, opener })}
              />
            ))}
          </ul>
          <p className="tp-consult">
            <a className="button secondary small" href={t.contactLink} target="_blank" rel="noopener noreferrer">
              {t.consultation}
            </a>
          </p>
        </>
      ) : (
        <p className="tp-loading" role="status">
          {t.loading}
        </p>
      )}

      {buying ? <SubscriptionModal plan={buying.plan} opener={buying.opener} school={school} initialMonths={period === 'yearly' ? 12 : 1} onClose={() => setBuying(null)} /> : null}
    </section>
  );
}

function CurrentPlan({ current, name }: { current: CurrentTariff; name: string }) {
  const paidUntil = current.paid_until ? formatDate(current.paid_until) : null;
  return (
    <div className="tp-current">
      <p className="tp-current-name">
        {t.yourPlan} <strong>{name}</strong>
        {current.trial ? <span className="tp-trial">{t.trial}</span> : null}
      </p>
      {current.days_left !== null || paidUntil ? (
        <p className="muted">{[current.days_left !== null ? daysLeft(current.days_left) : null, paidUntil ? t.paidUntil(paidUntil) : null].filter(Boolean).join(', ')}</p>
      ) : null}
    </div>
  );
}

function Toggle({ period, onPeriod }: { period: BillingPeriod; onPeriod: (period: BillingPeriod) => void }) {
  return (
    <div className="tp-toggle" role="group" aria-label={t.periodLabel}>
      <button type="button" aria-pressed={period === 'monthly'} onClick={() => onPeriod('monthly')}>
        {t.monthly}
      </button>
      <button type="button" aria-pressed={period === 'yearly'} onClick={() => onPeriod('yearly')}>
        {t.yearly}
        <span className="tp-save">{t.savePercent}</span>
      </button>
    </div>
  );
}

interface PlanCardProps {
  plan: TariffPlan;
  hit: boolean;
  period: BillingPeriod;
  button: ReturnType<typeof planButton>;
  onConnect: (opener: HTMLElement) => void;
}

function PlanCard({ plan, hit, period, button, onConnect }: PlanCardProps) {
  const hintId = useId();
  const price = planPrice(plan, period);
  return (
    <li className={hit ? 'tp-card hit' : 'tp-card'}>
      {hit ? <span className="tp-badge">{t.hit}</span> : null}
      <h2 className="tp-name">{plan.name}</h2>
      <p className="tp-price">
        {price}
        {price === commonMessages.free ? null : <span className="tp-per">{period === 'monthly' ? ` ${t.perMonth}` : ` ${t.perYear}`}</span>}
      </p>
      <PlanLimits plan={plan} className="tp-limits" />
      {button ? (
        <div className="tp-action">
          {button.kind === 'connect' ? (
            <button type="button" className="button primary" onClick={(event) => onConnect(event.currentTarget)}>
              {button.label}
            </button>
          ) : (
            <button type="button" className="button" disabled aria-describedby={button.hint ? hintId : undefined}>
              {button.label}
            </button>
          )}
          {button.hint ? (
            <p className="tp-hint" id={hintId}>
              {button.hint}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
