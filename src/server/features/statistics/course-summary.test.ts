// The course summary's figures (course-summary.ts): groups, students, active students, progress by
// the student's own visibility rule, accepted marks, each teacher's share, and its statement count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../courses/index.ts';
import { userHomeworks } from '../homework/index.ts';
import { lessonProgress } from '../learning/index.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addGroup, addStudents, closeForGroup, enrol, setOwnAccess } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { courseSummary } from './course-summary.ts';
import { eq } from 'drizzle-orm';

const DAY = 86_400_000;
let t: TestApp;
let owner: Owner;
let teacher1: Account;
let teacher2: Account;
let s: Account[];
/** Альфа: L1, L2, homework H, test Q, and an inactive lesson; Бета: two lessons; Гамма: a group and no students. */
const alpha = { id: 0, l1: 0, l2: 0, h: 0, q: 0, off: 0 };
const beta = { id: 0, y1: 0, y2: 0 };
let gamma: number;
let other: Owner;

const summary = (teacherId: number | null, schoolId = owner.schoolId) => courseSummary(t.app.ctx.db, { schoolId, teacherId }, t.clock.now);

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Сводка курсов' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher1 = await addMember(t.app, owner.schoolId, 'Teacher');
  teacher2 = await addMember(t.app, owner.schoolId, 'Teacher');
  s = [];
  for (let i = 0; i < 6; i += 1) s.push(await addMember(t.app, owner.schoolId, 'Student'));
  const now = t.clock.now.getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);

  // Made out of name order: the summary sorts by name.
  gamma = (await addCourse(t.app, owner.schoolId, { name: 'Гамма', sections: [{ name: 'М', lessons: [['lesson', 'Г1']] }] })).id;
  const a = await addCourse(t.app, owner.schoolId, {
    name: 'Альфа',
    sections: [
      { name: 'М1', lessons: [['lesson', 'L1'], ['lesson', 'L2']] },
      { name: 'М2', lessons: [['homework', 'H'], ['test', 'Q'], ['lesson', 'Выключен', false]] },
    ],
  });
  [alpha.l1, alpha.l2, alpha.h, alpha.q, alpha.off] = a.lessonIds as [number, number, number, number, number];
  alpha.id = a.id;
  const b = await addCourse(t.app, owner.schoolId, { name: 'Бета', sections: [{ name: 'М', lessons: [['lesson', 'Y1'], ['lesson', 'Y2']] }] });
  beta.id = b.id;
  [beta.y1, beta.y2] = b.lessonIds as [number, number];
  // A course in the bin and one without groups are left out.
  const binned = await addCourse(t.app, owner.schoolId, { name: 'Удалённый' });
  await enrol(t.app, owner.schoolId, binned.id, [s[0]!.id], { teacherId: teacher1.id });
  await t.app.ctx.db.update(courses).set({ removedAt: at(1) }).where(eq(courses.id, binned.id));
  await addCourse(t.app, owner.schoolId, { name: 'Без групп' });

  const g1 = await enrol(t.app, owner.schoolId, alpha.id, [s[0]!.id, s[1]!.id, s[2]!.id], { teacherId: teacher1.id });
  await enrol(t.app, owner.schoolId, alpha.id, [s[3]!.id], { teacherId: teacher2.id });
  await enrol(t.app, owner.schoolId, beta.id, [s[0]!.id, s[4]!.id], { teacherId: teacher2.id });
  await addGroup(t.app, owner.schoolId, gamma, { teacherId: teacher1.id });

  // Visibility: Q is closed to g1; s1 has L2 closed to them; s2 has Q reopened to them.
  await closeForGroup(t.app, g1, [alpha.q]);
  await setOwnAccess(t.app, s[1]!.id, alpha.l2, false);
  await setOwnAccess(t.app, s[2]!.id, alpha.q, true);

  const done = (userId: number, lessonId: number, courseId: number, daysAgo: number) => ({ userId, lessonId, courseId, viewedAt: at(daysAgo), completedAt: at(daysAgo) });
  await t.app.ctx.db.insert(lessonProgress).values([
    // s0 can see L1, L2, H: 2 of 3 (Q hidden from their group, the inactive lesson not counted).
    done(s[0]!.id, alpha.l1, alpha.id, 0),
    done(s[0]!.id, alpha.l2, alpha.id, 0),
    done(s[0]!.id, alpha.q, alpha.id, 0),
    done(s[0]!.id, alpha.off, alpha.id, 0),
    // s1 can see L1, H: 2 of 2, 40 days ago (not active); L2, hidden, not counted.
    done(s[1]!.id, alpha.l1, alpha.id, 40),
    done(s[1]!.id, alpha.h, alpha.id, 40),
    done(s[1]!.id, alpha.l2, alpha.id, 40),
    // s2 sees all four: 1 of 4, 10 days ago.
    done(s[2]!.id, alpha.q, alpha.id, 10),
    // s3 viewed L1 29 days ago without completing it: active, 0 %.
    { userId: s[3]!.id, lessonId: alpha.l1, courseId: alpha.id, viewedAt: at(29) },
    // Бета: s0 1 of 2.
    done(s[0]!.id, beta.y1, beta.id, 31),
  ]);
  const handIn = (userId: number, status: string, mark: number | null) => ({ schoolId: owner.schoolId, homeworkId: alpha.h, courseId: alpha.id, userId, status, mark });
  await t.app.ctx.db.insert(userHomeworks).values([
    handIn(s[0]!.id, 'auto_check', 60),
    handIn(s[1]!.id, 'accepted', 80),
    handIn(s[2]!.id, 'revision', 10),
    handIn(s[3]!.id, 'accepted', null),
    // A student no longer in the course: not one of its students' marks.
    handIn(s[5]!.id, 'accepted', 1),
  ]);

  other = await registerOwner(t.app, { schoolTitle: 'Другая школа' });
  const foreign = await addCourse(t.app, other.schoolId, { name: 'Чужой' });
  await enrol(t.app, other.schoolId, foreign.id, [s[0]!.id]);
});
afterAll(() => t.close());

