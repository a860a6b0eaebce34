/**
 * Tariff plan rules of the tariff page (spec §2, §4, §9): which plans to show, in what order,
 * how prices and limits read, and which button each card carries.
 */
import type { ApiAnswer } from './api-call.ts';
import { tariffsMessages } from './messages.ts';
import { DEFAULT_CURRENCY, formatMoney, toMinorUnits } from './money.ts';

/**
 * One plan as `GET /schools_tariff/` returns it (spec §3): price the monthly BYN price as a decimal
 * string ('468.00'), discount_12_months_byn the yearly one; a null limit means unlimited.
 */
export type TariffPlan = ApiAnswer<'GET schools_tariff/'>[number];

export type BillingPeriod = 'monthly' | 'yearly';

function defaultPlan(
  id: number,
  name: string,
  price: string,
  courses: number,
  staff: number | null,
  studentsPerMonth: number,
): Readonly<TariffPlan> {
  return Object.freeze({
    id,
    name,
    price,
    price_rf_rub: null,
    number_of_courses: courses,
    number_of_staff: staff,
    students_per_month: studentsPerMonth,
    // The spec gives no total or per-month count for the defaults, so they read as unlimited.
    total_students: null,
    student_count_by_month: null,
    // Spec §9: the yearly price field of a default plan equals its monthly price.
    discount_12_months_byn: price,
  });
}

/** Built-in plans used when the server list fails or is empty; ids 2–4 match the yearly filter. */
export const PRIMARY_DEFAULT_PLANS: readonly Readonly<TariffPlan>[] = Object.freeze([
  defaultPlan(2, 'Junior', '468.00', 1, 1, 10),
  defaultPlan(3, 'Middle', '948.00', 10, 11, 50),
  defaultPlan(4, 'Senior', '1788.00', 50, null, 500),
]);

/** The second default set of spec §9 (ids 17–19). */
export const SECONDARY_DEFAULT_PLANS: readonly Readonly<TariffPlan>[] = Object.freeze([
  defaultPlan(17, 'Junior', '970.00', 3, 3, 10),
  defaultPlan(18, 'Middle', '1570.00', 10, 10, 50),
  defaultPlan(19, 'Senior', '4570.00', 50, null, 500),
]);

/** Yearly mode shows only these plans (spec §4). */
export const YEARLY_PLAN_IDS: readonly number[] = Object.freeze([2, 3, 4]);

/** Monthly mode shows this many of the cheapest plans. */
export const MONTHLY_PLAN_LIMIT = 3;

/** Index of the card that carries the 'ХИТ' badge in the visible list. */
export const HIT_INDEX = 1;

/** A decimal amount from a string or number; NaN when it is not one. Accepts a decimal comma. */
export function parseAmount(value: string | number | null | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  return Number(value.trim().replace(',', '.'));
}

/** Plans without a readable price sort last instead of breaking the order. */
function sortKey(plan: Pick<TariffPlan, 'price'>): number {
  const price = parseAmount(plan.price);
  return Number.isFinite(price) ? price : Number.POSITIVE_INFINITY;
}

/** A copy sorted by price ascending; equal prices keep their order. */
export function sortPlansByPrice(plans: readonly Readonly<TariffPlan>[]): TariffPlan[] {
  // `|| 0`: two unreadable prices give Infinity − Infinity = NaN, which sort must not see.
  return plans.map((plan) => ({ ...plan })).sort((a, b) => sortKey(a) - sortKey(b) || 0);
}

function nullableCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function nullableDecimal(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/**
 * One server list item as a plan, or null when it lacks an id, a name or a numeric price.
 * Missing limits become null (unlimited), as the server sends them.
 */
export function toTariffPlan(raw: unknown): TariffPlan | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const item = raw as Record<string, unknown>;
  const { id, name } = item;
  const price = nullableDecimal(item['price']);
  if (typeof id !== 'number' || typeof name !== 'string' || price === null) return null;
  if (!Number.isFinite(parseAmount(price))) return null;
  const rub = item['price_rf_rub'];
  return {
    id,
    name,
    price,
    price_rf_rub: typeof rub === 'number' && Number.isFinite(rub) ? rub : null,
    number_of_courses: nullableCount(item['number_of_courses']),
    number_of_staff: nullableCount(item['number_of_staff']),
    students_per_month: nullableCount(item['students_per_month']),
    total_students: nullableCount(item['total_students']),
    student_count_by_month: nullableCount(item['student_count_by_month']),
    discount_12_months_byn: nullableDecimal(item['discount_12_months_byn']),
  };
}

