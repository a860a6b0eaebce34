// Access tokens die with their session: after logout, a password change or reset, a replayed
// refresh token or the end of a "view as", the old access token stops working at once, not when
// it expires 15 minutes later.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens } from './tables.ts';
import { sessions, users } from '../../shared/db/core-tables.ts';
import { verifyAccessToken } from '../../shared/security/tokens.ts';
import { createSessionGate, SESSION_CACHE_MS } from '../../shared/security/session-gate.ts';
import { issueLinkToken } from './one-time-tokens.ts';
import { addMember, login, PASSWORD, registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

const me = (access: string) => call(t.app, 'GET', '/api/user/', { token: access });
const newUser = () => addMember(t.app, owner.schoolId, 'Student');

describe('an access token stops working at once', () => {
  it('after logout, on every device of the user', async () => {
    const user = await newUser();
    const phone = await login(t.app, user.email);
    expect((await me(user.access)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/logout/', { token: user.access })).status).toBe(200);
    for (const access of [user.access, phone.access]) {
      const res = await me(access);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'TOKEN_INVALID' });
    }
  });

  it('after a password change, except the new session of the device that changed it', async () => {
    const user = await newUser();
    const other = await login(t.app, user.email);
    const changed = await call(t.app, 'POST', '/api/change-password/', { token: user.access, body: { old_password: PASSWORD, new_password: 'Brand-new-pass-7', new_password_again: 'Brand-new-pass-7' } });
    expect(changed.status).toBe(200);
    expect((await me(user.access)).status).toBe(401);
    expect((await me(other.access)).status).toBe(401);
    expect((await me(changed.body!.access as string)).status).toBe(200);
  });

  it('after a password reset', async () => {
    const user = await newUser();
    const token = await t.app.ctx.db.transaction((tx) => issueLinkToken(t.app.ctx, tx, user.id, 'password_reset', 3600_000));
    const reset = await call(t.app, 'POST', '/api/password-reset/', { body: { user_id: user.id, token, new_password: 'Reset-pass-77', new_password_again: 'Reset-pass-77' } });
    expect(reset.status).toBe(200);
    expect((await me(user.access)).status).toBe(401);
    await t.app.ctx.db.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
  });

  it('when a spent refresh token is replayed: the whole session ends, its newest access token too', async () => {
    const user = await newUser();
    const next = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: user.refresh } });
    expect(next.status).toBe(200);
    expect((await me(next.body!.access as string)).status).toBe(200);
    const replay = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: user.refresh } });
    expect(replay).toMatchObject({ status: 401, body: { code: 'TOKEN_REUSED' } });
    expect((await me(next.body!.access as string)).status).toBe(401);
    expect((await me(user.access)).status).toBe(401);
  });
});

describe('what a token must be', () => {
  const forge = async (claims: Record<string, unknown>, exp: boolean) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(owner.id)).setIssuer('coursehub').setIssuedAt();
    if (exp) jwt.setExpirationTime('5m');
    return jwt.sign(new TextEncoder().encode(t.app.ctx.config.secret));
  };

  it('has an expiry and names a live session of its user', async () => {
    const claims = await verifyAccessToken(owner.access, t.app.ctx.config.secret);
    expect(claims?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // Correctly signed, but without exp: refused.
    expect((await me(await forge({ sid: claims!.sessionId }, false))).status).toBe(401);
    // Without a session: refused.
    expect((await me(await forge({}, true))).status).toBe(401);
    // Naming another user's session: refused.
    const other = await newUser();
    const otherSid = (await verifyAccessToken(other.access, t.app.ctx.config.secret))!.sessionId;
    expect((await me(await forge({ sid: otherSid }, true))).status).toBe(401);
    expect((await me(await forge({ sid: claims!.sessionId }, true))).status).toBe(200);
  });

  it('a stale Authorization header does not stop a refresh or a sign-in', async () => {
    const user = await newUser();
    await call(t.app, 'GET', '/api/logout/', { token: user.access });
    const fresh = await login(t.app, user.email);
    const refreshed = await call(t.app, 'POST', '/api/token/refresh/', { token: user.access, body: { refresh: fresh.refresh } });
    expect(refreshed.status).toBe(200);
    const signedIn = await call(t.app, 'POST', '/api/login/', { token: 'garbage', body: { login: user.email, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
  });
});

describe('the session check', () => {
  it('costs one query per session for a few seconds; another process\'s revocation shows after that', async () => {
    const user = await newUser();
    const claims = (await verifyAccessToken(user.access, t.app.ctx.config.secret))!;
    let now = 1_000_000;
    const gate = createSessionGate(t.app.ctx.db, () => now);
    expect(await gate.isLive(claims, t.clock.now)).toBe(true);
    // Revoked by "another process": straight in the database, this gate is not told.
    await t.app.ctx.db.update(sessions).set({ revokedAt: t.clock.now }).where(eq(sessions.id, claims.sessionId));
    expect(await gate.isLive(claims, t.clock.now)).toBe(true);
    now += SESSION_CACHE_MS;
    expect(await gate.isLive(claims, t.clock.now)).toBe(false);
  });

  it('refuses the sessions of a disabled account', async () => {
    const user = await newUser();
    const claims = (await verifyAccessToken(user.access, t.app.ctx.config.secret))!;
    await t.app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(await createSessionGate(t.app.ctx.db).isLive(claims, t.clock.now)).toBe(false);
  });
});
