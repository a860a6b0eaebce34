import { filtersMessages } from './messages.ts';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** A filter value that means "no filter": empty, or the "all statuses" choice of the filters. */
function isBlank(value: QueryValue): value is null | undefined | '' {
  return value === null || value === undefined || value === '' || value === filtersMessages.allStatuses;
}

/**
 * Spec §5: array values are repeated (`role=a&role=b`), an optional `fields` list is sent as one
 * comma-separated value, and pairs whose value is empty or 'Все статусы' are skipped.
 * Returns '' or a string starting with '?'.
 */
export function buildQuery(params: QueryParams = {}, fields?: readonly string[]): string {
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const values = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) {
      if (!isBlank(value)) search.append(key, String(value));
    }
  }
  if (fields && fields.length > 0) search.set('fields', fields.join(','));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Appends a query built by buildQuery to a path that may already carry one. */
export function withQuery(path: string, params?: QueryParams, fields?: readonly string[]): string {
  const query = buildQuery(params, fields);
  if (!query) return path;
  return path.includes('?') ? `${path}&${query.slice(1)}` : `${path}${query}`;
}
