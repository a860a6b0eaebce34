import { type BillingPeriod, isHit, Path, planPrice, PRIMARY_DEFAULT_PLANS, resolvePlans, type TariffPlan, toTariffPlan, visiblePlans, commonMessages, tariffsMessages } from '#core';
import { useEffect, useRef, useState } from 'react';
import { getPublic, resolveApiBase } from '../shared/public-client.ts';
import { Loading } from '../shared/status-views.tsx';
import { useResource } from '../shared/use-resource.ts';
import type { WidgetHostProps } from '../shared/widget-types.ts';
import { PlanLimits } from './plan-limits.tsx';

export interface TariffsProps extends WidgetHostProps {
  /** 'monthly' (default) or 'yearly'. */
  period?: string | undefined;
  /** Reserved: the school whose current plan to mark. */
  school?: string | undefined;
}

const t = tariffsMessages;

type FeatureKey = keyof typeof t.features;

/**
 * The comparison table (spec §2 lists the features, not who gets which). Our matrix, by the plan's
 * rank among the shown cards (cheapest first; ranks past the last column read as the top plan):
 * the basics of teaching come with every plan; AI, smart comments, analytics and mailing from the
 * middle plan; a separate site per course and the mobile app only with the top plan.
 */
const FEATURES: readonly (readonly [FeatureKey, readonly [boolean, boolean, boolean]])[] = [
  ['messenger', [true, true, true]],
  ['autoCredit', [true, true, true]],
  ['certificates', [true, true, true]],
  ['catalog', [true, true, true]],
  ['ai', [false, true, true]],
  ['homework', [true, true, true]],
  ['smartComments', [false, true, true]],
  ['analytics', [false, true, true]],
  ['coursePages', [false, false, true]],
  ['mailing', [false, true, true]],
  ['mobileApp', [false, false, true]],
];

function hasFeature(tiers: readonly [boolean, boolean, boolean], rank: number): boolean {
  return tiers[Math.min(rank, tiers.length - 1)] ?? false;
}

function toPeriod(value: string | undefined): BillingPeriod {
  return value === 'yearly' ? 'yearly' : 'monthly';
}

interface Loaded {
  plans: TariffPlan[];
  source: 'server' | 'defaults';
}

/** The server list, else the defaults: a failed or empty answer is not an error on this page. */
async function loadPlans(apiBase: string): Promise<Loaded> {
  const list = await getPublic<'GET schools_tariff/'>(apiBase, 'schools_tariff/').catch(() => null);
  const usable = Array.isArray(list) && list.some((item) => toTariffPlan(item) !== null);
  return { plans: resolvePlans(usable ? list : null, PRIMARY_DEFAULT_PLANS), source: usable ? 'server' : 'defaults' };
}

/** The public part of the tariff page (spec §2, §4, §9). */
export function Tariffs(props: TariffsProps) {
  const apiBase = resolveApiBase(props.apiBase);
  const createSchool = `${apiBase}${Path.createSchool}`;
  const resource = useResource(`tariffs:${apiBase}`, () => loadPlans(apiBase));

  // The attribute sets the toggle; a later attribute change (or its removal) wins over a click.
  const [period, setPeriod] = useState<BillingPeriod>(() => toPeriod(props.period));
  useEffect(() => setPeriod(toPeriod(props.period)), [props.period]);

  const emit = props.emit;
  const loaded = resource.status === 'ready' ? resource.data : undefined;
  useEffect(() => {
    if (loaded) emit?.('ch-ready', { plans: loaded.plans.length, source: loaded.source });
    // Once per load: `loaded` changes only when a new answer arrives.
  }, [loaded]);

  return (
    <div className="tariffs">
      <h2 className="title">{t.title}</h2>
      {loaded ? (
        <Plans
          plans={loaded.plans}
          period={period}
          onPeriod={setPeriod}
          createSchool={createSchool}
          onSelect={(plan) => emit?.('ch-plan-select', { planId: plan.id, name: plan.name, period })}
        />
      ) : (
        <Loading text={t.loading} />
      )}
      <div className="offers">
        <Offer title={t.startTitle} lead={t.startLead} items={t.startItems} />
        <Offer title={t.personalTitle} lead={t.personalLead} items={t.personalItems} premium />
      </div>
      <section className="banner" part="banner">
        <h3>{t.bannerTitle}</h3>
        <a className="ch-button" part="button" href={createSchool}>
          {t.tryFree}
        </a>
      </section>
    </div>
  );
}

interface PlansProps {
  plans: TariffPlan[];
  period: BillingPeriod;
  onPeriod: (period: BillingPeriod) => void;
  createSchool: string;
  onSelect: (plan: TariffPlan) => void;
}

function Plans({ plans, period, onPeriod, createSchool, onSelect }: PlansProps) {
  const shown = visiblePlans(plans, period);
  return (
    <>
      {shown.showToggle ? <Toggle period={period} onPeriod={onPeriod} /> : null}
      <Carousel plans={shown.plans} period={period} createSchool={createSchool} onSelect={onSelect} />
      <Comparison plans={shown.plans} />
    </>
  );
}

