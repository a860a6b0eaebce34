import { createPublicClient, type PublicClient, type QueryParams, withQuery } from '#core';

// One request cache for every widget instance on the page: two catalogues showing the same page
// make one request. A failed request leaves the cache, so a retry asks again.
const cache = new Map<string, Promise<unknown>>();
const clients = new Map<string, PublicClient>();

/**
 * The platform's origin: the api-base attribute, else where the widget's own code was loaded from.
 * An attribute written with the API's path (`https://platform/api/`) means the same platform.
 */
export function resolveApiBase(apiBase?: string | null, moduleUrl: string = import.meta.url): string {
  if (apiBase) return apiBase.replace(/\/+$/, '').replace(/\/api$/, '');
  try {
    const url = new URL(moduleUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
  } catch {
    return '';
  }
}

function client(apiBase: string): PublicClient {
  let existing = clients.get(apiBase);
  if (!existing) {
    existing = createPublicClient(`${apiBase}/api`);
    clients.set(apiBase, existing);
  }
  return existing;
}

/** A GET through the shared cache. */
export function getPublic<T>(apiBase: string, path: string, query?: QueryParams): Promise<T> {
  const key = `${apiBase}/api/${withQuery(path.replace(/^\/+/, ''), query)}`;
  let pending = cache.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = client(apiBase).get<T>(path, query);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

export function postPublic<T>(apiBase: string, path: string, body: unknown): Promise<T> {
  return client(apiBase).post<T>(path, body);
}

/** Forgets cached answers (tests; or after a write that changes them). */
export function clearPublicCache(): void {
  cache.clear();
}
