// Adding people to a school is an invitation the person accepts; until then the school has only
// the email it typed (issue: no session may be minted from a "view as" session).
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, schoolMembers, users } from '../../shared/db/core-tables.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { schoolInvitationGroups, schoolInvitations } from './tables.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { addMember, PASSWORD, registerOwner, setTariff, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let n = 0;
const uniqueEmail = (prefix = 'person') => `${prefix}-${Date.now().toString(36)}-${(n += 1)}@example.com`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The token of the newest invitation link mailed to `email` (mail leaves after the answer). */
async function invitationToken(email: string): Promise<string> {
  await t.app.ctx.jobs.idle();
  const [mail] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
  const token = /http:\/\/coursehub\.test\/invitation\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}

/** A signed-up user with a confirmed address (as if the emailed code came back). */
async function existingAccount(verified = true) {
  const email = uniqueEmail('existing');
  const res = await call(t.app, 'POST', '/api/register/', { body: { email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Вера' } });
  expect(res.status).toBe(201);
  if (verified) await t.app.ctx.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  return { id: res.body!.user.id as number, email, access: res.body!.access as string };
}

const inviteBy = (owner: Owner, body: Record<string, unknown>, url = '/api/register_user/') => call(t.app, 'POST', url, { token: owner.access, body: { school: owner.schoolName, ...body } });
const schoolsOf = async (access: string) => ((await call(t.app, 'GET', '/api/user-schools/', { token: access })).body as unknown as { name: string; role: string }[]).map((s) => `${s.name}:${s.role}`);

describe('inviting', () => {
  it('answers the same for an existing account and a new address, and creates nothing but the invitation', async () => {
    const owner = await registerOwner(t.app);
    const existing = await existingAccount();
    const fresh = uniqueEmail('fresh');
    const a = await inviteBy(owner, { email: existing.email.toUpperCase() });
    const b = await inviteBy(owner, { email: fresh, first_name: 'Олег' });
    for (const res of [a, b]) {
      expect(res.status).toBe(201);
      expect(Object.keys(res.body!).sort()).toEqual(['created_at', 'email', 'expires_at', 'invitation_id', 'role']);
      expect(res.body).toMatchObject({ role: 'Student' });
    }
    expect(a.body!.email).toBe(existing.email);
    // No account for the new address, no membership for the existing one.
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, fresh))).toEqual([]);
    expect(await schoolsOf(existing.access)).toEqual([]);
    // The school's lists show the typed email and nothing of the account.
    const members = await call(t.app, 'GET', `/api/${owner.schoolName}/all_users/?role=student`, { token: owner.access });
    expect(members.body).toMatchObject({ count: 0 });
    const pending = await call(t.app, 'GET', `/api/${owner.schoolName}/invitations/`, { token: owner.access });
    expect(pending.body!.results.map((row: { email: string }) => row.email).sort()).toEqual([existing.email, fresh].sort());
    // And it cannot view the platform as the invited person.
    const viewAs = await call(t.app, 'POST', '/api/impersonate/start/', { token: owner.access, body: { user_id: existing.id, school: owner.schoolName } });
    expect(viewAs.status).toBe(403);
  });

  it('lets a new address set a password by the link and join', async () => {
    const owner = await registerOwner(t.app);
    const email = uniqueEmail('new');
    await inviteBy(owner, { email, first_name: 'Олег', last_name: 'Ученик', patronymic: 'Павлович' });
    const token = await invitationToken(email);
    const seen = await call(t.app, 'GET', `/api/invitations/${token}/`);
    expect(seen.body).toMatchObject({ email, role: 'Student', account_exists: false, school_name: owner.schoolName });
    const noPassword = await call(t.app, 'POST', `/api/invitations/${token}/accept/`, { body: {} });
    expect(noPassword).toMatchObject({ status: 400, body: { fields: { password: [expect.any(String)] } } });
    const mismatch = await call(t.app, 'POST', `/api/invitations/${token}/accept/`, { body: { password: PASSWORD, password_confirmation: 'other-pass-1' } });
    expect(mismatch).toMatchObject({ status: 400, body: { fields: { password_confirmation: ['Пароли не совпадают.'] } } });
    const accepted = await call(t.app, 'POST', `/api/invitations/${token}/accept/`, { body: { password: PASSWORD, password_confirmation: PASSWORD } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ access: expect.any(String), refresh: expect.any(String), school: { name: owner.schoolName, role: 'Student' } });
    expect(await schoolsOf(accepted.body!.access)).toEqual([`${owner.schoolName}:Student`]);
    expect((await call(t.app, 'GET', '/api/profile/', { token: accepted.body!.access })).body).toMatchObject({ user: { first_name: 'Олег', last_name: 'Ученик', patronymic: 'Павлович' } });
    // The link is spent.
    expect((await call(t.app, 'GET', `/api/invitations/${token}/`)).status).toBe(404);
    expect((await inviteBy(owner, { email })).body).toMatchObject({ code: 'ALREADY_MEMBER' });
  });

  it('lets an existing account accept by the link (no session handed out) or decline it', async () => {
    const owner = await registerOwner(t.app);
    const existing = await existingAccount(false);
    await inviteBy(owner, { email: existing.email, role: 'Student' }, '/api/invite/');
    const token = await invitationToken(existing.email);
    expect((await call(t.app, 'GET', `/api/invitations/${token}/`)).body).toMatchObject({ account_exists: true });
    const accepted = await call(t.app, 'POST', `/api/invitations/${token}/accept/`, { body: {} });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ school: { school_id: owner.schoolId, name: owner.schoolName, title: expect.any(String), role: 'Student' } });
    expect(await schoolsOf(existing.access)).toEqual([`${owner.schoolName}:Student`]);
    // The link reached the address: it is confirmed now.
    expect((await t.app.ctx.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, existing.id)))[0]!.v).toBe(true);

    const other = await registerOwner(t.app);
    await inviteBy(other, { email: existing.email });
    const declineToken = await invitationToken(existing.email);
    expect((await call(t.app, 'POST', `/api/invitations/${declineToken}/decline/`)).status).toBe(200);
    expect((await call(t.app, 'POST', `/api/invitations/${declineToken}/accept/`, { body: {} })).status).toBe(404);
    expect(await schoolsOf(existing.access)).toEqual([`${owner.schoolName}:Student`]);
  });

  it('lets a signed-in person with a confirmed address accept or decline on the choose-school screen', async () => {
    const owner = await registerOwner(t.app);
    await setTariff(t.app, owner.schoolId, 3);
    const other = await registerOwner(t.app);
    const person = await existingAccount();
    await inviteBy(owner, { email: person.email, role: 'Teacher' });
    await inviteBy(other, { email: person.email });
    const listed = await call(t.app, 'GET', '/api/user-invitations/', { token: person.access });
    expect(listed.body).toEqual([
      expect.objectContaining({ school_name: owner.schoolName, role: 'Teacher' }),
      expect.objectContaining({ school_name: other.schoolName, role: 'Student' }),
    ]);
    const [first, second] = listed.body as unknown as { invitation_id: number }[];
    // Nobody else can answer them.
    const stranger = await existingAccount();
    expect((await call(t.app, 'POST', `/api/user-invitations/${first!.invitation_id}/accept/`, { token: stranger.access })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/user-invitations/${first!.invitation_id}/accept/`)).status).toBe(401);

    const accepted = await call(t.app, 'POST', `/api/user-invitations/${first!.invitation_id}/accept/`, { token: person.access });
    expect(accepted.body).toEqual({ school_id: owner.schoolId, name: owner.schoolName, title: expect.any(String), role: 'Teacher' });
    expect((await call(t.app, 'POST', `/api/user-invitations/${second!.invitation_id}/decline/`, { token: person.access })).status).toBe(200);
    expect(await schoolsOf(person.access)).toEqual([`${owner.schoolName}:Teacher`]);
    expect((await call(t.app, 'GET', '/api/user-invitations/', { token: person.access })).body).toEqual([]);
  });

  it('needs a confirmed address to accept when signed in: otherwise anyone could sign up with it', async () => {
    const owner = await registerOwner(t.app);
    const squatter = await existingAccount(false);
    await inviteBy(owner, { email: squatter.email });
    expect((await call(t.app, 'GET', '/api/user-invitations/', { token: squatter.access })).body).toEqual([]);
    const [row] = await t.app.ctx.db.select().from(schoolInvitations).where(eq(schoolInvitations.email, squatter.email));
    const res = await call(t.app, 'POST', `/api/user-invitations/${row!.id}/accept/`, { token: squatter.access });
    expect(res).toMatchObject({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED' } });
  });

  it('renews an invitation sent again (the old link dies), lets the school revoke it, and lets links expire', async () => {
    const owner = await registerOwner(t.app);
    const email = uniqueEmail('renewed');
    await inviteBy(owner, { email });
    const old = await invitationToken(email);
    await inviteBy(owner, { email, role: 'Student' });
    const renewed = await invitationToken(email);
    expect(renewed).not.toBe(old);
    expect((await call(t.app, 'GET', `/api/invitations/${old}/`)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/invitations/${renewed}/`)).status).toBe(200);

    const { id } = (await t.app.ctx.db.select().from(schoolInvitations).where(eq(schoolInvitations.email, email)))[0]!;
    const other = await registerOwner(t.app);
    expect((await call(t.app, 'DELETE', `/api/${other.schoolName}/invitations/${id}/`, { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/${owner.schoolName}/invitations/${id}/`, { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', `/api/invitations/${renewed}/`)).status).toBe(404);

    await inviteBy(owner, { email });
    const late = await invitationToken(email);
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    expect((await call(t.app, 'POST', `/api/invitations/${late}/accept/`, { body: { password: PASSWORD, password_confirmation: PASSWORD } })).status).toBe(404);
  });

  it('survives a password reset asked for by anyone: the invitation link still works', async () => {
    const owner = await registerOwner(t.app);
    const person = await existingAccount();
    await inviteBy(owner, { email: person.email });
    const token = await invitationToken(person.email);
    expect((await call(t.app, 'POST', '/api/forgot_password/', { body: { email: person.email } })).status).toBe(200);
    await t.app.ctx.jobs.idle();
    expect((await call(t.app, 'POST', `/api/invitations/${token}/accept/`, { body: {} })).status).toBe(200);
  });
});

describe('groups named by an invitation (access-distribution/ by email)', () => {
  it('are joined by a student only: not by a staff invitation, nor by someone who became staff meanwhile', async () => {
    const owner = await registerOwner(t.app);
    await setTariff(t.app, owner.schoolId, 4);
    const course = await addCourse(t.app, owner.schoolId);
    const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId: course.id, type: 'WITHOUT_TEACHER', name: 'Группа' }).returning();
    const nameGroup = async (email: string) => {
      const [row] = await t.app.ctx.db.select().from(schoolInvitations).where(eq(schoolInvitations.email, email));
      await t.app.ctx.db.insert(schoolInvitationGroups).values({ invitationId: row!.id, groupId: group!.id });
      return row!;
    };
    const inGroup = async (userId: number) => (await t.app.ctx.db.select().from(studentsGroupMembers).where(eq(studentsGroupMembers.userId, userId))).length > 0;

    // A teacher's invitation with a group row (never written by the API) puts nobody into it.
    const teacher = await existingAccount();
    await inviteBy(owner, { email: teacher.email, role: 'Teacher' });
    await nameGroup(teacher.email);
    expect((await call(t.app, 'POST', `/api/invitations/${await invitationToken(teacher.email)}/accept/`, { body: {} })).body).toMatchObject({ school: { role: 'Teacher' } });
    expect(await inGroup(teacher.id)).toBe(false);

    // A student's invitation whose person was made staff before accepting: the answer says so, no group.
    const person = await existingAccount();
    await inviteBy(owner, { email: person.email });
    const invitation = await nameGroup(person.email);
    await t.app.ctx.db.insert(schoolMembers).values({ schoolId: owner.schoolId, userId: person.id, role: 'Teacher' });
    const accepted = await call(t.app, 'POST', `/api/user-invitations/${invitation.id}/accept/`, { token: person.access });
    expect(accepted.body).toMatchObject({ name: owner.schoolName, role: 'Teacher' });
    expect(await inGroup(person.id)).toBe(false);

    // A student's invitation renewed through register_user/ keeps its groups; accepted, it joins them.
    const student = await existingAccount();
    await inviteBy(owner, { email: student.email });
    await nameGroup(student.email);
    await inviteBy(owner, { email: student.email, first_name: 'Вера' });
    expect((await call(t.app, 'POST', `/api/invitations/${await invitationToken(student.email)}/accept/`, { body: {} })).body).toMatchObject({ school: { role: 'Student' } });
    expect(await inGroup(student.id)).toBe(true);
  });
});

describe('who may invite', () => {
  it('is the school Admins only', async () => {
    const owner = await registerOwner(t.app);
    const student = await addMember(t.app, owner.schoolId, 'Student');
    const other = await registerOwner(t.app);
    const body = { school: owner.schoolName, email: uniqueEmail(), role: 'Student' };
    for (const url of ['/api/register_user/', '/api/invite', '/api/invite/']) {
      expect((await call(t.app, 'POST', url, { body })).status, url).toBe(401);
      expect((await call(t.app, 'POST', url, { token: student.access, body })).body, url).toMatchObject({ code: 'FORBIDDEN' });
      expect((await call(t.app, 'POST', url, { token: other.access, body })).body, url).toMatchObject({ code: 'NOT_A_MEMBER' });
      expect((await call(t.app, 'POST', url, { token: owner.access, body: { ...body, school: 'No_such_school' } })).status).toBe(404);
    }
    for (const token of [undefined, student.access, other.access]) {
      const res = await call(t.app, 'GET', `/api/${owner.schoolName}/invitations/`, token ? { token } : {});
      expect(res.status).toBe(token ? 403 : 401);
    }
    expect(await t.app.ctx.db.select().from(schoolInvitations).where(eq(schoolInvitations.email, body.email))).toEqual([]);
  });

  it.each([
    ['no school', { email: 'x@example.com' }, 'school'],
    ['a bad school name', { school: '../admin', email: 'x@example.com' }, 'school'],
    ['no email', { school: 'Abc' }, 'email'],
    ['an unknown role', { school: 'Abc', email: 'x@example.com', role: 'Boss' }, 'role'],
    ['a huge name', { school: 'Abc', email: 'x@example.com', first_name: 'x'.repeat(1000) }, 'first_name'],
    ['a NUL byte in a name', { school: 'Abc', email: 'x@example.com', first_name: 'a\u0000b' }, 'first_name'],
  ])('answers %s with 400 and a field error', async (_name, body, field) => {
    const owner = await registerOwner(t.app);
    const res = await call(t.app, 'POST', '/api/register_user/', { token: owner.access, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!.fields as object)).toContain(field);
  });

  it('answers malformed links and a NUL byte in an accepted password with 4xx', async () => {
    expect((await call(t.app, 'GET', '/api/invitations/%00/')).status).toBe(400);
    expect([400, 414]).toContain((await call(t.app, 'GET', `/api/invitations/${'x'.repeat(300)}/`)).status);
    const owner = await registerOwner(t.app);
    const email = uniqueEmail('nul');
    await inviteBy(owner, { email });
    const token = await invitationToken(email);
    const res = await call(t.app, 'POST', `/api/invitations/${token}/accept/`, { body: { password: 'pass\u0000word-1', password_confirmation: 'pass\u0000word-1' } });
    expect(res.status).toBe(400);
  });
});

describe('tariff limits when inviting', () => {
  it('counts staff, invited or joined, against the plan: the Start plan has room for its owner only', async () => {
    const owner = await registerOwner(t.app);
    for (const role of ['Teacher', 'Admin']) {
      const res = await inviteBy(owner, { email: uniqueEmail(), role });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'TARIFF_LIMIT', message: 'Превышено количество сотрудников для выбранного тарифа.' });
    }
    await setTariff(t.app, owner.schoolId, 3);
    expect((await inviteBy(owner, { email: uniqueEmail(), role: 'Teacher' }, '/api/invite')).status).toBe(201);
  });

  it('counts new students per calendar month, pending invitations included', async () => {
    const owner = await registerOwner(t.app);
    const emails: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      emails.push(uniqueEmail('s'));
      expect((await inviteBy(owner, { email: emails[i] })).status).toBe(201);
    }
    const eleventh = uniqueEmail('eleventh');
    const over = await inviteBy(owner, { email: eleventh });
    expect(over.body).toEqual({ code: 'TARIFF_LIMIT', message: 'Превышено количество новых учеников в месяц для выбранного тарифа.' });
    // Inviting an address again is a renewal, not one more.
    expect((await inviteBy(owner, { email: emails[0] })).status).toBe(201);

    // A new month starts a new count, once last month's unanswered invitations have expired.
    const now = t.clock.now;
    t.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 8) - now.getTime() + 1000);
    expect((await inviteBy(owner, { email: eleventh })).status).toBe(201);
  });
});
