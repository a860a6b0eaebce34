import { ofetch, type $Fetch } from 'ofetch';
import { toApiError, type ApiError } from './api-error.ts';
import { withQuery, type QueryParams } from './query-string.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** Spec §5: the optional `fields` list of a read. */
  fields?: readonly string[];
  /** JSON-serialisable value, FormData or URLSearchParams. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false: send no bearer token and never try a refresh (public and token endpoints). */
  auth?: boolean;
}

export interface ApiClientOptions {
  /** '/api' by default; widgets on other sites pass the platform's absolute URL. */
  baseURL?: string;
  /** Base of video uploads. */
  videoBaseURL?: string;
  /** 'include' for the platform app; the public widget client omits credentials. */
  credentials?: RequestCredentials;
  /** Sent as X-Origin so the server can tell a school's custom domain. */
  origin?: string;
  getAccessToken?: () => string | null | undefined;
  /** A wait before each authenticated request is sent (the session's switch of tokens), or nothing. */
  beforeSend?: () => Promise<void> | null;
  /**
   * Called on a 401 with the token that request carried; resolves true when the request should be
   * replayed (the session refreshed the token, or another request already did).
   */
  onUnauthorized?: (staleToken: string | null) => Promise<boolean>;
  /** Sees every failed request once, after any replay. */
  onRejected?: (error: ApiError) => void;
  fetch?: typeof globalThis.fetch;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** A multipart upload to the video base (spec §7: "video uploads go to a /video/ base"). */
  uploadVideo<T>(path: string, form: FormData, method?: 'POST' | 'PATCH'): Promise<T>;
}

/** The refresh call itself must never trigger another refresh. */
export const TOKEN_REFRESH_PATH = 'token/refresh/';

function stripSlashes(path: string): string {
  return path.replace(/^\/+/, '');
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const {
    baseURL = '/api',
    videoBaseURL = '/video/',
    credentials = 'include',
    origin,
    getAccessToken,
    onUnauthorized,
    beforeSend,
    onRejected,
  } = options;

  const $fetch: $Fetch = ofetch.create({
    credentials,
    // Retries are the session's business (401 → refresh → replay); ofetch must not replay POSTs.
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function send<T>(base: string, path: string, opts: RequestOptions, replayed: boolean): Promise<T> {
    const useAuth = opts.auth !== false;
    // Awaited only when there is a wait: otherwise the request leaves in the same tick, as before.
    const wait = useAuth ? beforeSend?.() : null;
    if (wait) await wait;
    const token = useAuth ? (getAccessToken?.() ?? null) : null;
    const headers: Record<string, string> = { ...opts.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (origin) headers['X-Origin'] = origin;
    try {
      return await $fetch<T>(withQuery(stripSlashes(path), opts.query, opts.fields), {
        baseURL: base,
        method: opts.method ?? 'GET',
        headers,
        body: opts.body as BodyInit | Record<string, unknown> | undefined,
        signal: opts.signal,
      });
    } catch (cause) {
      const error = toApiError(cause);
      const refreshable = useAuth && !replayed && error.status === 401 && stripSlashes(path) !== TOKEN_REFRESH_PATH;
      if (refreshable && onUnauthorized && (await onUnauthorized(token))) {
        return send<T>(base, path, opts, true);
      }
      onRejected?.(error);
      throw error;
    }
  }

  const request = <T>(path: string, opts: RequestOptions = {}) => send<T>(baseURL, path, opts, false);

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    put: (path, body, opts) => request(path, { ...opts, method: 'PUT', body }),
    patch: (path, body, opts) => request(path, { ...opts, method: 'PATCH', body }),
    delete: (path, opts) => request(path, { ...opts, method: 'DELETE' }),
    uploadVideo: (path, form, method = 'PATCH') => send(videoBaseURL, path, { method, body: form }, false),
  };
}
