// The student rating's own state: a school's switch and the students who hid their name.
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
