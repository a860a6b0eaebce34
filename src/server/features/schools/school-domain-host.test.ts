// Serving a school on its verified domain (school-domain-host.ts and app.ts' page of the app): the
// page names the school on that host only, unknown hosts get the platform's page, answers are cached
// and forgotten when the domain changes; the API answers the domain's origin with credentials.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { forgetHost, schoolByHost } from './school-domain-host.ts';
import { schoolDomains } from './tables.ts';

let t: TestApp;
let owner: Owner;
let domainId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Школа <Альфа> & Co' });
  const [row] = await t.app.ctx.db.insert(schoolDomains).values({ schoolId: owner.schoolId, domainName: 'learn.alpha.example', verified: true }).returning();
  domainId = row!.id;
});
afterAll(() => t.close());

const page = (host: string) => t.app.inject({ method: 'GET', url: '/school/x/courses', headers: { host } });

describe('the app on a school domain', () => {
  it('names the school in the page on its verified domain, escaped', async () => {
    const res = await page('learn.alpha.example:3000');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<meta name="coursehub-school" content="${owner.schoolName}" data-title="Школа &#60;Альфа&#62; &#38; Co">`);
    expect(res.body).toContain('<title>Школа &#60;Альфа&#62; &#38; Co</title>');
  });

  it.each(['coursehub.test', 'unknown.example', '127.0.0.1:3000', '[::1]:3000', 'bad_host!'])('serves the platform page on %s', async (host) => {
    const res = await page(host);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('coursehub-school');
    expect(res.body).toContain('<title>CourseHub');
  });

  it('looks a host up once in a while, and afresh once the domain changed', async () => {
    const ctx = t.app.ctx;
    expect(await schoolByHost(ctx, 'cached.alpha.example')).toBeNull();
    await ctx.db.update(schoolDomains).set({ domainName: 'cached.alpha.example' }).where(eq(schoolDomains.id, domainId));
    let found: unknown;
    expect(await readsDuring(t.app, async () => (found = await schoolByHost(ctx, 'cached.alpha.example')))).toEqual([]);
    expect(found).toBeNull();
    forgetHost(ctx, 'cached.alpha.example');
    expect(await schoolByHost(ctx, 'cached.alpha.example')).toEqual({ name: owner.schoolName, title: expect.any(String) });
    await ctx.db.update(schoolDomains).set({ domainName: 'learn.alpha.example' }).where(eq(schoolDomains.id, domainId));
  });

  it('lets the verified domain call the private API with credentials, not an unverified one', async () => {
    const allowed = await t.app.inject({ method: 'GET', url: '/api/schools/', headers: { origin: 'http://learn.alpha.example', authorization: `Bearer ${owner.access}` } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://learn.alpha.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const refused = await t.app.inject({ method: 'GET', url: '/api/schools/', headers: { origin: 'http://other.example', authorization: `Bearer ${owner.access}` } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