describe('courseSummary', () => {
  it('gives an admin each live course with a group, by name, with the figures of all its groups', async () => {
    expect(await summary(null)).toEqual([
      // (66.66 + 100 + 25 + 0) / 4; marks 60 (automatic) and 80; s0 and s2 and s3 active.
      { course_id: alpha.id, course_name: 'Альфа', groups: 2, students: 4, active_students: 3, average_progress: 47.92, average_mark: 70 },
      { course_id: beta.id, course_name: 'Бета', groups: 1, students: 2, active_students: 0, average_progress: 25, average_mark: null },
      { course_id: gamma, course_name: 'Гамма', groups: 1, students: 0, active_students: 0, average_progress: null, average_mark: null },
    ]);
  });

  it('gives a teacher the courses of their groups, with those groups’ students only', async () => {
    expect(await summary(teacher1.id)).toEqual([
      { course_id: alpha.id, course_name: 'Альфа', groups: 1, students: 3, active_students: 2, average_progress: 63.89, average_mark: 70 },
      { course_id: gamma, course_name: 'Гамма', groups: 1, students: 0, active_students: 0, average_progress: null, average_mark: null },
    ]);
    expect(await summary(teacher2.id)).toEqual([
      { course_id: alpha.id, course_name: 'Альфа', groups: 1, students: 1, active_students: 1, average_progress: 0, average_mark: null },
      { course_id: beta.id, course_name: 'Бета', groups: 1, students: 2, active_students: 0, average_progress: 25, average_mark: null },
    ]);
    const newcomer = await addMember(t.app, owner.schoolId, 'Teacher');
    expect(await summary(newcomer.id)).toEqual([]);
  });

  it('leaves other schools out', async () => {
    expect(await summary(null, other.schoolId)).toEqual([expect.objectContaining({ course_name: 'Чужой', students: 1, average_progress: 0 })]);
  });

  it('reads in three statements whatever the number of courses, groups and students', async () => {
    const before = await readsDuring(t.app, () => summary(null));
    expect(before).toHaveLength(3);
    for (let i = 0; i < 3; i += 1) {
      const course = await addCourse(t.app, owner.schoolId, { name: `Ещё ${i}`, sections: [{ name: 'М', lessons: [['lesson', 'x'], ['homework', 'y']] }] });
      const more: number[] = [];
      for (let j = 0; j < 3; j += 1) more.push((await addMember(t.app, owner.schoolId, 'Student')).id);
      const group = await addGroup(t.app, owner.schoolId, course.id, { teacherId: teacher1.id });
      await addStudents(t.app, group, course.id, more);
      await t.app.ctx.db.insert(lessonProgress).values(more.map((userId) => ({ userId, lessonId: course.lessonIds[0]!, courseId: course.id, completedAt: t.clock.now })));
    }
    const after = await readsDuring(t.app, () => summary(null));
    expect(after).toHaveLength(3);
    expect(await summary(null)).toHaveLength(6);
    expect((await summary(null)).find((row) => row.course_name === 'Ещё 1')).toMatchObject({ students: 3, active_students: 3, average_progress: 50 });
  });
});
