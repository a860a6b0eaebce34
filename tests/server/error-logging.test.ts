// A failed query is logged without its parameters (an argon2 hash and an email; a refresh token's
// digest), and its answer carries no internals.
import { createHash, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { App } from '../../src/server/context.ts';
import { registerOwner, type Owner } from './fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let app: App;
let logs = '';
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  app = await buildApp({ config: { ...t.app.ctx.config, logLevel: 'error' }, database: t.database, logStream: stream });
  owner = await registerOwner(app);
  // Every new account now breaks a rule of the database: the insert fails with its parameters.
  await app.ctx.db.execute(sql`alter table users add constraint test_no_new_users check (id < 0) not valid`);
  // And the lookup of a refresh token by its digest fails: a column it reads is gone.
  await app.ctx.db.execute(sql`alter table refresh_tokens rename column used_at to used_at_gone`);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('a failed query', () => {
  it('is answered 500 without internals and logged without its parameters', async () => {
    const email = `logged-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Very-secret-pass-1';
    const res = await app.inject({ method: 'POST', url: '/api/register/', payload: { email, password, password_confirmation: password } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.' });
    await expect.poll(() => logs).toContain('request failed');
    expect(logs).toContain('insert into \\"users\\"');
    expect(logs).toContain('test_no_new_users');
    for (const secret of [email, password, '$argon2']) expect(logs).not.toContain(secret);
  });

  it('is logged without the token digest it looked up, and no token at all', async () => {
    const before = logs.length;
    const res = await app.inject({ method: 'POST', url: '/api/token/refresh/', headers: { authorization: `Bearer ${owner.access}` }, payload: { refresh: owner.refresh } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.' });
    await expect.poll(() => logs.slice(before)).toContain('request failed');
    const logged = logs.slice(before);
    // The query and the database's complaint are there, to find the fault by.
    expect(logged).toContain('refresh_tokens');
    expect(logged).toContain('used_at');
    const digest = createHash('sha256').update(owner.refresh).digest('hex');
    for (const secret of [owner.refresh, digest, owner.access, owner.email]) expect(logged).not.toContain(secret);
    expect(logged).not.toMatch(/[0-9a-f]{64}/);
    expect(logged).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  });
});
