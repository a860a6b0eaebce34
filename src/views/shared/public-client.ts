import { createPublicClient, type ApiAnswer, type ApiBody, type ApiOperation, type ApiQuery, type PublicClient, withQuery } from '#core';

// The views' calls are named by their contract operation (api-contract.ts, generated from the
// server's schemas): the URL must fit the operation's path, the query and body are its own, the
// answer is its answer. Types only: the bundles carry the same code as an untyped call.
type Filled<P extends string> = P extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Filled<Tail>}` : P;
/** An operation's URL with its {parameters} filled in: 'GET course_catalog/{id}' → `course_catalog/${string}`. */
export type ApiUrl<K extends ApiOperation> = K extends `${string} ${infer P}` ? Filled<P> : never;
export type PublicGet = Extract<ApiOperation, `GET ${string}`>;
export type PublicPost = Extract<ApiOperation, `POST ${string}`>;

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

/** A GET through the shared cache: `getPublic<'GET course_catalog/{id}'>(apiBase, `course_catalog/${id}`)`. */
export function getPublic<K extends PublicGet>(apiBase: string, path: ApiUrl<K>, query?: ApiQuery<K>): Promise<ApiAnswer<K>> {
  const key = `${apiBase}/api/${withQuery(path.replace(/^\/+/, ''), query)}`;
  let pending = cache.get(key) as Promise<ApiAnswer<K>> | undefined;
  if (!pending) {
    pending = client(apiBase).get<ApiAnswer<K>>(path, query);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

export function postPublic<K extends PublicPost>(apiBase: string, path: ApiUrl<K>, body: ApiBody<K>): Promise<ApiAnswer<K>> {
  return client(apiBase).post<ApiAnswer<K>>(path, body);
}

/** Forgets cached answers (tests; or after a write that changes them). */
export function clearPublicCache(): void {
  cache.clear();
}
