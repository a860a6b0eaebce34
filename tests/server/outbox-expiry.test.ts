// The mail outbox keeps a one-time link or code only while it works: each such mail carries its
// token's expiry (expires_at), the demo outbox page stops showing it then, and retention deletes
// it. Mails without one (a welcome, a notice) keep the month of RETENTION.outboxDays.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens } from '../../src/server/features/accounts/tables.ts';
import { schoolInvitations } from '../../src/server/features/roles/index.ts';
import { pruneOldRows } from '../../src/server/retention.ts';
import { outbox } from '../../src/server/shared/db/core-tables.ts';
import { PASSWORD, registerOwner, type Owner } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

const HOUR = 3600 * 1000;
const SCHOOL_TITLE = 'Школа почты';
let t: TestApp;
let owner: Owner;
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: SCHOOL_TITLE });
});
afterAll(() => t.close());

/** Mails to an address, newest first, once the mails sent after the answer are written. */
async function mailsTo(to: string) {
  await t.app.ctx.jobs.idle();
  return t.app.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

async function tokenExpiry(userId: number, purpose: string) {
  const [row] = await t.app.ctx.db
    .select({ expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)))
    .orderBy(desc(oneTimeTokens.id));
  return row!.expiresAt;
}

async function signUp(email = uniqueEmail('user')) {
  const res = await call(t.app, 'POST', '/api/register/', { body: { email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Иван' } });
  expect(res.status).toBe(201);
  return { id: res.body!.user.id as number, email, access: res.body!.access as string };
}

const outboxPage = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox/' });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('a mail with a one-time link or code', () => {
  it('carries the expiry of its code or link, from every sender', async () => {
    const user = await signUp();
    const [confirm] = await mailsTo(user.email);
    expect(confirm!.expiresAt).toEqual(await tokenExpiry(user.id, 'email_confirm'));
    expect(confirm!.expiresAt!.getTime() - t.clock.now.getTime()).toBe(24 * HOUR);

    await call(t.app, 'POST', '/api/forgot_password/', { body: { email: user.email } });
    const [reset] = await mailsTo(user.email);
    expect(reset!.subject).toBe('Сброс пароля на CourseHub');
    expect(reset!.expiresAt).toEqual(await tokenExpiry(user.id, 'password_reset'));

    const resendTo = await signUp();
    t.clock.advance(2 * 60 * 1000);
    await call(t.app, 'POST', '/api/code/resend/', { body: { email: resendTo.email } });
    const [resent, first] = await mailsTo(resendTo.email);
    expect(resent!.text).toContain('Ваш новый код подтверждения');
    expect(resent!.expiresAt).toEqual(await tokenExpiry(resendTo.id, 'email_confirm'));
    expect(resent!.expiresAt!.getTime() - first!.expiresAt!.getTime()).toBe(2 * 60 * 1000);

    const newEmail = uniqueEmail('new');
    expect((await call(t.app, 'PATCH', `/api/profile/${user.id}/`, { token: user.access, body: { user: { email: newEmail } } })).status).toBe(200);
    const [code] = await mailsTo(newEmail);
    expect(code!.expiresAt).toEqual(await tokenExpiry(user.id, 'email_change'));
    // The notice to the old address holds no code: it keeps the usual month.
    const [notice] = await mailsTo(user.email);
    expect(notice!.subject).toBe('Запрошена смена адреса почты');
    expect(notice!.expiresAt).toBeNull();

    const invitee = uniqueEmail('invitee');
    expect((await call(t.app, 'POST', '/api/register_user/', { token: owner.access, body: { school: owner.schoolName, email: invitee } })).status).toBe(201);
    const [invitation] = await mailsTo(invitee);
    const [stored] = await t.app.ctx.db.select().from(schoolInvitations).where(eq(schoolInvitations.email, invitee));
    expect(invitation!.text).toContain('/invitation/');
    expect(invitation!.expiresAt).toEqual(stored!.expiresAt);

    // The owner's welcome mail has no link that expires.
    expect((await mailsTo(owner.email)).map((mail) => mail.expiresAt)).toEqual([null]);
  });

  it('leaves the outbox page when its link expires, and is deleted by retention; other mail stays', async () => {
    const user = await signUp();
    await call(t.app, 'POST', '/api/forgot_password/', { body: { email: user.email } });
    const [reset] = await mailsTo(user.email);
    const link = /http:\/\/coursehub\.test\/token-validate\/\d+\/[A-Za-z0-9_-]+/.exec(reset!.text)![0];
    const welcome = `Школа «${SCHOOL_TITLE}» создана`;
    expect(await outboxPage()).toContain(link);

    t.clock.advance(HOUR - 1);
    expect(await outboxPage()).toContain(link);
    await pruneOldRows(t.app.ctx);
    expect(await t.app.ctx.db.select().from(outbox).where(eq(outbox.id, reset!.id))).toHaveLength(1);

    t.clock.advance(1);
    // The link is dead: the page no longer shows it (nor the code mails of this address, a day long, yet).
    const page = await outboxPage();
    expect(page).not.toContain(link);
    expect(page).toContain('Код подтверждения CourseHub');
    const counts = await pruneOldRows(t.app.ctx);
    expect(counts.outbox).toBeGreaterThanOrEqual(1);
    expect(await t.app.ctx.db.select().from(outbox).where(eq(outbox.id, reset!.id))).toEqual([]);

    t.clock.advance(24 * HOUR);
    await pruneOldRows(t.app.ctx);
    expect(await mailsTo(user.email)).toEqual([]);
    // A mail without a link stays for its month, on the page too.
    expect((await mailsTo(owner.email)).map((mail) => mail.subject)).toEqual([welcome]);
    expect(await outboxPage()).toContain(welcome);
  });
});
