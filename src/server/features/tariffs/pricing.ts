// What a plan costs and how long it lasts: pure arithmetic in minor units, so the amount a school
// pays is always computed here on the server and never taken from the client.
import type { SubscriptionType } from '#core/subscription';

/** The periods the subscription modal offers (spec §5). */
export const PAYS_COUNTS = [1, 3, 6, 12] as const;
export type PaysCount = (typeof PAYS_COUNTS)[number];

export const PAYMENT_CURRENCY = 'BYN';

export interface Promo {
  kind: 'percent' | 'fixed';
  /** Percent 1–100, or minor units for 'fixed'. */
  value: number;
}

export interface Quote {
  /** Months the payment activates: all of them up front, one for 'monthly'. */
  months: number;
  paysCount: number;
  /** Before the promo, minor units. */
  subtotal: number;
  discount: number;
  /** What is charged now, minor units, never below 0. */
  amount: number;
}

/** '468' / '468.00' / '12.5' (BYN) → minor units; a malformed price is a data bug, so it throws. */
export function priceToMinor(price: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) throw new RangeError(`price must be a decimal amount, got "${price}"`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 36800 → '368.00' (for payment pages and the Prodamus form). */
export function minorToDecimal(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** The free 'Start' trial (price 0) is given at sign-up and cannot be bought. */
export function isPurchasable(price: string): boolean {
  return priceToMinor(price) > 0;
}

/**
 * The amount for `paysCount` months of a plan at `monthlyPrice` (minor units). 'upfront' charges
 * every month now; 'monthly' charges the first month now (later months are separate payments).
 * A percent promo is rounded to whole minor units; a fixed one never takes the amount below 0.
 */
export function quote(input: { monthlyPrice: number; subscriptionType: SubscriptionType; paysCount: number; promo?: Promo | null }): Quote {
  const { monthlyPrice, subscriptionType, paysCount, promo } = input;
  if (!Number.isInteger(monthlyPrice) || monthlyPrice <= 0) throw new RangeError(`monthlyPrice must be a positive whole number, got ${monthlyPrice}`);
  if (!(PAYS_COUNTS as readonly number[]).includes(paysCount)) throw new RangeError(`paysCount must be one of ${PAYS_COUNTS.join(', ')}, got ${paysCount}`);
  const months = subscriptionType === 'upfront' ? paysCount : 1;
  const subtotal = monthlyPrice * months;
  let discount = 0;
  if (promo?.kind === 'percent') discount = Math.round((subtotal * Math.min(100, Math.max(0, promo.value))) / 100);
  else if (promo?.kind === 'fixed') discount = Math.min(subtotal, Math.max(0, promo.value));
  return { months, paysCount, subtotal, discount, amount: subtotal - discount };
}

/** `date` plus calendar months in UTC; the day is clamped (31 January + 1 month = 28/29 February). */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

export interface CurrentPlan {
  tariffId: number | null;
  /** Monthly price of the current plan, minor units (0 for the trial). */
  monthlyPrice: number;
  paidUntil: Date | null;
}

/**
 * The new end of the paid period when a payment for `months` of plan `tariffId` is applied. The
 * same plan extends from the later of now and its current end. Another plan takes over the unused
 * paid time converted at the price ratio (two Junior months left become one Senior month at a
 * quarter of the price…), so an upgrade is never a free gift and a raced downgrade loses nothing.
 */
export function paidPeriodEnd(now: Date, current: CurrentPlan, next: { tariffId: number; monthlyPrice: number; months: number }): Date {
  const remaining = current.paidUntil && current.paidUntil > now && current.monthlyPrice > 0 ? current.paidUntil.getTime() - now.getTime() : 0;
  const carried = current.tariffId === next.tariffId ? remaining : Math.floor((remaining * current.monthlyPrice) / next.monthlyPrice);
  return addMonths(new Date(now.getTime() + carried), next.months);
}
