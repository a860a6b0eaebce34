// CORS that real clients need: the private API's preflight allows every method it uses, for the
// platform's origins and schools' verified custom domains only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDomains } from '../../src/server/features/schools/tables.ts';
import { registerOwner, type Owner } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp({ corsOrigins: ['https://admin.coursehub.test'] });
  owner = await registerOwner(t.app);
  const other = await registerOwner(t.app);
  await t.app.ctx.db.insert(schoolDomains).values([
    { schoolId: owner.schoolId, domainName: 'learn.school.test', verified: true },
    { schoolId: other.schoolId, domainName: 'unverified.school.test', verified: false },
  ]);
});
afterAll(() => t.close());

const preflight = (origin: string, method: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: `/api/profile/${owner.id}/`,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
  });

describe('the private API from another origin', () => {
  it.each(['PATCH', 'PUT', 'DELETE', 'POST', 'GET'])('lets the platform and a verified custom domain send %s with credentials', async (method) => {
    for (const origin of ['http://coursehub.test', 'https://admin.coursehub.test', 'https://learn.school.test']) {
      const res = await preflight(origin, method);
      expect(res.statusCode, origin).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(String(res.headers['access-control-allow-methods']).split(',').map((m) => m.trim())).toContain(method);
    }
  });

  it('refuses an unverified domain, another site and a look-alike origin', async () => {
    for (const origin of ['https://unverified.school.test', 'https://evil.test', 'https://learn.school.test.evil.test', 'null']) {
      const res = await preflight(origin, 'PATCH');
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('answers a real cross-origin PATCH from a verified domain with its origin', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/profile/${owner.id}/`,
      headers: { origin: 'https://learn.school.test', authorization: `Bearer ${owner.access}` },
      payload: { city: 'Гомель' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://learn.school.test');
    expect((await call(t.app, 'GET', '/api/profile/', { token: owner.access })).body).toMatchObject({ city: 'Гомель' });
  });
});
