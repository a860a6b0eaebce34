// rating_scores follows lesson_progress and students_group_members through the triggers of
// migration 0019: after every kind of change, it holds what counting afresh gives.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools, users } from '../../shared/db/core-tables.ts';
import { courses, lessons } from '../courses/index.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { lessonProgress } from '../learning/index.ts';
import { ratingScores } from './tables.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addGroup, addStudents } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let school: Owner;
let other: Owner;
let a: CourseFixture;
let b: CourseFixture;
let c: CourseFixture;
const students: Account[] = [];

type Score = [school: number, user: number, lessons: number, courses: number];

/** The rows with a value, as the triggers kept them. */
async function kept(): Promise<Score[]> {
  const rows = await t.app.ctx.db.select().from(ratingScores);
  return rows
    .filter((row) => row.completedLessons !== 0 || row.availableCourses !== 0)
    .map((row): Score => [row.schoolId, row.userId, row.completedLessons, row.availableCourses])
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

/** The same, counted afresh from lesson_progress and students_group_members. */
async function counted(): Promise<Score[]> {
  const { rows } = (await t.app.ctx.db.execute(sql`
    select school_id, user_id, sum(lessons)::int as lessons, sum(courses)::int as courses from (
      select c.school_id, p.user_id, count(*) as lessons, 0 as courses
      from ${lessonProgress} p join ${courses} c on c.id = p.course_id where p.completed_at is not null group by 1, 2
      union all
      select c.school_id, m.user_id, 0, count(*) from ${studentsGroupMembers} m join ${courses} c on c.id = m.course_id group by 1, 2
    ) x group by 1, 2`)) as unknown as { rows: { school_id: number; user_id: number; lessons: number; courses: number }[] };
  return rows.map((row): Score => [row.school_id, row.user_id, row.lessons, row.courses]).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

const same = async () => expect(await kept()).toEqual(await counted());
const at = new Date('2026-01-10T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  school = await registerOwner(t.app, { schoolTitle: 'Счётная школа' });
  other = await registerOwner(t.app, { schoolTitle: 'Другая счётная школа' });
  const lessonsOf = (n: number) => [{ name: 'М', lessons: Array.from({ length: n }, (_, i) => ['lesson', `Урок ${i}`] as [string, string]) }];
  a = await addCourse(t.app, school.schoolId, { sections: lessonsOf(4) });
  b = await addCourse(t.app, school.schoolId, { sections: lessonsOf(3) });
  c = await addCourse(t.app, other.schoolId, { sections: lessonsOf(2) });
  for (let i = 0; i < 3; i += 1) students.push(await addMember(t.app, school.schoolId, 'Student'));
});
afterAll(() => t.close());

describe('rating_scores', () => {
  it('counts completed lessons and group courses as they are added, in bulk or one by one, per school', async () => {
    const [s0, s1, s2] = students as [Account, Account, Account];
    const groupA = await addGroup(t.app, school.schoolId, a.id);
    const groupB = await addGroup(t.app, school.schoolId, b.id);
    const groupC = await addGroup(t.app, other.schoolId, c.id);
    await addStudents(t.app, groupA, a.id, [s0.id, s1.id, s2.id]);
    await addStudents(t.app, groupB, b.id, [s0.id]);
    await addStudents(t.app, groupC, c.id, [s0.id]);
    await t.app.ctx.db.insert(lessonProgress).values([
      ...a.lessonIds.map((lessonId) => ({ userId: s0.id, lessonId, courseId: a.id, completedAt: at })),
      { userId: s1.id, lessonId: a.lessonIds[0]!, courseId: a.id, completedAt: at },
      // Viewed only: not counted.
      { userId: s1.id, lessonId: a.lessonIds[1]!, courseId: a.id, completedAt: null },
      { userId: s0.id, lessonId: c.lessonIds[0]!, courseId: c.id, completedAt: at },
    ]);
    await t.app.ctx.db.insert(lessonProgress).values({ userId: s2.id, lessonId: b.lessonIds[0]!, courseId: b.id, completedAt: at });
    expect(await kept()).toEqual([
      [school.schoolId, s0.id, 4, 2],
      [school.schoolId, s1.id, 1, 1],
      [school.schoolId, s2.id, 1, 1],
      [other.schoolId, s0.id, 1, 1],
    ]);
    await same();
  });

  it('follows updates: completed and taken back, the upsert of the learning code, a member moved to another group', async () => {
    const [s0, s1] = students as [Account, Account];
    await t.app.ctx.db.update(lessonProgress).set({ completedAt: at }).where(eq(lessonProgress.userId, s1.id));
    await same();
    await t.app.ctx.db.update(lessonProgress).set({ completedAt: null }).where(and(eq(lessonProgress.userId, s0.id), eq(lessonProgress.courseId, a.id), inArray(lessonProgress.lessonId, a.lessonIds.slice(0, 2))));
    await same();
    // insert … on conflict do update (progress.ts): one row updated, one inserted.
    await t.app.ctx.db
      .insert(lessonProgress)
      .values([
        { userId: s0.id, lessonId: a.lessonIds[0]!, courseId: a.id, completedAt: at },
        { userId: s1.id, lessonId: a.lessonIds[3]!, courseId: a.id, completedAt: at },
      ])
      .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set: { completedAt: sql`excluded.completed_at` } });
    await same();
    const groupA2 = await addGroup(t.app, school.schoolId, a.id, { name: 'Второй поток' });
    await t.app.ctx.db.update(studentsGroupMembers).set({ groupId: groupA2 }).where(eq(studentsGroupMembers.userId, s1.id));
    await same();
    expect((await kept()).find(([schoolId, user]) => schoolId === school.schoolId && user === s1.id)).toEqual([school.schoolId, s1.id, 3, 1]);
  });

  it('follows deletions: progress, a lesson, a member, a group, a course, a student, a school', async () => {
    const [s0, s1, s2] = students as [Account, Account, Account];
    await t.app.ctx.db.delete(lessonProgress).where(and(eq(lessonProgress.userId, s1.id), eq(lessonProgress.lessonId, a.lessonIds[0]!)));
    await same();
    await t.app.ctx.db.delete(lessons).where(eq(lessons.id, a.lessonIds[3]!));
    await same();
    await t.app.ctx.db.delete(studentsGroupMembers).where(eq(studentsGroupMembers.userId, s2.id));
    await same();
    const groupB = (await t.app.ctx.db.select({ id: studentsGroups.id }).from(studentsGroups).where(eq(studentsGroups.courseId, b.id)))[0]!.id;
    await t.app.ctx.db.delete(studentsGroups).where(eq(studentsGroups.id, groupB));
    await same();
    // A course's rows go by cascade, when the course is already gone: the school is counted afresh.
    await t.app.ctx.db.delete(courses).where(eq(courses.id, b.id));
    await same();
    expect((await kept()).filter(([schoolId]) => schoolId === school.schoolId)).toEqual([
      [school.schoolId, s0.id, 2, 1],
      [school.schoolId, s1.id, 1, 1],
    ]);
    await t.app.ctx.db.delete(users).where(eq(users.id, s1.id));
    await same();
    await t.app.ctx.db.delete(schools).where(eq(schools.id, other.schoolId));
    await same();
    expect(await kept()).toEqual([[school.schoolId, s0.id, 2, 1]]);
  });
});
