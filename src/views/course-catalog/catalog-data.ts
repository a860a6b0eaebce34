import { formatMoney, plural, toMinorUnits, type ApiAnswer, catalogMessages } from '#core';
import type { WithLanding } from '../shared/landing-answer.ts';

/** A page of the catalogue (GET course_catalog/): plain-text one-line excerpts, prices in major units of the school's currency. */
export type CatalogPage = ApiAnswer<'GET course_catalog/'>;
export type CatalogCourse = CatalogPage['results'][number];
/** A course of the catalogue with its landing (GET course_catalog/{id}): the whole text and the server's sanitised HTML of it. */
export type CourseDetail = WithLanding<ApiAnswer<'GET course_catalog/{id}'>>;

export const MAX_PAGE_SIZE = 12;

/** The page-size attribute: 1–12, the catalogue's 12 when absent or unreadable. */
export function catalogPageSize(value: number | undefined): number {
  if (value === undefined || value === null || !Number.isFinite(value)) return MAX_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(value)));
}

/** A course price in the school's currency through the platform's money rule (0 is 'бесплатно'). */
export function coursePrice(course: Pick<CatalogCourse, 'price' | 'currency'>): string {
  const currency = course.currency ?? '';
  return formatMoney(toMinorUnits(Number(course.price) || 0, currency), currency);
}

/** '30 дней'; '' when the course has no duration. */
export function courseDuration(days: number | null | undefined): string {
  return days && days > 0 ? plural(days, catalogMessages.day) : '';
}

/** Server paths such as '/media/x.jpg' belong to the platform, not to the page the widget sits on. */
export function platformUrl(apiBase: string, url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${apiBase}${url}` : url;
}
