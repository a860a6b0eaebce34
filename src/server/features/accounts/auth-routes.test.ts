import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, schools, users } from '../../shared/db/core-tables.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const owner = { school_name: 'Школа Ромашка', email: 'Owner@Example.com', phone_number: '+375 29 111-22-33', password: 'Secret-pass-1', password_confirmation: 'Secret-pass-1' };

describe('registration of a school owner', () => {
  it('creates the user, the school on the Start trial and the Admin role, and signs in', async () => {
    const res = await call(t.app, 'POST', '/api/register-school-owner/', { body: owner });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user: { email: 'owner@example.com' }, school: { name: 'Shkola_Romashka', title: 'Школа Ромашка', role: 'Admin' } });
    const schoolsRes = await call(t.app, 'GET', '/api/user-schools/', { token: res.body!.access as string });
    // The owner is the school's super admin (spec role 5) and its admin: two ways in.
    expect(schoolsRes.body).toEqual([
      expect.objectContaining({ name: 'Shkola_Romashka', role: 'SuperAdmin', is_owner: true, tariff_name: 'Start', tariff_paid: false, active: true, currency: 'BYN' }),
      expect.objectContaining({ name: 'Shkola_Romashka', role: 'Admin', is_owner: true, tariff_name: 'Start', tariff_paid: false, active: true, currency: 'BYN' }),
    ]);
    const [school] = await t.app.ctx.db.select().from(schools).where(eq(schools.name, 'Shkola_Romashka'));
    const days = (school!.trialEndDate!.getTime() - t.clock.now.getTime()) / 86_400_000;
    expect(days).toBe(14);
  });

  it('refuses a taken school name before creating any user', async () => {
    const res = await call(t.app, 'POST', '/api/register-school-owner/', { body: { ...owner, school_name: 'школа ромашка', email: 'second@example.com', phone_number: '+375290000000' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'SCHOOL_NAME_TAKEN', fields: { school_name: ['Школа с таким названием уже существует.'] } });
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, 'second@example.com'))).toEqual([]);
  });

  it.each([
    ['no school name', { ...owner, school_name: undefined, email: 'a1@example.com' }, 'school_name'],
    ['a title without letters', { ...owner, school_name: '!!!', email: 'a2@example.com' }, 'school_name'],
    ['a bad email', { ...owner, school_name: 'A2', email: 'not-an-email' }, 'email'],
    ['no password', { ...owner, school_name: 'A3', email: 'a3@example.com', password: undefined }, 'password'],
    ['a short password', { ...owner, school_name: 'A4', email: 'a4@example.com', password: 'short', password_confirmation: 'short' }, 'password'],
    ['mismatching passwords', { ...owner, school_name: 'A5', email: 'a5@example.com', password_confirmation: 'Other-pass-1' }, 'password_confirmation'],
    ['a taken email', { ...owner, school_name: 'A6', phone_number: undefined }, 'email'],
    ['a taken phone', { ...owner, school_name: 'A8', email: 'a8@example.com' }, 'phone_number'],
    ['a number as the name', { ...owner, school_name: 5, email: 'a7@example.com' }, 'school_name'],
  ])('answers %s with 400 and a field error', async (_name, body, field) => {
    const res = await call(t.app, 'POST', '/api/register-school-owner/', { body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!.fields as object)).toContain(field);
  });

  it('creates a second school for a signed-in owner, at most two', async () => {
    const login = await call(t.app, 'POST', '/api/login/', { body: { login: 'owner@example.com', password: owner.password } });
    const token = login.body!.access as string;
    const second = await call(t.app, 'POST', '/api/register-school-owner/', { token, body: { school_name: 'Вторая школа' } });
    expect(second.status).toBe(201);
    const third = await call(t.app, 'POST', '/api/register-school-owner/', { token, body: { school_name: 'Третья школа' } });
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({ code: 'SCHOOL_LIMIT' });
  });

  it('records the referring school from a referral link and ignores an unknown code', async () => {
    const [referrer] = await t.app.ctx.db.select().from(schools).where(eq(schools.name, 'Shkola_Romashka'));
    const ok = await call(t.app, 'POST', `/api/register-school-owner/${referrer!.referralCode}/`, { body: { ...owner, school_name: 'Referred', email: 'ref@example.com', phone_number: undefined } });
    expect(ok.status).toBe(201);
    const [referred] = await t.app.ctx.db.select().from(schools).where(eq(schools.name, 'Referred'));
    expect(referred!.referredById).toBe(referrer!.id);
    const unknown = await call(t.app, 'POST', '/api/register-school-owner/not-a-code/', { body: { ...owner, school_name: 'Unreferred', email: 'unref@example.com', phone_number: undefined } });
    expect(unknown.status).toBe(201);
  });
});

