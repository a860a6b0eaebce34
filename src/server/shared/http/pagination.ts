import type { FastifyRequest } from 'fastify';

/** next/previous links of the list envelope, built from the request's own URL. */
export function pageEnvelope<T>(request: FastifyRequest, results: T[], count: number, page: number, size: number) {
  const link = (p: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    url.searchParams.set('p', String(p));
    return url.pathname + url.search;
  };
  return {
    count,
    next: page * size < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}

/** Where a page lies in an ordered list: read forwards, or backwards from the end. */
export interface PageSlice {
  /** Read in the reverse order (then reversed back): the rows skipped are fewer from that end. */
  fromEnd: boolean;
  offset: number;
  limit: number;
}

/**
 * An OFFSET walks every row it skips, so the last page of 100,000 rows costs 100,000 steps read
 * forwards but only a page read backwards. Null when the page is past the end (no query needed).
 */
export function pageSlice(page: number, size: number, count: number): PageSlice | null {
  const start = (page - 1) * size;
  if (start >= count) return null;
  const limit = Math.min(size, count - start);
  const fromEnd = start > count - start - limit;
  return { fromEnd, offset: fromEnd ? count - start - limit : start, limit };
}
