// Fetch stubs for component tests: a JSON Response, and a fetch that answers in turn.
import { vi } from 'vitest';

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Stubs global fetch with answers given in order; the last one repeats. Returns the mock. */
export function stubFetchSequence(...answers: (() => Response | Promise<Response>)[]) {
  let call = 0;
  const fetch = vi.fn(async (_url: unknown) => {
    const answer = answers[Math.min(call, answers.length - 1)]!;
    call += 1;
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
