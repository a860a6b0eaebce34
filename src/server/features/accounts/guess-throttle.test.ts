// Failed sign-ins are throttled per (login, client network), so nobody can lock another person out:
// a client that has not failed is always heard, whatever others did. Keyed by what was typed, so
// the answers say nothing about which accounts exist. (Emailed codes: account-routes.test.ts.)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guessThrottles, oneTimeTokens } from './tables.ts';
import { guessFrom, LOGIN_GUESSES, loginSubject } from './guess-throttle.ts';
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

const MINUTE = 60_000;
const signIn = (login: string, password: string, ip: string) => call(t.app, 'POST', '/api/login/', { body: { login, password }, ip });
const THROTTLED = { code: 'LOGIN_THROTTLED', message: 'Слишком много неудачных попыток входа. Повторите через 1 мин. или восстановите пароль.' };

/** Wrong passwords from `ip` until it is made to wait; the failures it got checked. */
async function guessUntilThrottled(login: string, ip: string): Promise<number> {
  for (let failures = 0; ; failures += 1) {
    const res = await signIn(login, 'wrong-password', ip);
    if (res.status === 429) return failures;
    expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  }
}

describe('failed sign-ins', () => {
  it('make only the guessing address wait: after 200 wrong tries from it, the owner signs in from elsewhere at once', async () => {
    const user = await addMember(t.app, owner.schoolId, 'Student');
    const answers: number[] = [];
    for (let i = 0; i < 200; i += 1) answers.push((await signIn(user.email, 'wrong-password', '198.51.100.66')).status);
    // Five typos are free, the sixth failure makes that address wait; the rest are not even checked.
    expect(answers.slice(0, LOGIN_GUESSES.free + 1)).toEqual(Array(LOGIN_GUESSES.free + 1).fill(400));
    expect(answers.slice(LOGIN_GUESSES.free + 1)).toEqual(Array(200 - LOGIN_GUESSES.free - 1).fill(429));
    const waiting = await signIn(user.email, PASSWORD, '198.51.100.66');
    expect(waiting).toMatchObject({ status: 429, body: THROTTLED, headers: { 'retry-after': '60' } });

    expect((await signIn(user.email.toUpperCase(), PASSWORD, '203.0.113.10')).status).toBe(200);
    // The owner's sign-in frees nobody else.
    expect((await signIn(user.email, PASSWORD, '198.51.100.66')).status).toBe(429);
  });

  it('from many addresses lose their free tries, and still never keep the right password out of a fresh address', async () => {
    const user = await addMember(t.app, owner.schoolId, 'Student');
    const checked: number[] = [];
    for (let i = 0; i < 30; i += 1) checked.push(await guessUntilThrottled(user.email, `198.51.100.${i}`));
    // Once the login has had ten failures in a row, more than typos explain, every failure makes
    // its address wait: the second address after its fifth (the login's eleventh), each new one
    // after its first.
    expect(checked).toEqual([6, 5, ...Array(28).fill(1)]);
    expect((await signIn(user.email, PASSWORD, '203.0.113.11')).status).toBe(200);
  });

  it('never lock the account for good: past the 100 in a row that once meant «until a password reset», a fresh address signs in', async () => {
    const user = await addMember(t.app, owner.schoolId, 'Student');
    const attacker = guessFrom(loginSubject(user.email), '198.51.100.77');
    await t.app.ctx.db.insert(guessThrottles).values([
      { key: attacker.subject, failures: 500 },
      { key: attacker.client, failures: 500, lockedUntil: new Date(t.clock.now.getTime() + 60 * MINUTE) },
    ]);
    expect((await signIn(user.email, PASSWORD, '198.51.100.77')).status).toBe(429);
    expect((await signIn(user.email, PASSWORD, '203.0.113.12')).status).toBe(200);
    // The longest wait is an hour.
    t.clock.advance(60 * MINUTE + 1000);
    expect((await signIn(user.email, 'wrong-password', '198.51.100.77')).status).toBe(400);
    const again = await signIn(user.email, 'wrong-password', '198.51.100.77');
    expect(again).toMatchObject({ status: 429, headers: { 'retry-after': '3600' } });
  });

  it('count an IPv6 client by its /64: new addresses in it do not buy new tries', async () => {
    const user = await addMember(t.app, owner.schoolId, 'Student');
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i += 1) statuses.push((await signIn(user.email, 'wrong-password', `2001:db8:5:5::${i.toString(16)}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429, 429, 429, 429]);
    expect((await signIn(user.email, PASSWORD, '2001:db8:5:5:ffff::1')).status).toBe(429);
    expect((await signIn(user.email, PASSWORD, '2001:db8:5:6::1')).status).toBe(200);
  });

  it('let parallel guesses of one address through no faster than one by one', async () => {
    const user = await addMember(t.app, owner.schoolId, 'Student');
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(user.email, 'wrong-password', '198.51.100.88')));
    expect(answers.filter((res) => res.status === 400)).toHaveLength(LOGIN_GUESSES.free + 1);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(20 - LOGIN_GUESSES.free - 1);
  });

  it('of the owner make them wait a minute, then the right password works and the count starts again', async () => {
    const user = await addMember(t.app, owner.schoolId, 'Student');
    expect(await guessUntilThrottled(user.email, '203.0.113.20')).toBe(LOGIN_GUESSES.free + 1);
    expect(await signIn(user.email, PASSWORD, '203.0.113.20')).toMatchObject({ status: 429, body: THROTTLED });
    t.clock.advance(MINUTE + 1000);
    expect((await signIn(user.email, PASSWORD, '203.0.113.20')).status).toBe(200);
    expect(await guessUntilThrottled(user.email, '203.0.113.20')).toBe(LOGIN_GUESSES.free + 1);
  });

  it('are counted the same for an address that has no account: the answers do not tell them apart', async () => {
    const user = await addMember(t.app, owner.schoolId, 'Student');
    const nobody = `nobody-${Date.now()}@example.com`;
    const answers: unknown[][] = [[], []];
    for (let i = 0; i <= LOGIN_GUESSES.free + 1; i += 1) {
      answers[0]!.push((await signIn(user.email, 'wrong-password', '198.51.100.99')).body);
      answers[1]!.push((await signIn(nobody, 'wrong-password', '198.51.100.99')).body);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]!.at(-1)).toEqual(THROTTLED);
  });

  it('are forgotten when the password is reset: the new password works at once from the address that waited', async () => {
    const user = await addMember(t.app, owner.schoolId, 'Student');
    await guessUntilThrottled(user.email, '203.0.113.30');
    const token = await t.app.ctx.db.transaction((tx) => issueLinkToken(t.app.ctx, tx, user.id, 'password_reset', 3600_000));
    const reset = await call(t.app, 'POST', '/api/password-reset/', { body: { user_id: user.id, token, new_password: 'After-reset-pass-1', new_password_again: 'After-reset-pass-1' } });
    expect(reset.status).toBe(200);
    expect((await signIn(user.email, 'After-reset-pass-1', '203.0.113.30')).status).toBe(200);
    await t.app.ctx.db.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
  });
});
