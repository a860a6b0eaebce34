import { formatMoney, plural, toMinorUnits, type LandingInput, catalogMessages } from '#core';

/** One card of GET course_catalog/. */
export interface CatalogCourse {
  course_id: number;
  name: string;
  /** Plain text: on a card, a one-line excerpt. */
  description: string;
  duration_days: number | null;
  format?: string | null;
  /** Major units of the school's currency. */
  price: number;
  /** The school's ISO 4217 currency; a server that sends none means BYN. */
  currency?: string;
  photo_url: string | null;
  /** The school's URL name. */
  school: string;
  school_title: string;
}

export interface CatalogPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: CatalogCourse[];
}

/** GET course_catalog/{id}. */
export interface CourseDetail {
  /** `description` is the whole text; `description_html` the server's sanitised HTML of it. */
  course: Omit<CatalogCourse, 'photo_url'> & { photo_url?: string | null; description_html?: string };
  landing?: LandingInput | null;
}

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
