import { and, desc, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens } from './tables.ts';
import { outbox, users } from '../../shared/db/core-tables.ts';
import { login, PASSWORD } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { issueSession } from '../../shared/security/sessions.ts';

const NEW_PASSWORD = 'Brand-new-pass-2';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const HOUR = 3600 * 1000;

let counter = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

/** Mails to an address, newest first. */
async function mailsTo(t: TestApp, to: string) {
  // Mail goes out after the answer (shared/background-jobs.ts).
  await t.app.ctx.jobs.idle();
  return t.app.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

async function lastMail(t: TestApp, to: string) {
  const [mail] = await mailsTo(t, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

async function lastCode(t: TestApp, to: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await lastMail(t, to)).text)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

async function lastLink(t: TestApp, to: string): Promise<{ userId: number; token: string }> {
  const match = /http:\/\/coursehub\.test\/token-validate\/(\d+)\/([A-Za-z0-9_-]+)/.exec((await lastMail(t, to)).text);
  if (!match) throw new Error('no link in the mail');
  return { userId: Number(match[1]), token: match[2]! };
}

/** A signed-up user (POST /register/), signed in. */
async function signUp(t: TestApp, email = uniqueEmail()) {
  const res = await call(t.app, 'POST', '/api/register/', { body: { email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Иван' } });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body!.user.id as number, email, access: res.body!.access as string, refresh: res.body!.refresh as string };
}

function avatarForm(bytes: Buffer, field = 'avatar', type = 'image/png') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'picture.png');
  return form;
}

describe('account routes', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'coursehub-account-'));
    t = await createTestApp({ dataDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('without a token', () => {
    it.each([
      ['GET', '/api/profile/', undefined],
      ['PATCH', '/api/profile/1/', { city: 'Минск' }],
      ['POST', '/api/change-password/', { old_password: PASSWORD, new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD }],
      ['POST', '/api/email-confirm/', { email: 'a@example.com', code: '123456' }],
    ] as const)('%s %s answers 401', async (method, url, body) => {
      const res = await call(t.app, method, url, body === undefined ? {} : { body });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'NOT_AUTHENTICATED', message: expect.any(String) });
    });
  });

  describe('registration and the email code', () => {
    it('creates an unconfirmed user without a school, signs in and emails a code stored only as a keyed digest', async () => {
      const email = uniqueEmail('reg');
      const res = await call(t.app, 'POST', '/api/register/', {
        body: { email: email.toUpperCase(), password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Иван', last_name: 'Петров' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String), user: { id: expect.any(Number), pk: expect.any(Number), email, username: email } });
      const me = await call(t.app, 'GET', '/api/user/', { token: res.body!.access });
      expect(me.body).toMatchObject({ email, first_name: 'Иван', last_name: 'Петров', email_verified: false });
      expect((await call(t.app, 'GET', '/api/user-schools/', { token: res.body!.access })).body).toEqual([]);

      const code = await lastCode(t, email);
      const [row] = await t.app.ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, res.body!.user.id));
      expect(row).toMatchObject({ purpose: 'email_confirm', email, usedAt: null });
      expect(row!.expiresAt.getTime() - t.clock.now.getTime()).toBe(24 * HOUR);
      expect(row!.tokenHash).not.toContain(code);

      const confirmed = await call(t.app, 'POST', '/api/code/confirm/', { body: { email, code } });
      expect(confirmed).toMatchObject({ status: 200, body: { detail: 'Адрес электронной почты подтверждён.' } });
      expect((await call(t.app, 'GET', '/api/user/', { token: res.body!.access })).body).toMatchObject({ email_verified: true });
      // Spent: the same code does not work twice.
      expect((await call(t.app, 'POST', '/api/code/confirm/', { body: { email, code } })).body).toMatchObject({ code: 'INVALID_CODE' });
    });

    it('refuses a taken email with EMAIL_TAKEN on the email field', async () => {
      const { email } = await signUp(t);
      const res = await call(t.app, 'POST', '/api/register/', { body: { email: ` ${email.toUpperCase()}`.trim(), password: PASSWORD, password_confirmation: PASSWORD } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: [expect.any(String)] } });
    });

    it.each([
      ['no email', { password: PASSWORD, password_confirmation: PASSWORD }, 'email'],
      ['a bad email', { email: 'not-an-email', password: PASSWORD, password_confirmation: PASSWORD }, 'email'],
      ['a huge email', { email: `${'a'.repeat(300)}@example.com`, password: PASSWORD, password_confirmation: PASSWORD }, 'email'],
      ['no password', { email: 'np@example.com', password_confirmation: PASSWORD }, 'password'],
      ['a huge password', { email: 'hp@example.com', password: 'x'.repeat(5000), password_confirmation: 'x'.repeat(5000) }, 'password'],
      ['a short password', { email: 'sp@example.com', password: 'short', password_confirmation: 'short' }, 'password'],
      ['a digits-only password', { email: 'dp@example.com', password: '12345678901', password_confirmation: '12345678901' }, 'password'],
      ['an object as a name', { email: 'on@example.com', password: PASSWORD, password_confirmation: PASSWORD, first_name: { a: 1 } }, 'first_name'],
      ['a huge name', { email: 'hn@example.com', password: PASSWORD, password_confirmation: PASSWORD, last_name: 'я'.repeat(10_000) }, 'last_name'],
    ])('answers %s with 400 and a field error', async (_name, body, field) => {
      const res = await call(t.app, 'POST', '/api/register/', { body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body!.fields as object)).toContain(field);
    });

    it('says when the passwords differ', async () => {
      const res = await call(t.app, 'POST', '/api/register/', { body: { email: uniqueEmail(), password: PASSWORD, password_confirmation: `${PASSWORD}x` } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ fields: { password_confirmation: ['Пароли не совпадают.'] } });
    });

    it('answers a wrong code and an unknown address alike', async () => {
      const { email } = await signUp(t);
      const code = await lastCode(t, email);
      const wrong = await call(t.app, 'POST', '/api/code/confirm/', { body: { email, code: code === '000000' ? '111111' : '000000' } });
      const unknown = await call(t.app, 'POST', '/api/code/confirm/', { body: { email: 'nobody-here@example.com', code } });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ code: 'INVALID_CODE', message: 'Неверный или устаревший код.' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('counts wrong tries per address: after 200 from a stranger the owner still confirms from elsewhere, and the code stays live', async () => {
      const user = await signUp(t);
      const code = await lastCode(t, user.email);
      const wrongCode = code === '999999' ? '888888' : '999999';
      const confirm = (c: string, ip: string) => call(t.app, 'POST', '/api/code/confirm/', { body: { email: user.email, code: c }, ip });
      const statuses: number[] = [];
      for (let i = 0; i < 200; i += 1) statuses.push((await confirm(wrongCode, '198.51.100.66')).status);
      // Five typos are free, the sixth wrong code makes that address wait; the rest are not checked.
      expect(statuses).toEqual([...Array(6).fill(400), ...Array(194).fill(429)]);
      // That address waits, even with the right code…
      const waiting = await confirm(code, '198.51.100.66');
      expect(waiting).toMatchObject({ status: 429, body: { code: 'CODE_THROTTLED', message: 'Слишком много неверных кодов. Повторите через 1 мин.' }, headers: { 'retry-after': '60' } });
      // …but the owner, elsewhere, confirms at once.
      expect((await confirm(code, '203.0.113.1')).status).toBe(200);
      expect((await call(t.app, 'GET', '/api/user/', { token: user.access })).body).toMatchObject({ email_verified: true });
    });

    it('never burns a code, whatever many addresses guess: a fresh address is always heard', async () => {
      const user = await signUp(t);
      const code = await lastCode(t, user.email);
      const wrongCode = code === '999999' ? '888888' : '999999';
      let checked = 0;
      for (let i = 0; i < 40; i += 1) {
        for (;;) {
          const res = await call(t.app, 'POST', '/api/code/confirm/', { body: { email: user.email, code: wrongCode }, ip: `198.51.100.${i}` });
          if (res.status === 429) break;
          expect(res.body).toMatchObject({ code: 'INVALID_CODE' });
          checked += 1;
        }
      }
      // Twenty wrong codes in all are more than typos: past them, every wrong one makes its address wait.
      expect(checked).toBe(6 + 6 + 6 + 3 + 36);
      expect((await call(t.app, 'POST', '/api/code/confirm/', { body: { email: user.email, code }, ip: '203.0.113.2' })).status).toBe(200);
      // Single use still.
      expect((await call(t.app, 'POST', '/api/code/confirm/', { body: { email: user.email, code }, ip: '203.0.113.3' })).body).toMatchObject({ code: 'INVALID_CODE' });
    });

    it('throttles an address that has no account the same way: the answers do not tell them apart', async () => {
      const user = await signUp(t);
      const code = await lastCode(t, user.email);
      const wrongCode = code === '999999' ? '888888' : '999999';
      const answers: unknown[][] = [[], []];
      for (const [i, email] of [user.email, uniqueEmail('ghost')].entries()) {
        for (let n = 0; n < 8; n += 1) answers[i]!.push((await call(t.app, 'POST', '/api/code/confirm/', { body: { email, code: wrongCode }, ip: '198.51.100.200' })).body);
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[0]!.at(-1)).toMatchObject({ code: 'CODE_THROTTLED' });
    });

    it('resends a code at most once a minute, without killing the one already sent', async () => {
      const user = await signUp(t);
      const first = await lastCode(t, user.email);
      const resent = await call(t.app, 'POST', '/api/code/resend/', { body: { email: user.email } });
      expect(resent.status).toBe(200);
      const unknown = await call(t.app, 'POST', '/api/code/resend/', { body: { email: 'nobody-here@example.com' } });
      expect(unknown.body).toEqual(resent.body);
      // Within the minute nothing new is sent: anyone may ask, so asking must not flood the mailbox.
      expect(await mailsTo(t, user.email)).toHaveLength(1);
      t.clock.advance(61 * 1000);
      await call(t.app, 'POST', '/api/code/resend/', { body: { email: user.email } });
      expect(await mailsTo(t, user.email)).toHaveLength(2);
      const second = await lastCode(t, user.email);
      // Both codes work; the first one is spent here.
      expect((await call(t.app, 'POST', '/api/code/confirm/', { body: { email: user.email, code: first } })).status).toBe(200);
      expect(second).toMatch(/^\d{6}$/);
    });

    it('refuses an expired code', async () => {
      const user = await signUp(t);
      const code = await lastCode(t, user.email);
      t.clock.advance(24 * HOUR + 1000);
      expect((await call(t.app, 'POST', '/api/code/confirm/', { body: { email: user.email, code } })).body).toMatchObject({ code: 'INVALID_CODE' });
    });

    it('answers a malformed confirmation body with field errors', async () => {
      const res = await call(t.app, 'POST', '/api/code/confirm/', { body: { email: 'x@example.com', code: '1'.repeat(100) } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { code: [expect.any(String)] } });
      const missing = await call(t.app, 'POST', '/api/code/confirm/', { body: {} });
      expect(Object.keys(missing.body!.fields as object).sort()).toEqual(['code', 'email']);
    });
  });

  describe('password reset', () => {
    it('answers the same for unknown and known addresses, and mails only the known one', async () => {
      const user = await signUp(t);
      const known = await call(t.app, 'POST', '/api/forgot_password/', { body: { email: user.email.toUpperCase() } });
      const unknownEmail = uniqueEmail('ghost');
      const unknown = await call(t.app, 'POST', '/api/forgot_password/', { body: { email: unknownEmail } });
      expect(known).toMatchObject({ status: 200, body: { detail: 'Если адрес зарегистрирован, мы отправили на него ссылку для сброса пароля.' } });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(await mailsTo(t, unknownEmail)).toEqual([]);
      const link = await lastLink(t, user.email);
      expect(link.userId).toBe(user.id);
      const [row] = await t.app.ctx.db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'password_reset')));
      expect(row!.tokenHash).not.toBe(link.token);
      expect(row!.expiresAt.getTime() - t.clock.now.getTime()).toBe(HOUR);
    });

    it('validates a link without spending it, by GET and by POST', async () => {
      const user = await signUp(t);
      await call(t.app, 'POST', '/api/forgot_password/', { body: { email: user.email } });
      const { token } = await lastLink(t, user.email);
      for (let i = 0; i < 2; i += 1) {
        expect(await call(t.app, 'GET', `/api/token-validate/${user.id}/${token}/`)).toMatchObject({ status: 200, body: { email: user.email } });
        expect(await call(t.app, 'POST', '/api/token-validate/', { body: { user_id: user.id, token } })).toMatchObject({ status: 200, body: { email: user.email } });
      }
      const invalid = { code: 'TOKEN_INVALID', message: 'Ссылка недействительна или устарела.' };
      const other = await signUp(t);
      for (const url of [`/api/token-validate/${user.id}/not-the-token/`, `/api/token-validate/${other.id}/${token}/`, `/api/token-validate/abc/${token}/`, `/api/token-validate/0/${token}/`, `/api/token-validate/99999999999/${token}/`]) {
        const res = await call(t.app, 'GET', url);
        expect(res.status, url).toBe(400);
        expect(res.body, url).toEqual(invalid);
      }
      expect((await call(t.app, 'POST', '/api/token-validate/', { body: { user_id: user.id, token: 'wrong' } })).body).toEqual(invalid);
      const malformed = await call(t.app, 'POST', '/api/token-validate/', { body: { user_id: 'abc', token: 'x'.repeat(1000) } });
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body!.fields as object).sort()).toEqual(['token', 'user_id']);
    });

    it('refuses a reset with a bad token and leaves the password alone', async () => {
      const user = await signUp(t);
      const res = await call(t.app, 'POST', '/api/password-reset/', { body: { user_id: user.id, token: 'made-up', new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'TOKEN_INVALID', message: 'Ссылка недействительна или устарела.' });
      await login(t.app, user.email);
    });

    it('resets with a valid link once, verifies the email and ends every session', async () => {
      const user = await signUp(t);
      const session = await login(t.app, user.email);
      await call(t.app, 'POST', '/api/forgot_password/', { body: { email: user.email } });
      const { token } = await lastLink(t, user.email);

      const mismatch = await call(t.app, 'POST', '/api/password-reset/', { body: { user_id: user.id, token, new_password: NEW_PASSWORD, new_password_again: `${NEW_PASSWORD}!` } });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toMatchObject({ fields: { new_password_again: ['Пароли не совпадают.'] } });

      const body = { user_id: user.id, token, new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD };
      // A double submit: exactly one wins.
      const [a, b] = await Promise.all([call(t.app, 'POST', '/api/password-reset/', { body }), call(t.app, 'POST', '/api/password-reset/', { body })]);
      expect([a.status, b.status].sort()).toEqual([200, 400]);
      expect([a.body, b.body]).toContainEqual({ detail: 'Пароль был успешно изменён.' });

      expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: session.refresh } })).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: user.refresh } })).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/login/', { body: { login: user.email, password: PASSWORD } })).status).toBe(400);
      expect((await call(t.app, 'POST', '/api/login/', { body: { login: user.email, password: NEW_PASSWORD } })).status).toBe(200);
      const [row] = await t.app.ctx.db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, user.id));
      expect(row!.verified).toBe(true);

      // Used: neither validation nor a second reset accepts it.
      expect((await call(t.app, 'GET', `/api/token-validate/${user.id}/${token}/`)).body).toMatchObject({ code: 'TOKEN_INVALID' });
      expect((await call(t.app, 'POST', '/api/password-reset/', { body })).body).toMatchObject({ code: 'TOKEN_INVALID' });
    });

    it('refuses an expired link', async () => {
      const user = await signUp(t);
      await call(t.app, 'POST', '/api/forgot_password/', { body: { email: user.email } });
      const { token } = await lastLink(t, user.email);
      t.clock.advance(HOUR + 1000);
      const res = await call(t.app, 'POST', '/api/password-reset/', { body: { user_id: user.id, token, new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'TOKEN_INVALID' });
    });

    it('keeps an earlier link live when anyone asks again, mails at most one a minute, and a used link takes the others with it', async () => {
      const user = await signUp(t);
      await call(t.app, 'POST', '/api/forgot_password/', { body: { email: user.email } });
      const first = await lastLink(t, user.email);
      // A stranger asking again within the minute sends nothing, and kills nothing.
      await call(t.app, 'POST', '/api/forgot_password/', { body: { email: user.email }, ip: '198.51.100.9' });
      expect((await mailsTo(t, user.email)).filter((mail) => mail.subject === 'Сброс пароля на CourseHub')).toHaveLength(1);
      t.clock.advance(61 * 1000);
      await call(t.app, 'POST', '/api/forgot_password/', { body: { email: user.email }, ip: '198.51.100.9' });
      const second = await lastLink(t, user.email);
      expect(second.token).not.toBe(first.token);
      expect((await call(t.app, 'GET', `/api/token-validate/${user.id}/${first.token}/`)).status).toBe(200);
      expect((await call(t.app, 'GET', `/api/token-validate/${user.id}/${second.token}/`)).status).toBe(200);
      const reset = await call(t.app, 'POST', '/api/password-reset/', { body: { user_id: user.id, token: first.token, new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD } });
      expect(reset.status).toBe(200);
      expect((await call(t.app, 'GET', `/api/token-validate/${user.id}/${second.token}/`)).status).toBe(400);
    });

    it.each([
      ['no token', { user_id: 1, new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD }, 'token'],
      ['a text user id', { user_id: 'me', token: 'x', new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD }, 'user_id'],
      ['no new password', { user_id: 1, token: 'x', new_password_again: NEW_PASSWORD }, 'new_password'],
      ['a huge token', { user_id: 1, token: 'x'.repeat(10_000), new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD }, 'token'],
      ['a weak password', { user_id: 1, token: 'x', new_password: 'short', new_password_again: 'short' }, 'new_password'],
    ])('answers %s with 400 and a field error', async (_name, body, field) => {
      const res = await call(t.app, 'POST', '/api/password-reset/', { body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body!.fields as object)).toContain(field);
    });
  });

  describe('password change', () => {
    it('needs the current password', async () => {
      const user = await signUp(t);
      const wrong = await call(t.app, 'POST', '/api/change-password/', { token: user.access, body: { old_password: 'Not-my-pass-1', new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD } });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ code: 'WRONG_PASSWORD', message: 'Неверный текущий пароль.', fields: { old_password: ['Неверный текущий пароль.'] } });
      const missing = await call(t.app, 'POST', '/api/change-password/', { token: user.access, body: { new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD } });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ fields: { old_password: ['Обязательное поле.'] } });
      const mismatch = await call(t.app, 'POST', '/api/change-password/', { token: user.access, body: { old_password: PASSWORD, new_password: NEW_PASSWORD, new_password_again: 'Other-pass-77' } });
      expect(mismatch.body).toMatchObject({ fields: { new_password_again: ['Пароли не совпадают.'] } });
      await login(t.app, user.email);
    });

    it('changes the password, ends other sessions and keeps this device signed in', async () => {
      const user = await signUp(t);
      const other = await login(t.app, user.email);
      const res = await call(t.app, 'POST', '/api/change-password/', { token: user.access, body: { old_password: PASSWORD, new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String), detail: 'Пароль успешно изменён.' });
      expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: other.refresh } })).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: user.refresh } })).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: res.body!.refresh } })).status).toBe(200);
      expect((await call(t.app, 'GET', '/api/profile/', { token: res.body!.access })).status).toBe(200);
      expect((await call(t.app, 'POST', '/api/login/', { body: { login: user.email, password: NEW_PASSWORD } })).status).toBe(200);
    });

    it('is refused while an admin views the platform as the user, like every other write', async () => {
      const user = await signUp(t);
      const admin = await signUp(t);
      const { access } = await issueSession(t.app.ctx, user.id, { impersonatorId: admin.id });
      const res = await call(t.app, 'POST', '/api/change-password/', { token: access, body: { old_password: PASSWORD, new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'IMPERSONATION_READ_ONLY' });
      const emailChange = await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: access, body: { user: { email: uniqueEmail('takeover') } } });
      expect(emailChange.status).toBe(403);
      expect((await call(t.app, 'POST', '/api/email-confirm/', { token: access, body: { email: 'x@example.com', code: '123456' } })).status).toBe(403);
      expect((await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: access, body: { city: 'Брест' } })).status).toBe(403);
      // Reading stays possible while viewing as the user.
      expect((await call(t.app, 'GET', '/api/profile/', { token: access })).body).toMatchObject({ city: '' });
    });
  });

  describe('profile', () => {
    it('returns the current user profile as one object', async () => {
      const user = await signUp(t);
      const res = await call(t.app, 'GET', '/api/profile/', { token: user.access });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        profile_id: user.id,
        avatar: null,
        avatar_url: null,
        city: '',
        sex: '',
        description: '',
        user: { first_name: 'Иван', last_name: '', patronymic: '', email: user.email, phone_number: null, username: user.email },
      });
    });

    it('updates own fields and refuses another user profile', async () => {
      const user = await signUp(t);
      const other = await signUp(t);
      const patch = { city: ' Минск ', sex: 'Ж', description: 'О себе', user: { first_name: 'Анна', last_name: 'Иванова', patronymic: 'Сергеевна', phone_number: '+375 (29) 765-43-21' } };
      const res = await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: patch });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ city: 'Минск', sex: 'Ж', description: 'О себе', user: { first_name: 'Анна', last_name: 'Иванова', patronymic: 'Сергеевна', phone_number: '+375297654321' } });
      expect((await call(t.app, 'GET', '/api/profile/', { token: user.access })).body).toEqual(res.body);

      const foreign = await call(t.app, 'PATCH', `/api/profile/${other.id}/`, { token: user.access, body: { city: 'Гродно' } });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ code: 'FORBIDDEN' });
      expect((await call(t.app, 'GET', '/api/profile/', { token: other.access })).body).toMatchObject({ city: '' });
    });

    it.each([
      ['an unknown sex', { sex: 'X' }, 'sex'],
      ['a huge description', { description: 'a'.repeat(10_000) }, 'description'],
      ['a huge city', { city: 'a'.repeat(1000) }, 'city'],
      ['an object as a name', { user: { first_name: { x: 1 } } }, 'user.first_name'],
      ['a bad new email', { user: { email: 'nope' } }, 'user.email'],
      ['a malformed phone', { user: { phone_number: 'call me' } }, 'user.phone_number'],
      ['a user that is not an object', { user: 'me' }, 'user'],
    ])('answers %s with 400 and a field error', async (_name, body, field) => {
      const user = await signUp(t);
      const res = await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body!.fields as object)).toContain(field);
    });

    it('answers a PATCH without a body with the unchanged profile', async () => {
      const user = await signUp(t);
      const res = await t.app.inject({ method: 'PATCH', url: `/api/profile/${user.id}/`, headers: { authorization: `Bearer ${user.access}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profile_id: user.id, user: { email: user.email } });
    });

    it('refuses a non-numeric profile id and a body that is neither JSON nor multipart', async () => {
      const user = await signUp(t);
      expect((await call(t.app, 'PATCH', '/api/profile/me/', { token: user.access, body: {} })).status).toBe(400);
      const text = await t.app.inject({ method: 'PATCH', url: `/api/profile/${user.id}/`, headers: { authorization: `Bearer ${user.access}`, 'content-type': 'text/plain' }, payload: 'city=Minsk' });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('keeps the phone: cannot be emptied or taken from someone else', async () => {
      const user = await signUp(t);
      const other = await signUp(t);
      await call(t.app, 'PATCH', `/api/profile/${other.id}/`, { token: other.access, body: { user: { phone_number: '+375291110000' } } });
      // No phone yet: sending an empty one is not a deletion.
      expect((await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: { user: { phone_number: '' } } })).status).toBe(200);
      const taken = await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: { user: { phone_number: '+375 29 111-00-00' } } });
      expect(taken.status).toBe(400);
      expect(taken.body).toMatchObject({ code: 'PHONE_TAKEN', fields: { 'user.phone_number': [expect.any(String)] } });
      expect((await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: { user: { phone_number: '+375292220000' } } })).status).toBe(200);
      const emptied = await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: { user: { phone_number: '' } } });
      expect(emptied.status).toBe(400);
      expect(emptied.body).toMatchObject({ fields: { 'user.phone_number': ['Нельзя удалить номер телефона.'] } });
      expect((await call(t.app, 'GET', '/api/profile/', { token: user.access })).body).toMatchObject({ user: { phone_number: '+375292220000' } });
    });

    describe('email change', () => {
      it('keeps the old address until the code sent to the new one comes back', async () => {
        const user = await signUp(t);
        const newEmail = uniqueEmail('new');
        const res = await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: { user: { email: newEmail.toUpperCase() } } });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ user: { email: user.email }, email_change_pending: newEmail });
        expect((await call(t.app, 'GET', '/api/profile/', { token: user.access })).body).toMatchObject({ email_change_pending: newEmail });
        expect((await lastMail(t, user.email)).text).toContain(newEmail);
        const code = await lastCode(t, newEmail);

        const confirmed = await call(t.app, 'POST', '/api/email-confirm/', { token: user.access, body: { email: newEmail, code } });
        expect(confirmed.status).toBe(200);
        expect(confirmed.body).toMatchObject({ profile_id: user.id, user: { email: newEmail } });
        expect(confirmed.body).not.toHaveProperty('email_change_pending');
        expect((await call(t.app, 'POST', '/api/login/', { body: { login: newEmail, password: PASSWORD } })).status).toBe(200);
        expect((await call(t.app, 'POST', '/api/email-confirm/', { token: user.access, body: { email: newEmail, code } })).body).toMatchObject({ code: 'INVALID_CODE' });
      });

      it('binds the code to the new address: a code for A never confirms B', async () => {
        const user = await signUp(t);
        const a = uniqueEmail('a');
        const b = uniqueEmail('b');
        await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: { user: { email: a } } });
        const code = await lastCode(t, a);
        const res = await call(t.app, 'POST', '/api/email-confirm/', { token: user.access, body: { email: b, code } });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: 'INVALID_CODE', message: 'Неверный или устаревший код.' });
        expect((await call(t.app, 'GET', '/api/profile/', { token: user.access })).body).toMatchObject({ user: { email: user.email } });
        // Another user cannot use this user's code either.
        const thief = await signUp(t);
        expect((await call(t.app, 'POST', '/api/email-confirm/', { token: thief.access, body: { email: a, code } })).status).toBe(400);
        expect((await call(t.app, 'POST', '/api/email-confirm/', { token: user.access, body: { email: a, code } })).status).toBe(200);
      });

      it('limits wrong tries per address and never kills the code: it still confirms from another address', async () => {
        const user = await signUp(t);
        const a = uniqueEmail('a');
        await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: { user: { email: a } } });
        const code = await lastCode(t, a);
        const wrongCode = code === '123456' ? '654321' : '123456';
        const confirm = (c: string, ip: string) => call(t.app, 'POST', '/api/email-confirm/', { token: user.access, body: { email: a, code: c }, ip });
        const statuses: number[] = [];
        for (let i = 0; i < 200; i += 1) statuses.push((await confirm(wrongCode, '198.51.100.70')).status);
        expect(statuses).toEqual([...Array(6).fill(400), ...Array(194).fill(429)]);
        expect((await confirm(code, '198.51.100.70')).body).toMatchObject({ code: 'CODE_THROTTLED' });
        // Many more wrong codes from elsewhere: each address waits after its first once the code is
        // under attack, and the code is still pending.
        for (let i = 0; i < 40; i += 1) await confirm(wrongCode, `198.51.101.${i}`);
        expect((await call(t.app, 'GET', '/api/profile/', { token: user.access })).body).toMatchObject({ email_change_pending: a });
        const confirmed = await confirm(code, '203.0.113.4');
        expect(confirmed).toMatchObject({ status: 200, body: { user: { email: a } } });
      });

      it('refuses a taken address, at request and at confirmation', async () => {
        const user = await signUp(t);
        const other = await signUp(t);
        const taken = await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: { user: { email: other.email } } });
        expect(taken.status).toBe(400);
        expect(taken.body).toMatchObject({ code: 'EMAIL_TAKEN', fields: { 'user.email': [expect.any(String)] } });

        const later = uniqueEmail('later');
        await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: { user: { email: later } } });
        const code = await lastCode(t, later);
        await signUp(t, later);
        const res = await call(t.app, 'POST', '/api/email-confirm/', { token: user.access, body: { email: later, code } });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN' });
      });

      it('expires after an hour', async () => {
        const user = await signUp(t);
        const a = uniqueEmail('a');
        await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: { user: { email: a } } });
        const code = await lastCode(t, a);
        t.clock.advance(HOUR + 1000);
        expect((await call(t.app, 'POST', '/api/email-confirm/', { token: user.access, body: { email: a, code } })).body).toMatchObject({ code: 'INVALID_CODE' });
      });

      it('answers a malformed confirmation with field errors', async () => {
        const user = await signUp(t);
        const res = await call(t.app, 'POST', '/api/email-confirm/', { token: user.access, body: { email: 'bad', code: ['1'] } });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { email: [expect.any(String)] } });
      });
    });

    describe('avatar', () => {
      const upload = (user: { id: number; access: string }, form: FormData, id = user.id) =>
        t.app.inject({ method: 'PATCH', url: `/api/profile/${id}/`, headers: { authorization: `Bearer ${user.access}` }, payload: form });

      it('stores an image, serves it and replaces it on the next upload', async () => {
        const user = await signUp(t);
        const res = await upload(user, avatarForm(PNG));
        expect(res.statusCode).toBe(200);
        const body = res.json() as { avatar: string; avatar_url: string };
        expect(body.avatar).toMatch(new RegExp(`^avatars/${user.id}-[0-9a-f]{16}\\.png$`));
        expect(body.avatar_url).toBe(`http://coursehub.test/api/uploads/${body.avatar}`);
        expect(existsSync(join(dataDir, 'uploads', body.avatar))).toBe(true);

        const file = await t.app.inject({ method: 'GET', url: `/api/uploads/${body.avatar}` });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/png');
        expect(file.rawPayload.equals(PNG)).toBe(true);

        const gif = Buffer.concat([Buffer.from('GIF89a'), randomBytes(32)]);
        const second = (await upload(user, avatarForm(gif, 'avatar', 'image/gif'))).json() as { avatar: string };
        expect(second.avatar).toMatch(/\.gif$/);
        expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${body.avatar}` })).statusCode).toBe(404);
        expect(existsSync(join(dataDir, 'uploads', body.avatar))).toBe(false);
      });

      it('accepts a large image within the 7 MB limit (above the 1 MB JSON body limit)', async () => {
        const user = await signUp(t);
        const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3 * 1024 * 1024)]);
        const res = await upload(user, avatarForm(jpeg, 'avatar', 'image/jpeg'));
        expect(res.statusCode).toBe(200);
        const { avatar } = res.json() as { avatar: string };
        expect(avatar).toMatch(/\.jpg$/);
        const file = await t.app.inject({ method: 'GET', url: `/api/uploads/${avatar}` });
        expect(file.headers['content-type']).toBe('image/jpeg');
        expect(Number(file.headers['content-length'])).toBe(jpeg.length);
      });

      it('refuses a file that is not an image whatever its name and type say', async () => {
        const user = await signUp(t);
        const res = await upload(user, avatarForm(Buffer.from('<svg onload="alert(1)"></svg>')));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'INVALID_IMAGE', fields: { avatar: [expect.any(String)] } });
        expect((await call(t.app, 'GET', '/api/profile/', { token: user.access })).body).toMatchObject({ avatar: null });
      });

      it('refuses a file over 7 MB, a wrong field, no file, and another user profile', async () => {
        const user = await signUp(t);
        const huge = Buffer.concat([PNG, Buffer.alloc(7 * 1024 * 1024)]);
        const big = await upload(user, avatarForm(huge));
        expect(big.statusCode).toBe(400);
        expect(big.json()).toMatchObject({ code: 'FILE_TOO_LARGE', fields: { avatar: [expect.any(String)] } });

        const wrongField = await upload(user, avatarForm(PNG, 'photo'));
        expect(wrongField.statusCode).toBe(400);
        expect(wrongField.json()).toMatchObject({ fields: { photo: ['Неизвестное поле.'] } });

        const onlyText = new FormData();
        onlyText.append('city', 'Минск');
        expect((await upload(user, onlyText)).statusCode).toBe(400);

        const other = await signUp(t);
        expect((await upload(user, avatarForm(PNG), other.id)).statusCode).toBe(403);
      });

      it('serves only stored avatar names, never other paths', async () => {
        for (const url of [
          '/api/uploads/avatars/..%2F..%2Fpackage.json',
          '/api/uploads/avatars/1-0123456789abcdef.png',
          '/api/uploads/avatars/%2Fetc%2Fpasswd',
          '/api/uploads/avatars/1-0123456789abcdef.svg',
        ]) {
          const res = await t.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(404);
        }
      });
    });
  });

  describe('OpenAPI', () => {
    it('documents the account routes', async () => {
      const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(doc.statusCode).toBe(200);
      const paths = Object.keys((doc.json() as { paths: Record<string, unknown> }).paths);
      expect(paths).toEqual(expect.arrayContaining(['/api/register/', '/api/profile/{id}/', '/api/password-reset/', '/api/register_user/', '/api/invite']));
    });
  });
});

describe('rate limits of the account routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: true });
  });
  afterAll(() => t.close());

  it('stops forgot_password after 5 requests a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await call(t.app, 'POST', '/api/forgot_password/', { body: { email: `rl${i}@example.com` } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await call(t.app, 'POST', '/api/forgot_password/', { body: { email: 'rl@example.com' } });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Слишком много попыток/) });
  });
});
