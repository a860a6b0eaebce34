// Public catalogue: visitors' appeals and the blocks a school customised on a course's landing.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { courses } from '../courses/tables.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** Where an admin is with an appeal: new, being worked on, done. */
export const APPEAL_STATUSES = ['new', 'in_progress', 'done'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

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
    status: text('status').$type<AppealStatus>().notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [
    // The list's order (unread first, then newest) read straight from the index; the unread count too.
    index('course_appeals_school_unread_time_idx').on(t.schoolId, t.isRead, t.createdAt.desc(), t.id.desc()),
    check('course_appeals_contact_check', sql`${t.email} is not null or ${t.phone} is not null`),
    check('course_appeals_status_check', sql`${t.status} in ('new', 'in_progress', 'done')`),
  ],
);

/** The blocks a school customised on a course's landing (a partial core Landing); one per course. */
export const courseLandings = pgTable('course_landings', {
  courseId: integer('course_id').primaryKey().references(() => courses.id, { onDelete: 'cascade' }),
  blocks: jsonb('blocks').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  updatedAt: updatedAt(),
});
