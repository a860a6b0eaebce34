// Anonymous public answers are reused from memory for PUBLIC_CACHE_MS: the catalogue's count and
// page are read once per period, not once per visitor.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses } from '../../src/server/features/courses/tables.ts';
import { registerOwner, type Owner } from './fixtures.ts';
import { readsDuring } from './query-count.ts';
import { addCourse, addWebinar } from './public-fixtures.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let owner: Owner;
let courseId: number;
const url = () => `/api/course_catalog/?school=${owner.schoolName}`;
const names = async (token?: string) => ((await call(t.app, 'GET', url(), token ? { token } : {})).body!.results as { name: string }[]).map((c) => c.name);

beforeAll(async () => {
  t = await createTestApp({ publicCacheMs: 300 });
  owner = await registerOwner(t.app);
  courseId = (await addCourse(t.app, owner.schoolId, { name: 'Первое название' })).id;
});
afterAll(() => t.close());

describe('reuse of public answers', () => {
  it('answers anonymous visitors from memory for the period, then reads again', async () => {
    expect(await names()).toEqual(['Первое название']);
    await t.app.ctx.db.update(courses).set({ name: 'Новое название' }).where(eq(courses.id, courseId));
    const select = vi.spyOn(t.app.ctx.db, 'select');
    const again = await call(t.app, 'GET', url());
    expect(again.body!.results[0].name).toBe('Первое название');
    // The copy still carries the ETag and the public Cache-Control.
    expect(again.headers).toMatchObject({ 'cache-control': 'public, max-age=60', etag: expect.any(String) });
    expect(select).not.toHaveBeenCalled();
    // A signed-in caller is never answered from the anonymous copy.
    expect(await names(owner.access)).toEqual(['Новое название']);
    await vi.waitFor(async () => expect(await names()).toEqual(['Новое название']), { timeout: 5_000, interval: 100 });
  });

  it('keeps each address apart and never reuses a route that asked for less (a live webinar)', async () => {
    expect((await call(t.app, 'GET', `/api/course_catalog/?school=${owner.schoolName}&query=${encodeURIComponent('нет такого')}`)).body!.count).toBe(0);
    expect((await call(t.app, 'GET', url())).body!.count).toBe(1);
    await addWebinar(t.app, owner.schoolId, { slug: 'reuse-live', startsAt: t.clock.now });
    await call(t.app, 'GET', '/api/public/webinar/reuse-live/');
    const select = vi.spyOn(t.app.ctx.db, 'select');
    const second = await call(t.app, 'GET', '/api/public/webinar/reuse-live/');
    expect(second.status).toBe(200);
    expect(select).toHaveBeenCalled();
  });

  it('reads the database once for visitors who ask at the same moment, and each gets the answer', async () => {
    // Addresses not asked before: a search the catalogue has no copy of.
    const search = (words: string) => `/api/course_catalog/?school=${owner.schoolName}&query=${encodeURIComponent(words)}`;
    const one = await readsDuring(t.app, () => call(t.app, 'GET', search('Новое')));
    let answers: Awaited<ReturnType<typeof call>>[] = [];
    const many = await readsDuring(t.app, async () => (answers = await Promise.all(Array.from({ length: 10 }, () => call(t.app, 'GET', search('название'))))));
    expect(one.length).toBeGreaterThan(0);
    expect(many).toHaveLength(one.length);
    expect(answers.map((answer) => [answer.status, answer.body!.count])).toEqual(Array.from({ length: 10 }, () => [200, 1]));
  });

  it('lets visitors waiting on an answer that is not kept ask for themselves', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(t.app, 'GET', '/api/public/webinar/no-such-webinar/')));
    const single = await call(t.app, 'GET', '/api/public/webinar/no-such-webinar/');
    expect(single.status).toBe(404);
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 5 }, () => single.status));
  });
});
