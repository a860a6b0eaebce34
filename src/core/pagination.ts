/** Page sizes and the page-number window of list pagers (spec §9). */

/** Page sizes of spec §9; the server uses the same defaults for `s`. */
export const PAGE_SIZE = Object.freeze({
  default: 20,
  users: 20,
  catalogue: 12,
  rating: 30,
});

/** Stands for the hidden pages between two shown ones. */
export const ELLIPSIS = '…';

export type PageItem = number | typeof ELLIPSIS;

/** Up to this many pages every page number is shown. */
export const MAX_PAGES_SHOWN_IN_FULL = 6;

/** Below this many items every page number is shown, whatever the page size. */
export const MIN_COUNT_FOR_WINDOW = 20;

function assertPageSize(pageSize: number): void {
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`pageSize must be a positive integer, got ${String(pageSize)}`);
  }
}

/** The number of pages for `count` items; at least 1, so an empty list still has page 1. */
export function pageCount(count: number, pageSize: number = PAGE_SIZE.default): number {
  assertPageSize(pageSize);
  const items = Number.isFinite(count) && count > 0 ? count : 0;
  return Math.max(1, Math.ceil(items / pageSize));
}

/** A page number inside [1, last]; anything unreadable is page 1. */
export function clampPage(page: number, last: number): number {
  if (!Number.isFinite(page)) return page === Number.POSITIVE_INFINITY ? last : 1;
  return Math.min(Math.max(1, Math.trunc(page)), last);
}

export interface PaginationInput {
  /** The current page, 1-based; clamped into the existing pages. */
  page: number;
  /** The total number of items (the envelope's `count`). */
  count: number;
  pageSize?: number;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The page buttons: every page for a short list, else the first and last page with the current
 * page's neighbourhood and ellipses. [1,2,3,4,'…',10] · [1,'…',4,5,6,'…',10] · [1,'…',7,8,9,10].
 */
export function paginationWindow({ page, count, pageSize = PAGE_SIZE.default }: PaginationInput): PageItem[] {
  const last = pageCount(count, pageSize);
  if (last <= MAX_PAGES_SHOWN_IN_FULL || count < MIN_COUNT_FOR_WINDOW) return range(1, last);
  const current = clampPage(page, last);
  if (current <= 3) return [...range(1, 4), ELLIPSIS, last];
  if (current >= last - 2) return [1, ELLIPSIS, ...range(last - 3, last)];
  return [1, ELLIPSIS, current - 1, current, current + 1, ELLIPSIS, last];
}
