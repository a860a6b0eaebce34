import type { ApiAnswer } from '#core';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
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

describe('calls named by their contract operation', () => {
  it('answer with the operation’s answer and refuse, when type-checked, a wrong path, query, body or answer field', () => {
    expectTypeOf(getPublic<'GET course_catalog/'>).returns.resolves.toEqualTypeOf<ApiAnswer<'GET course_catalog/'>>();
    expectTypeOf(postPublic<'POST course-appeals/'>).returns.resolves.toEqualTypeOf<ApiAnswer<'POST course-appeals/'>>();
    // Never run: each @ts-expect-error fails the type check (npx tsc) if its line stops being an error.
    const wrong = async () => {
      // @ts-expect-error the catalogue's path is course_catalog/
      await getPublic<'GET course_catalog/'>('', 'course_catalogue/');
      // @ts-expect-error the catalogue's page parameter is p
      await getPublic<'GET course_catalog/'>('', 'course_catalog/', { page: 2 });
      // @ts-expect-error an appeal names its course by 'course'
      await postPublic<'POST course-appeals/'>('', 'course-appeals/', { course_id: 1, name: 'Иван' });
      const detail = await getPublic<'GET course_catalog/{id}'>('', 'course_catalog/5');
      // @ts-expect-error a course's title is its name
      return detail.course.title;
    };
    expect(wrong).toBeTypeOf('function');
  });
});
