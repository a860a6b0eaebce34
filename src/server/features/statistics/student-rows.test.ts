// The students table's figures (student-rows.ts) against the rules they follow, on varied data:
// progress as the student's own (learning's lessonCounts), the last step in the course, accepted
// marks; the same figures whether they are read before the page is cut or after, or by cursor.
import { ACCEPTED_HOMEWORK_STATUSES } from '#core/homework-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { users } from '../../shared/db/core-tables.ts';
import { cursorBatches } from '../../shared/db/cursor.ts';
import { groupLessonClosures, studentLessonAccess, studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { userHomeworks } from '../homework/index.ts';
import { lessonCounts, lessonProgress } from '../learning/index.ts';
import { readRows, selectStudentRows, studentRowsStatement, type StudentRowRecord, type StudentRowsFilters } from './student-rows.ts';

let t: TestApp;
let owner: Owner;
const DAY = 86_400_000;
const base = Date.UTC(2025, 0, 1);

/** Expected figures per "student/group", worked out in JavaScript from the rows written. */
const expected = new Map<string, { lastActive: number | null; markSum: number; average: number | null }>();
const enrolments: { userId: number; courseId: number; groupId: number }[] = [];

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Правила статистики' });
  const next = random(13);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const types = ['lesson', 'test', 'homework', 'webinar'] as const;
  const courses = [];
  for (let c = 0; c < 2; c += 1) {
    courses.push(
      await addCourse(t.app, owner.schoolId, {
        durationDays: null,
        sections: [0, 1, 2].map((s) => ({ name: `Модуль ${s}`, lessons: Array.from({ length: 5 }, (_, i) => [pick(types), `Урок ${s}.${i}`, next() > 0.15] as [string, string, boolean]) })),
      }),
    );
  }
  const students = await t.app.ctx.db
    .insert(users)
    .values(Array.from({ length: 24 }, (_, i) => ({ email: `rule-${i}@example.com`, firstName: `Ученик${i}`, lastName: 'Правилов' })))
    .returning({ id: users.id });
  for (const [c, course] of courses.entries()) {
    const groups = await t.app.ctx.db
      .insert(studentsGroups)
      .values([0, 1, 2].map((g) => ({ schoolId: owner.schoolId, courseId: course.id, name: `Группа ${c}.${g}` })))
      .returning({ id: studentsGroups.id });
    // Each group closes a few lessons.
    for (const group of groups) {
      const closed = course.lessonIds.filter(() => next() < 0.25);
      if (closed.length > 0) await t.app.ctx.db.insert(groupLessonClosures).values(closed.map((lessonId) => ({ groupId: group.id, lessonId })));
    }
    for (const student of students) {
      if (next() < 0.2) continue;
      const groupId = pick(groups).id;
      enrolments.push({ userId: student.id, courseId: course.id, groupId });
      await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId, userId: student.id, courseId: course.id, createdAt: new Date(base + Math.floor(next() * 100) * DAY) });
      const progress: (typeof lessonProgress.$inferInsert)[] = [];
      const handIns: (typeof userHomeworks.$inferInsert)[] = [];
      const own: (typeof studentLessonAccess.$inferInsert)[] = [];
      let lastActive: number | null = null;
      for (const lessonId of course.lessonIds) {
        if (next() < 0.2) own.push({ userId: student.id, lessonId, available: next() < 0.5 });
        if (next() < 0.5) {
          const viewed = base + Math.floor(next() * 1000) * 3_600_000;
          const submitted = next() < 0.4 ? viewed + 3_600_000 : null;
          const completed = next() < 0.6 ? viewed + 7_200_000 : null;
          progress.push({ userId: student.id, lessonId, courseId: course.id, viewedAt: new Date(viewed), submittedAt: submitted === null ? null : new Date(submitted), completedAt: completed === null ? null : new Date(completed) });
          lastActive = Math.max(lastActive ?? 0, viewed, submitted ?? 0, completed ?? 0);
        }
        if (next() < 0.3) {
          handIns.push({ schoolId: owner.schoolId, homeworkId: lessonId, courseId: course.id, userId: student.id, groupId, status: pick(['pending', 'revision', 'rejected', 'accepted', 'auto_check']), mark: next() < 0.8 ? Math.floor(next() * 6) : null });
        }
      }
      if (progress.length > 0) await t.app.ctx.db.insert(lessonProgress).values(progress);
      if (handIns.length > 0) await t.app.ctx.db.insert(userHomeworks).values(handIns);
      // Own access is per student and lesson, whatever the course: written once.
      if (own.length > 0) await t.app.ctx.db.insert(studentLessonAccess).values(own).onConflictDoNothing();
      const marks = handIns.filter((h) => (ACCEPTED_HOMEWORK_STATUSES as readonly string[]).includes(h.status!) && h.mark !== null).map((h) => h.mark!);
      const sum = marks.reduce((a, b) => a + b, 0);
      expected.set(`${student.id}/${groupId}`, { lastActive, markSum: sum, average: marks.length === 0 ? null : Math.round((sum / marks.length) * 100) / 100 });
    }
  }
});
afterAll(() => t.close());

