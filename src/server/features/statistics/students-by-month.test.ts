// New students by month (students-by-month.ts): the first join counts, in its month, within the
// scope's groups; months without students are zeros; one statement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupHistory } from '../groups/index.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addGroup } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { lastMonths, studentsByMonth } from './students-by-month.ts';

describe('lastMonths', () => {
  it('lists the current month and those before it, oldest first, across a year', () => {
    expect(lastMonths(new Date('2025-02-10T00:00:00Z'), 4)).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(lastMonths(new Date('2025-12-31T23:59:59Z'), 1)).toEqual(['2025-12']);
    expect(lastMonths(new Date('2025-03-31T12:00:00Z'), 36)).toHaveLength(36);
    expect(lastMonths(new Date('2025-03-31T12:00:00Z'), 36)[0]).toBe('2022-04');
  });
});

describe('studentsByMonth', () => {
  let t: TestApp;
  let owner: Owner;
  let teacher1: Account;
  let teacher2: Account;
  let courseX: number;
  let courseY: number;
  let months: string[];

  /** Noon of the 1st, `back` months before the clock's month (UTC). */
  const monthsAgo = (back: number) => new Date(Date.UTC(t.clock.now.getUTCFullYear(), t.clock.now.getUTCMonth() - back, 1, 12));
  const counts = async (teacherId: number | null, months = 12, courseId?: number) =>
    (await studentsByMonth(t.app.ctx.db, { schoolId: owner.schoolId, teacherId, ...(courseId === undefined ? {} : { courseId }) }, t.clock.now, months)).map((row) => row.count);

  beforeAll(async () => {
    t = await createTestApp();
    months = lastMonths(t.clock.now, 12);
    owner = await registerOwner(t.app);
    teacher1 = await addMember(t.app, owner.schoolId, 'Teacher');
    teacher2 = await addMember(t.app, owner.schoolId, 'Teacher');
    const students: number[] = [];
    for (let i = 0; i < 4; i += 1) students.push((await addMember(t.app, owner.schoolId, 'Student')).id);
    courseX = (await addCourse(t.app, owner.schoolId)).id;
    courseY = (await addCourse(t.app, owner.schoolId)).id;
    const g1 = await addGroup(t.app, owner.schoolId, courseX, { teacherId: teacher1.id });
    const g2 = await addGroup(t.app, owner.schoolId, courseX, { teacherId: teacher2.id });
    const g3 = await addGroup(t.app, owner.schoolId, courseY, { teacherId: teacher2.id });
    const other = await registerOwner(t.app);
    const foreign = await addGroup(t.app, other.schoolId, (await addCourse(t.app, other.schoolId)).id);
    const [sa, sb, sc, sd] = students as [number, number, number, number];
    await t.app.ctx.db.insert(studentsGroupHistory).values([
      { groupId: g1, userId: sa, addedAt: monthsAgo(0) },
      // b joined two months ago, then another course this month: counted once, two months ago.
      { groupId: g1, userId: sb, addedAt: monthsAgo(2) },
      { groupId: g3, userId: sb, addedAt: monthsAgo(0) },
      // c has left since: still a student who joined then.
      { groupId: g2, userId: sc, addedAt: monthsAgo(1), removedAt: monthsAgo(0) },
      // d joined 13 months ago: before the default 12 months.
      { groupId: g2, userId: sd, addedAt: monthsAgo(13) },
      { groupId: foreign, userId: sa, addedAt: monthsAgo(3) },
    ]);
  });
  afterAll(() => t.close());

  /** Counts of the 12 months, the newest last, from `back` → count. */
  const expected = (byBack: Record<number, number>, length = 12) => Array.from({ length }, (_, i) => byBack[length - 1 - i] ?? 0);

  it('counts each student of the school once, in the month of their first join, months without any as zeros', async () => {
    const list = await studentsByMonth(t.app.ctx.db, { schoolId: owner.schoolId, teacherId: null }, t.clock.now, 12);
    expect(list.map((row) => row.month)).toEqual(months);
    expect(list.map((row) => row.count)).toEqual(expected({ 0: 1, 1: 1, 2: 1 }));
  });

  it('goes back as many months as asked', async () => {
    expect(await counts(null, 14)).toEqual(expected({ 0: 1, 1: 1, 2: 1, 13: 1 }, 14));
    expect(await counts(null, 1)).toEqual([1]);
  });

  it('narrows to one course: the first join into its groups', async () => {
    expect(await counts(null, 12, courseX)).toEqual(expected({ 0: 1, 1: 1, 2: 1 }));
    expect(await counts(null, 12, courseY)).toEqual(expected({ 0: 1 }));
  });

  it('gives a teacher the students of their own groups', async () => {
    expect(await counts(teacher1.id)).toEqual(expected({ 0: 1, 2: 1 }));
    // b's first join into teacher 2's groups is this month's.
    expect(await counts(teacher2.id)).toEqual(expected({ 0: 1, 1: 1 }));
    expect(await counts(teacher2.id, 12, courseY)).toEqual(expected({ 0: 1 }));
  });

  it('reads in one statement', async () => {
    expect(await readsDuring(t.app, () => counts(null, 36))).toHaveLength(1);
  });
});
