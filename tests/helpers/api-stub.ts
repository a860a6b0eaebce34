// A fetch stub for the app's API client (ofetch over global fetch, base '/api'): answers by
// "METHOD path" and records every request, so a test can check what was sent.
import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  /** The path under the API base, as the client wrote it: 'profile/7/'. */
  path: string;
  /** A JSON body parsed, FormData as is, undefined when none. */
  body: unknown;
  headers: Headers;
}

export type Answer = (request: SentRequest) => Response | Promise<Response>;

function pathOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, 'http://localhost').pathname.replace(/^\/api\//, '');
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  return body ?? undefined;
}

/** Stubs global fetch; a request no route answers gets a 404 (and is recorded like the rest). */
export function stubApi(routes: Record<string, Answer>) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: SentRequest = { method: (init?.method ?? 'GET').toUpperCase(), path: pathOf(input), body: bodyOf(init?.body), headers: new Headers(init?.headers) };
    sent.push(request);
    const answer = routes[`${request.method} ${request.path}`];
    return answer ? answer(request) : new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Не найдено.' }), { status: 404, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { sent, fetch };
}

/** A promise the test settles by hand, to look at a form while its request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
