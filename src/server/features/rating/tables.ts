// The student rating's own state: a school's switch, the students who hid their name, and each student's values.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** A school's rating switch; no row: the rating is on (the original had no switch at all). */
export const ratingSettings = pgTable('rating_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: updatedAt(),
});

/** A student who hid their name in a school's rating: others see «Скрытый участник» there. */
export const ratingHiddenStudents = pgTable(
  'rating_hidden_students',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // The rating page joins on (school, user); a user's deletion finds their rows by user.
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] }), index('rating_hidden_students_user_idx').on(t.userId)],
);

/**
 * Each student's two rating values in a school, kept by triggers (migration 0019) on lesson_progress
 * (lessons completed in the school's courses) and students_group_members (the school's courses the
 * student is in through a group), so a rating page reads its rows in order from an index instead of
 * counting every lesson of the school. Who is a student is read at request time (school_members).
 */
export const ratingScores = pgTable(
  'rating_scores',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completedLessons: integer('completed_lessons').notNull().default(0),
    availableCourses: integer('available_courses').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId] }),
    // Each ranking in its order (ties by user id), students at 0 left out.
    index('rating_scores_lessons_idx').on(t.schoolId, t.completedLessons.desc(), t.userId).where(sql`${t.completedLessons} > 0`),
    index('rating_scores_courses_idx').on(t.schoolId, t.availableCourses.desc(), t.userId).where(sql`${t.availableCourses} > 0`),
    index('rating_scores_user_idx').on(t.userId),
  ],
);
