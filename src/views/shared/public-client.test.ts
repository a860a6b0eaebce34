import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPublicCache, getPublic, postPublic, resolveApiBase } from './public-client.ts';

afterEach(clearPublicCache);

function stubFetch(status = 200, body: unknown = { ok: true }) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('resolveApiBase', () => {
  it.each([
    ['https://platform.example/', 'https://platform.example'],
    ['https://platform.example/api', 'https://platform.example'],
    ['https://platform.example/api/', 'https://platform.example'],
    ['https://platform.example/school/api', 'https://platform.example/school'],
    [null, 'https://cdn.example'],
  ])('%s → %s', (attr, base) => {
    expect(resolveApiBase(attr, 'https://cdn.example/widgets/chunks/runtime.js')).toBe(base);
  });

  it('falls back to the same origin for non-web module URLs', () => {
    expect(resolveApiBase(undefined, 'file:///x/y.js')).toBe('');
    expect(resolveApiBase(undefined, 'not a url')).toBe('');
  });
});

describe('the shared request cache', () => {
  it('makes one request for the same URL from several widgets, without credentials or token', async () => {
    const fetch = stubFetch();
    const [a, b] = await Promise.all([getPublic('https://p.example', 'schools_tariff/'), getPublic('https://p.example', 'schools_tariff/')]);
    expect(a).toEqual({ ok: true });
    expect(b).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    const request = fetch.mock.calls[0] as unknown as [Request | string, RequestInit | undefined];
    const init = request[1] ?? {};
    expect(String(request[0] instanceof Request ? request[0].url : request[0])).toBe('https://p.example/api/schools_tariff/');
    expect(init.credentials).toBe('omit');
  });

  it('keys on the query and forgets failures so that a retry asks again', async () => {
    const fetch = stubFetch(503, { code: 'DOWN', message: 'x' });
    await expect(getPublic('', 'course_catalog/', { p: 1 })).rejects.toMatchObject({ status: 503 });
    await expect(getPublic('', 'course_catalog/', { p: 1 })).rejects.toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('posts without the cache', async () => {
    const fetch = stubFetch(201, { id: 1 });
    await postPublic('https://p.example', 'course-appeals/', { name: 'Иван' });
    await postPublic('https://p.example', 'course-appeals/', { name: 'Иван' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
