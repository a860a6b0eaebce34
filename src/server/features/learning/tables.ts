// What a student did in a course: lessons viewed and completed, and test attempts.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, timestamp } from 'drizzle-orm/pg-core';
import { courses, lessons } from '../courses/tables.ts';
import { users } from '../../shared/db/core-tables.ts';
import { createdAt } from '../../shared/db/columns.ts';

/**
 * One row per student and lesson (the original had no such constraint and grew duplicates), kept
 * by the learning, test and homework code, so a lesson's state is one join. `course_id` repeats the lesson's course so a course's progress and its statistics read one index.
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** A homework handed in, a test attempt sent (the outline's `sended`; the "to go on" gates). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** A lesson read, a test passed, a homework accepted. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('lesson_progress_course_user_idx').on(t.courseId, t.userId), index('lesson_progress_lesson_idx').on(t.lessonId)],
);

/** One answer of an attempt as the student sent it (spec §7 usertest body). */
export type SubmittedAnswer = { question: number } & ({ answers: number[] } | { text: string } | { number: number } | { order: number[] } | { pairs: [number, number][] });

/**
 * A test attempt (reference UserTest), graded on the server. `question_ids` are the questions this
 * attempt was given, in the order shown (drawn and shuffled when the attempt starts), so the grade
 * counts exactly those; `deadline` is set for a timed test.
 */
export const testAttempts = pgTable(
  'test_attempts',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionIds: jsonb('question_ids').$type<number[]>().notNull().default([]),
    startedAt: createdAt(),
    deadline: timestamp('deadline', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    answers: jsonb('answers').$type<SubmittedAnswer[]>(),
    points: integer('points'),
    maxPoints: integer('max_points'),
    successPercent: numeric('success_percent', { precision: 5, scale: 2, mode: 'number' }),
    passed: boolean('passed'),
  },
  (t) => [
    index('test_attempts_test_user_idx').on(t.testId, t.userId, t.id),
    index('test_attempts_user_idx').on(t.userId),
    check('test_attempts_graded_check', sql`(${t.submittedAt} is null) = (${t.passed} is null)`),
  ],
);
