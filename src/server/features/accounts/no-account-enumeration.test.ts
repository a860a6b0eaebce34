// forgot_password and code/resend answer the same, in the same time, whether the account exists:
// the lookup, the token and the mail all happen after the answer.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { oneTimeTokens } from './tables.ts';
import { outbox, users } from '../../shared/db/core-tables.ts';
import { addMember, registerOwner, type Account } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let user: Account;
beforeAll(async () => {
  t = await createTestApp();
  user = await addMember(t.app, (await registerOwner(t.app)).schoolId, 'Student');
});
afterAll(() => t.close());

const tokensOf = (userId: number) => t.app.ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
const mailsTo = (email: string) => t.app.ctx.db.select().from(outbox).where(eq(outbox.to, email));

describe.each([
  ['/api/forgot_password/', 'password_reset'],
  ['/api/code/resend/', 'email_confirm'],
] as const)('%s', (url, purpose) => {
  it('answers before it looks the address up: same answer, and nothing done yet, for any address', async () => {
    if (purpose === 'email_confirm') await t.app.ctx.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    // Hold the work the route leaves for later, to look at the state the answer left.
    const deferred: (() => Promise<unknown>)[] = [];
    const run = vi.spyOn(t.app.ctx.jobs, 'run').mockImplementation((_name, task) => void deferred.push(task));
    const known = await call(t.app, 'POST', url, { body: { email: user.email } });
    const unknown = await call(t.app, 'POST', url, { body: { email: `nobody-${Date.now()}@example.com` } });
    run.mockRestore();
    expect(unknown).toEqual({ ...known, headers: expect.anything() });
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    // The answers are out; no token and no mail exist yet for the real account.
    expect(deferred).toHaveLength(2);
    expect(await tokensOf(user.id)).toEqual([]);
    expect(await mailsTo(user.email)).toEqual([]);

    for (const task of deferred) await task();
    await t.app.ctx.jobs.idle();
    expect((await tokensOf(user.id)).map((row) => row.purpose)).toEqual([purpose]);
    expect(await mailsTo(user.email)).toHaveLength(1);
    await t.app.ctx.db.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    await t.app.ctx.db.delete(outbox).where(eq(outbox.to, user.email));
  });
});
