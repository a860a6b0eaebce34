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
