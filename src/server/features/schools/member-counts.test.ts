import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolMemberCounts, schoolMembers, schools } from '../../shared/db/core-tables.ts';
import { addMember, registerOwner, setTariff } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The kept counts next to a real count of school_members: they must always agree. */
async function counts() {
  const kept = await t.app.ctx.db.select().from(schoolMemberCounts).where(sql`${schoolMemberCounts.count} > 0`);
  const real = await t.app.ctx.db
    .select({ schoolId: schoolMembers.schoolId, role: schoolMembers.role, count: sql<number>`count(*)::int` })
    .from(schoolMembers)
    .groupBy(schoolMembers.schoolId, schoolMembers.role);
  const key = (row: { schoolId: number; role: string }) => `${row.schoolId}:${row.role}`;
  return { kept: kept.sort((a, b) => key(a).localeCompare(key(b))), real: real.sort((a, b) => key(a).localeCompare(key(b))) };
}

describe('school_member_counts', () => {
  it('follows every insert, role change, move and delete of a member, and a deleted school', async () => {
    const owner = await registerOwner(t.app);
    await setTariff(t.app, owner.schoolId, 4);
    const other = await registerOwner(t.app);
    const people = await Promise.all([1, 2, 3].map(() => addMember(t.app, owner.schoolId, 'Student')));
    const teacher = await addMember(t.app, owner.schoolId, 'Teacher');
    let now = await counts();
    expect(now.kept).toEqual(now.real);
    expect(now.kept).toContainEqual({ schoolId: owner.schoolId, role: 'Student', count: 3 });

    await t.app.ctx.db.update(schoolMembers).set({ role: 'Teacher' }).where(eq(schoolMembers.userId, people[0]!.id));
    await t.app.ctx.db.update(schoolMembers).set({ schoolId: other.schoolId }).where(eq(schoolMembers.userId, people[1]!.id));
    await t.app.ctx.db.delete(schoolMembers).where(and(eq(schoolMembers.userId, teacher.id)));
    now = await counts();
    expect(now.kept).toEqual(now.real);
    expect(now.kept).toContainEqual({ schoolId: other.schoolId, role: 'Student', count: 1 });

    // The list's total is the kept count, by role too.
    const list = await call(t.app, 'GET', `/api/${owner.schoolName}/all_users/?role=student`, { token: owner.access });
    expect(list.body).toMatchObject({ count: 1 });
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/all_users/`, { token: owner.access })).body).toMatchObject({ count: 3 });

    await t.app.ctx.db.delete(schools).where(eq(schools.id, owner.schoolId));
    now = await counts();
    expect(now.kept).toEqual(now.real);
    expect(now.kept.some((row) => row.schoolId === owner.schoolId)).toBe(false);
  });
});