/**
 * The plans of the page: the server list when it holds at least one usable plan, else the
 * defaults (the caller passes null when the request failed); always sorted by price ascending.
 */
export function resolvePlans(
  serverList: unknown,
  defaults: readonly Readonly<TariffPlan>[] = PRIMARY_DEFAULT_PLANS,
): TariffPlan[] {
  const fromServer = Array.isArray(serverList)
    ? serverList.map(toTariffPlan).filter((plan): plan is TariffPlan => plan !== null)
    : [];
  return sortPlansByPrice(fromServer.length > 0 ? fromServer : defaults);
}

export interface VisiblePlans {
  plans: TariffPlan[];
  /** False when there is a single plan: it is shown alone, without the monthly/yearly toggle. */
  showToggle: boolean;
}

/** The cards for a period, from the price-sorted list that resolvePlans returns. */
export function visiblePlans(sorted: readonly TariffPlan[], period: BillingPeriod): VisiblePlans {
  // With one plan there is nothing to toggle between, and hiding it must not leave an empty page.
  if (sorted.length <= 1) return { plans: [...sorted], showToggle: false };
  const plans =
    period === 'yearly'
      ? sorted.filter((plan) => YEARLY_PLAN_IDS.includes(plan.id))
      : sorted.slice(0, MONTHLY_PLAN_LIMIT);
  return { plans, showToggle: true };
}

/** Whether the card at this index of the visible list carries the 'ХИТ' badge. */
export function isHit(index: number): boolean {
  return index === HIT_INDEX;
}

/**
 * A plan's BYN price (a decimal string, spec §3) as the card shows it, through the platform's one
 * money rule: 'бесплатно' for zero, '468 BYN', '1 788 BYN', '468,50 BYN'. Text that is not an
 * amount comes back trimmed, without the currency.
 */
export function formatPrice(value: string | number | null | undefined): string {
  const amount = parseAmount(value);
  // Text that is not an amount is shown as given rather than dressed up as a price.
  if (!Number.isFinite(amount)) return String(value ?? '').trim();
  return formatMoney(toMinorUnits(amount, DEFAULT_CURRENCY), DEFAULT_CURRENCY);
}

/** The price of a card for a period; yearly falls back to the monthly price when unset. */
export function planPrice(plan: Readonly<TariffPlan>, period: BillingPeriod): string {
  const yearly = plan.discount_12_months_byn;
  const value = period === 'yearly' && yearly !== null && yearly.trim() !== '' ? yearly : plan.price;
  return formatPrice(value);
}

/** A limit of a card: null, undefined or '' read as unlimited; 0 stays '0'. */
export function formatLimit(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return tariffsMessages.unlimited;
  return String(value);
}

export type PlanButtonKind = 'connect' | 'current' | 'unavailable';

export interface PlanButton {
  kind: PlanButtonKind;
  label: string;
  disabled: boolean;
  hint?: string;
}

export interface PlanButtonInput {
  plan: Readonly<TariffPlan>;
  /** The full resolved list (not only the visible cards), so a hidden current plan still counts. */
  plans: readonly Readonly<TariffPlan>[];
  /** tariff_name of the school's current tariff; null or undefined when unknown. */
  currentTariffName: string | null | undefined;
  /** Only Admin sees tariff buttons (spec §6). */
  isAdmin: boolean;
}

const CONNECT: PlanButton = { kind: 'connect', label: tariffsMessages.connect, disabled: false };

/** The button of one card (spec §4), or null when the viewer gets no button. */
export function planButton({ plan, plans, currentTariffName, isAdmin }: PlanButtonInput): PlanButton | null {
  if (!isAdmin) return null;
  const sorted = sortPlansByPrice(plans);
  const currentIndex = currentTariffName ? sorted.findIndex((p) => p.name === currentTariffName) : -1;
  if (currentIndex === -1) return { ...CONNECT };
  if (plan.name === currentTariffName) {
    return { kind: 'current', label: tariffsMessages.currentPlan, disabled: true };
  }
  const planIndex = sorted.findIndex((p) => p.name === plan.name);
  if (planIndex !== -1 && planIndex < currentIndex) {
    return {
      kind: 'unavailable',
      label: tariffsMessages.unavailable,
      disabled: true,
      hint: tariffsMessages.unavailableHint,
    };
  }
  return { ...CONNECT };
}
