// Public catalogue: visitors' appeals and the blocks a school customised on a course's landing.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { courses } from '../courses/tables.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** A visitor's request about a catalogue course, read by the school's admins. */
export const courseAppeals = pgTable(
  'course_appeals',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    message: text('message').notNull().default(''),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('course_appeals_school_time_idx').on(t.schoolId, t.createdAt, t.id), check('course_appeals_contact_check', sql`${t.email} is not null or ${t.phone} is not null`)],
);

/** The blocks a school customised on a course's landing (a partial core Landing); one per course. */
export const courseLandings = pgTable('course_landings', {
  courseId: integer('course_id').primaryKey().references(() => courses.id, { onDelete: 'cascade' }),
  blocks: jsonb('blocks').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  updatedAt: updatedAt(),
});
