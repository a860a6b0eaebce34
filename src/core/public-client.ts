import { apiErrorFrom, type ApiError } from './api-error.ts';
import { withQuery, type QueryParams } from './query-string.ts';

/**
 * The client of the public endpoints that widgets call from any site: plain fetch, no cookies, no
 * token, no refresh. The platform app uses createApiClient (ofetch, session); widgets use this one,
 * which keeps their bundles small.
 */
export interface PublicClient {
  get<T>(path: string, query?: QueryParams): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

async function parse(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createPublicClient(baseURL: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): PublicClient {
  const base = baseURL.replace(/\/+$/, '');
  async function send<T>(path: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}/${path.replace(/^\/+/, '')}`, { ...init, credentials: 'omit' });
    } catch {
      throw apiErrorFrom(0, undefined);
    }
    const data = await parse(response);
    if (!response.ok) throw apiErrorFrom(response.status, data) satisfies ApiError;
    return data as T;
  }
  return {
    get: (path, query) => send(withQuery(path, query), { method: 'GET', headers: { accept: 'application/json' } }),
    post: (path, body) => send(path, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}
