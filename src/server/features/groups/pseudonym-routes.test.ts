import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolMembers } from '../../shared/db/core-tables.ts';
import { userPseudonyms } from '../schools/index.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let other: Owner;
let stranger: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Псевдонимы' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие псевдонимы' });
  stranger = await addMember(t.app, other.schoolId, 'Teacher');
});
afterAll(() => t.close());

const url = (query = '', school = owner.schoolName) => `/api/${school}/user_pseudonym/${query}`;
const put = (body: unknown, token = owner.access) => call(t.app, 'PUT', url(), { token, body });

describe('user_pseudonym/', () => {
  it('sets a member’s pseudonym where students’ screens and the member list both read it, and clears it', async () => {
    const res = await put({ user: teacher.id, pseudonym: '  Наставник Пётр ' });
    expect(res.body).toEqual({ user: teacher.id, school: owner.schoolId, pseudonym: 'Наставник Пётр' });
    expect((await call(t.app, 'GET', url(`?user_id=${teacher.id}`), { token: owner.access })).body).toEqual({ user: teacher.id, school: owner.schoolId, pseudonym: 'Наставник Пётр' });
    const [member] = await t.app.ctx.db.select().from(schoolMembers).where(and(eq(schoolMembers.schoolId, owner.schoolId), eq(schoolMembers.userId, teacher.id)));
    expect(member!.pseudonym).toBe('Наставник Пётр');
    const [older] = await t.app.ctx.db.select().from(userPseudonyms).where(eq(userPseudonyms.userId, teacher.id));
    expect(older!.pseudonym).toBe('Наставник Пётр');
    expect((await put({ user: teacher.id, pseudonym: '' })).body).toMatchObject({ pseudonym: null });
    expect((await put({ user: teacher.id, pseudonym: null })).body).toMatchObject({ pseudonym: null });
    expect(await t.app.ctx.db.select().from(userPseudonyms).where(eq(userPseudonyms.userId, teacher.id))).toEqual([]);
  });

  it('is the admin’s, for members of their school only', async () => {
    expect((await put({ user: stranger.id, pseudonym: 'X' })).status).toBe(404);
    expect((await call(t.app, 'GET', url(`?user_id=${stranger.id}`), { token: owner.access })).status).toBe(404);
    expect((await put({ user: teacher.id, pseudonym: 'X' }, teacher.access)).status).toBe(403);
    expect((await put({ user: teacher.id, pseudonym: 'X' }, other.access)).status).toBe(403);
    expect((await call(t.app, 'PUT', url(), { body: { user: teacher.id, pseudonym: 'X' } })).status).toBe(401);
    expect((await put({ user: teacher.id, pseudonym: 'X\u0000' })).status).toBe(400);
    expect((await put({ user: teacher.id })).status).toBe(400);
    expect((await put({ user: teacher.id, pseudonym: 'x'.repeat(151) })).status).toBe(400);
    expect((await call(t.app, 'GET', url(), { token: owner.access })).status).toBe(400);
  });
});