const viewer = () => ({ schoolId: owner.schoolId, role: 'Admin' as const, userId: owner.id });
const read = (filters: StudentRowsFilters) => readRows<StudentRowRecord>(t.app.ctx.db, studentRowsStatement(selectStudentRows(viewer(), filters), filters, owner.schoolId, { limit: 100, offset: 0, reverse: false }));

describe('the students table’s figures', () => {
  it('are the student’s own progress (lessonCounts), last step and accepted marks, for every row', async () => {
    const rows = await read({});
    expect(rows).toHaveLength(enrolments.length);
    expect(enrolments.length).toBeGreaterThan(30);
    let someHidden = false;
    for (const row of rows) {
      const counts = (await lessonCounts(t.app.ctx.db, row.user_id, [row.course_id])).get(row.course_id);
      let total = 0;
      let completed = 0;
      for (const n of counts?.values() ?? []) {
        total += n.total;
        completed += n.completed;
      }
      if (total < 12) someHidden = true;
      const label = `${row.user_id}/${row.group_id}`;
      expect(row.progress, label).toBe(total === 0 ? 0 : Math.floor((completed * 10000) / total) / 100);
      const want = expected.get(label)!;
      expect([row.last_active, row.mark_sum, row.average_mark], label).toEqual([want.lastActive, want.markSum, want.average]);
    }
    // The data exercised the visibility rule.
    expect(someHidden).toBe(true);
  });

  it('are the same read before the page is cut (filtered or sorted by them) or after, and by cursor', async () => {
    const key = (row: StudentRowRecord) => `${row.user_id}/${row.group_id}`;
    const plain = new Map((await read({})).map((row) => [key(row), row]));
    for (const filters of [
      { sort_by: 'progress', sort_order: 'asc' },
      { sort_by: 'last_active' },
      { sort_by: 'average_mark' },
      { progress_min: 0, mark_sum_min: 0 },
      { last_active_min: '2000-01-01', sort_by: 'mark_sum' },
    ] as StudentRowsFilters[]) {
      const rows = await read(filters);
      expect(rows.length, JSON.stringify(filters)).toBeGreaterThan(0);
      for (const row of rows) expect(row, JSON.stringify(filters)).toEqual(plain.get(key(row)));
    }
    const filters: StudentRowsFilters = { sort_by: 'progress' };
    const cursor: StudentRowRecord[] = [];
    for await (const batch of cursorBatches<StudentRowRecord>(t.app.ctx.db, studentRowsStatement(selectStudentRows(viewer(), filters), filters, owner.schoolId), 7)) cursor.push(...batch);
    expect(cursor).toEqual(await read(filters));
  });
});
