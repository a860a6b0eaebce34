import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: true });
});
afterAll(() => t.close());

describe('rate limits', () => {
  // A different login each time: one login's own throttle (accounts/guess-throttle.ts) stops sooner.
  it('stops login attempts after 10 a minute with a Russian message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await call(t.app, 'POST', '/api/login/', { body: { login: `x${i}@example.com`, password: 'wrong-password' } })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const last = await call(t.app, 'POST', '/api/login/', { body: { login: 'x@example.com', password: 'wrong-password' } });
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Слишком много попыток/) });
  });

  it('counts an IPv6 client by its /64: a new address per password check buys no more checks', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i += 1) {
      statuses.push((await call(t.app, 'POST', '/api/login/', { body: { login: `v6-${i}@example.com`, password: 'wrong-password' }, ip: `2001:db8:7:7::${i.toString(16)}` })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    expect((await call(t.app, 'POST', '/api/login/', { body: { login: 'v6@example.com', password: 'wrong-password' }, ip: '2001:db8:7:8::1' })).status).toBe(400);
  });

  it('stops registrations after 10 a minute', async () => {
    let last = 0;
    for (let i = 0; i < 11; i += 1) {
      last = (await call(t.app, 'POST', '/api/register-school-owner/', { body: { school_name: `Limit ${i}`, email: `limit${i}@example.com`, password: 'Secret-pass-1', password_confirmation: 'Secret-pass-1' } })).status;
    }
    expect(last).toBe(429);
  });

  it('stops school-by-domain/ lookups after 120 a minute from one address, and only from it', async () => {
    const lookup = (ip: string) => call(t.app, 'GET', '/api/school-by-domain/?domain=nobody.example.com', { ip });
    for (let i = 0; i < 120; i += 1) expect((await lookup('203.0.113.7')).status).toBe(404);
    const refused = await lookup('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Слишком много попыток/) });
    expect((await lookup('203.0.113.8')).status).toBe(404);
  });
});