function Toggle({ period, onPeriod }: { period: BillingPeriod; onPeriod: (period: BillingPeriod) => void }) {
  return (
    <div className="toggle" role="group" aria-label={t.periodLabel} part="toggle">
      <button type="button" className="period" aria-pressed={period === 'monthly'} onClick={() => onPeriod('monthly')}>
        {t.monthly}
      </button>
      <button type="button" className="period" aria-pressed={period === 'yearly'} onClick={() => onPeriod('yearly')}>
        {t.yearly}
        <span className="save">{t.savePercent}</span>
      </button>
    </div>
  );
}

interface CarouselProps {
  plans: TariffPlan[];
  period: BillingPeriod;
  createSchool: string;
  onSelect: (plan: TariffPlan) => void;
}

/**
 * Cards side by side; at widths up to 480 px (a container query in the styles) the same list is a
 * scroll-snap row showing one card at a time, swiped natively, with dots that scroll to a card.
 */
function Carousel({ plans, period, createSchool, onSelect }: CarouselProps) {
  const row = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const ids = plans.map((plan) => plan.id).join();

  // Another period shows other cards: start again from the first one.
  useEffect(() => {
    setActive(0);
    if (row.current) row.current.scrollLeft = 0;
  }, [ids]);

  // Distance between two neighbouring cards (one card width plus the gap).
  const step = (el: HTMLUListElement) => {
    const [first, second] = [el.children[0] as HTMLElement | undefined, el.children[1] as HTMLElement | undefined];
    const measured = first && second ? second.offsetLeft - first.offsetLeft : 0;
    return measured > 0 ? measured : el.clientWidth;
  };

  const onScroll = () => {
    const el = row.current;
    if (!el) return;
    const size = step(el);
    if (size > 0) setActive(Math.min(plans.length - 1, Math.max(0, Math.round(el.scrollLeft / size))));
  };

  const goTo = (index: number) => {
    setActive(index);
    const el = row.current;
    if (!el) return;
    const left = index * step(el);
    // The smoothness comes from the styles' scroll-behavior (off under reduced motion).
    if (typeof el.scrollTo === 'function') el.scrollTo({ left });
    else el.scrollLeft = left;
  };

  return (
    <div className="carousel">
      <ul className="cards" part="cards" ref={row} onScroll={onScroll}>
        {plans.map((plan, index) => (
          <li key={plan.id} className={isHit(index) ? 'card hit' : 'card'} part="card">
            {isHit(index) ? (
              <span className="badge" part="badge">
                {t.hit}
              </span>
            ) : null}
            <h3 className="plan-name">{plan.name}</h3>
            <Price plan={plan} period={period} />
            <PlanLimits plan={plan} className="limits" />
            <a className="ch-button" part="button" href={createSchool} onClick={() => onSelect(plan)}>
              {t.connect}
            </a>
          </li>
        ))}
      </ul>
      {plans.length > 1 ? (
        <div className="dots" role="group" aria-label={t.slides}>
          {plans.map((plan, index) => (
            <button
              key={plan.id}
              type="button"
              className="dot"
              aria-label={t.showPlan(plan.name)}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => goTo(index)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function Price({ plan, period }: { plan: TariffPlan; period: BillingPeriod }) {
  const price = planPrice(plan, period);
  return (
    <p className="price" part="price">
      {price}
      {price === commonMessages.free ? null : <span className="per">{period === 'monthly' ? ` ${t.perMonth}` : ` ${t.perYear}`}</span>}
    </p>
  );
}

function Comparison({ plans }: { plans: TariffPlan[] }) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table part="table">
        <caption>{t.comparisonCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.feature}</th>
            {plans.map((plan) => (
              <th key={plan.id} scope="col">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FEATURES.map(([key, tiers]) => (
            <tr key={key}>
              <th scope="row">{t.features[key]}</th>
              {plans.map((plan, rank) =>
                hasFeature(tiers, rank) ? (
                  <td key={plan.id} className="yes">
                    <span aria-hidden="true">✓</span>
                    <span className="ch-visually-hidden">{t.included}</span>
                  </td>
                ) : (
                  <td key={plan.id} className="no">
                    <span aria-hidden="true">—</span>
                    <span className="ch-visually-hidden">{t.notIncluded}</span>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Offer({ title, lead, items, premium = false }: { title: string; lead: string; items: readonly string[]; premium?: boolean }) {
  return (
    <section className={premium ? 'offer premium' : 'offer'}>
      <h3>{title}</h3>
      <p className="lead">{lead}</p>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <a className="ch-button secondary" part="button" href={t.contactLink} target="_blank" rel="noopener noreferrer">
        {t.consultation}
      </a>
    </section>
  );
}
