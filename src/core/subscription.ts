/**
 * Rules of the subscription modal (spec §4, §5, §8): the payload of `POST /{school}/subscribe/`,
 * what an error status means for the form, and the amounts of the confirmation step.
 */
import type { ApiBody } from './api-call.ts';
import { subscriptionMessages } from './messages.ts';
import { plural } from './plural.ts';

/** The periods the modal offers, in months (spec §5). */
export const MONTH_OPTIONS = [1, 3, 6, 12] as const;

export type MonthOption = (typeof MONTH_OPTIONS)[number];

/** The request body of `POST /{school}/subscribe/`. */
export type SubscribePayload = ApiBody<'POST {school}/subscribe/'>;
export type SubscriptionType = SubscribePayload['subscription_type'];

export function isMonthOption(value: unknown): value is MonthOption {
  return MONTH_OPTIONS.includes(value as MonthOption);
}

/** Throws a RangeError for a period the modal does not offer: a caller bug, not user input. */
export function assertMonthOption(months: number): asserts months is MonthOption {
  if (!isMonthOption(months)) {
    throw new RangeError(`months must be one of ${MONTH_OPTIONS.join(', ')}, got ${String(months)}`);
  }
}

export interface SubscribeInput {
  /** The plan's name, e.g. 'Junior'. */
  tariff: string;
  months: number;
  promoCode?: string | null;
  subscriptionType?: SubscriptionType;
}

/**
 * The request body. pays_count only for more than one month and promo_code only when something
 * was typed (spec §5): absent keys, not nulls, so the server's "not given" stays unambiguous.
 * Several months are paid up front by default ('upfront' carries pays_count); one month is 'monthly'.
 */
export function buildSubscribePayload({ tariff, months, promoCode, subscriptionType }: SubscribeInput): SubscribePayload {
  assertMonthOption(months);
  const payload: SubscribePayload = { tariff, subscription_type: subscriptionType ?? (months > 1 ? 'upfront' : 'monthly') };
  if (months > 1) payload.pays_count = months;
  const promo = promoCode?.trim() ?? '';
  if (promo !== '') payload.promo_code = promo;
  return payload;
}

export type SubscribeErrorOutcome =
  | { kind: 'promo'; message: string }
  | { kind: 'ignore' }
  | { kind: 'error'; message: string };

/** What the modal does with a failed subscribe call, by HTTP status (spec §8). */
export function subscribeErrorOutcome(status: number): SubscribeErrorOutcome {
  switch (status) {
    case 400:
    case 404:
      // Shown under the promo code field.
      return { kind: 'promo', message: subscriptionMessages.noSuchPromo };
    case 405:
      return { kind: 'ignore' };
    default:
      return { kind: 'error', message: subscriptionMessages.failed };
  }
}

/** The "per month" line of the modal: a total in minor units split over the months, to whole kopecks. */
export function amountPerMonth(totalMinor: number, months: number): number {
  assertMonthOption(months);
  return Math.round(totalMinor / months);
}

/** '1 месяц', '3 месяца', '6 месяцев', '12 месяцев'. */
export function periodLabel(months: number): string {
  return plural(months, subscriptionMessages.month);
}