describe('login', () => {
  it('accepts the email in any case or the phone number', async () => {
    const byEmail = await call(t.app, 'POST', '/api/login/', { body: { login: ' OWNER@example.com ', password: owner.password } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ user: { email: 'owner@example.com' } });
    const byPhone = await call(t.app, 'POST', '/api/login/', { body: { login: '+375291112233', password: owner.password } });
    expect(byPhone.status).toBe(200);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const wrong = await call(t.app, 'POST', '/api/login/', { body: { login: 'owner@example.com', password: 'wrong-password' } });
    const unknown = await call(t.app, 'POST', '/api/login/', { body: { login: 'nobody@example.com', password: 'wrong-password' } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Неверный логин или пароль.' });
  });

  it.each([[{}], [{ login: 'x' }], [{ login: 1, password: 2 }], [{ login: '', password: 'x' }]])('answers a malformed body %j with 400', async (body) => {
    const res = await call(t.app, 'POST', '/api/login/', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('sessions', () => {
  async function signIn() {
    const res = await call(t.app, 'POST', '/api/login/', { body: { login: 'owner@example.com', password: owner.password } });
    return res.body as { access: string; refresh: string };
  }

  it('rotates the refresh token on every refresh, and a spent one revokes its whole family', async () => {
    const first = await signIn();
    const second = (await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: first.refresh } })).body as { access: string; refresh: string };
    expect(second.refresh).not.toBe(first.refresh);
    const third = (await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: second.refresh } })).body as { access: string; refresh: string };
    expect((await call(t.app, 'GET', '/api/user/', { token: third.access })).status).toBe(200);

    // A thief replays the first token: refused, and the family (the owner's third token too) dies.
    const replay = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: first.refresh } });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'TOKEN_REUSED' });
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: third.refresh } })).status).toBe(401);

    // Another session of the same user (another family) is untouched.
    const other = await signIn();
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: other.refresh } })).status).toBe(200);
  });

  it('stores refresh tokens only as digests', async () => {
    const session = await signIn();
    const rows = await t.app.ctx.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(rows.some((r) => r.hash === session.refresh)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('refuses an expired refresh token', async () => {
    const session = await signIn();
    t.clock.advance(t.app.ctx.config.refreshTokenTtl * 1000 + 1000);
    const res = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: session.refresh } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('logout revokes every session of the user', async () => {
    const a = await signIn();
    const b = await signIn();
    const out = await call(t.app, 'GET', '/api/logout/', { token: a.access });
    expect(out).toMatchObject({ status: 200, body: { detail: 'Успешный выход из системы' } });
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: a.refresh } })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: b.refresh } })).status).toBe(401);
  });

  it('issues access tokens that last at most 15 minutes', async () => {
    const session = await signIn();
    const payload = JSON.parse(Buffer.from(session.access.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(900);
  });

  it.each([
    ['GET', '/api/user/'],
    ['GET', '/api/user-schools/'],
    ['GET', '/api/logout/'],
    ['POST', '/api/logout/'],
  ] as const)('%s %s needs a token', async (method, url) => {
    expect((await call(t.app, method, url)).status).toBe(401);
    const bad = await call(t.app, method, url, { token: 'not.a.jwt' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('refuses a malformed refresh body', async () => {
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: {} })).status).toBe(400);
    expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: 'x'.repeat(500) } })).status).toBe(400);
  });

  it('returns the current user without secrets', async () => {
    const session = await signIn();
    const res = await call(t.app, 'GET', '/api/user/', { token: session.access });
    expect(res.body).toMatchObject({ email: 'owner@example.com', phone_number: '+375291112233' });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
  });

  it('says that social sign-in is not configured', async () => {
    const res = await call(t.app, 'GET', '/api/auth/social-complete/');
    expect(res.status).toBe(501);
    expect(res.body).toMatchObject({ code: 'SOCIAL_AUTH_NOT_CONFIGURED' });
  });
});
