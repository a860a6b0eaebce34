/**
 * The one currency rule of the platform: the server sends money as an integer of minor units
 * (kopecks) with an ISO 4217 code, and every screen and widget writes it through formatMoney.
 */
import { commonMessages } from './messages.ts';

/** The platform's currency: tariff plans are priced in it (spec §9) and it is a school's default. */
export const DEFAULT_CURRENCY = 'BYN';

/** A well-formed ISO 4217 code from the server, or the default one (Intl throws on a malformed code). */
export function currencyCode(value: unknown): string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value) ? value : DEFAULT_CURRENCY;
}

// Intl knows each currency's minor unit: 2 for BYN and RUB, 0 for JPY.
function fractionDigits(currency: string): number {
  return new Intl.NumberFormat('ru-RU', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Major units (468.5) as minor units (46850), for the prices the API still sends as decimals. */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** fractionDigits(currencyCode(currency)));
}

/**
 * Money as ru-RU writes it: '1 788 BYN', '468,50 BYN', '4 900 ₽' (no-break separators from Intl);
 * kopecks only when there are any. Zero is 'бесплатно' (spec §9). A malformed code reads as BYN.
 */
export function formatMoney(minor: number, currency: string): string {
  if (minor === 0) return commonMessages.free;
  const code = currencyCode(currency);
  const digits = fractionDigits(code);
  const scale = 10 ** digits;
  const shown = Number.isInteger(minor / scale) ? 0 : digits;
  return new Intl.NumberFormat('ru-RU', { style: 'currency', currency: code, minimumFractionDigits: shown, maximumFractionDigits: digits }).format(minor / scale);
}
