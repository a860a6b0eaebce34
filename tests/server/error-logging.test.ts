// A failed query is logged without its parameters (here an argon2 hash and an email), and its
// answer carries no internals.
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { App } from '../../src/server/context.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let app: App;
let logs = '';

beforeAll(async () => {
  t = await createTestApp();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  app = await buildApp({ config: { ...t.app.ctx.config, logLevel: 'error' }, database: t.database, logStream: stream });
  // Every new account now breaks a rule of the database: the insert fails with its parameters.
  await app.ctx.db.execute(sql`alter table users add constraint test_no_new_users check (id < 0) not valid`);
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
});
