// Per-login throttling besides the per-IP rate limit (NIST SP 800-63B: at most 100 consecutive
// failures on one account), keyed by what was typed so it says nothing about which accounts exist.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles, oneTimeTokens } from './tables.ts';
import { FREE_FAILURES, loginKey, MAX_FAILURES } from './login-throttle.ts';
import { issueLinkToken } from './one-time-tokens.ts';
import { addMember, PASSWORD, registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

const signIn = (login: string, password: string, ip = '10.1.0.1') => call(t.app, 'POST', '/api/login/', { body: { login, password }, ip });

describe('failed sign-ins of one login', () => {
  it('are free up to ten; then each failure locks the login a little longer, from any address', async () => {
    const user = await addMember(t.app, owner.schoolId, 'Student');
    for (let i = 0; i < FREE_FAILURES; i += 1) {
      expect((await signIn(user.email, 'wrong-password', `10.1.1.${i}`)).body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    // Even the right password waits now, from another address too.
    const locked = await signIn(user.email.toUpperCase(), PASSWORD, '10.1.2.1');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'LOGIN_THROTTLED', message: 'Слишком много неудачных попыток входа. Повторите через 1 мин. или восстановите пароль.' });
    t.clock.advance(61 * 1000);
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
    // A success starts the count again.
    expect((await signIn(user.email, 'wrong-password')).body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
  });

  it('are counted the same for an address that has no account: the answers do not tell them apart', async () => {
    const user = await addMember(t.app, owner.schoolId, 'Student');
    const nobody = `nobody-${Date.now()}@example.com`;
    const answers: unknown[][] = [[], []];
    for (let i = 0; i <= FREE_FAILURES; i += 1) {
      answers[0]!.push((await signIn(user.email, 'wrong-password')).body);
      answers[1]!.push((await signIn(nobody, 'wrong-password')).body);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]!.at(-1)).toMatchObject({ code: 'LOGIN_THROTTLED' });
  });

  it('stop at 100 in a row: the login stays locked until the password is reset', async () => {
    const user = await addMember(t.app, owner.schoolId, 'Student');
    await t.app.ctx.db.insert(loginThrottles).values({ loginHash: loginKey(user.email), failures: MAX_FAILURES - 1 });
    expect((await signIn(user.email, 'wrong-password')).body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    t.clock.advance(24 * 3600 * 1000);
    const locked = await signIn(user.email, PASSWORD);
    expect(locked).toMatchObject({ status: 429, body: { code: 'LOGIN_LOCKED' } });

    const token = await t.app.ctx.db.transaction((tx) => issueLinkToken(t.app.ctx, tx, user.id, 'password_reset', 3600_000));
    const reset = await call(t.app, 'POST', '/api/password-reset/', { body: { user_id: user.id, token, new_password: 'After-lock-pass-1', new_password_again: 'After-lock-pass-1' } });
    expect(reset.status).toBe(200);
    expect((await signIn(user.email, 'After-lock-pass-1')).status).toBe(200);
    await t.app.ctx.db.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
  });
});
