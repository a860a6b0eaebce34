// School meetings (reference §1.2 SchoolMeetings, §4.14; spec §7 `school_meetings/`): a call at a
// time, with a link, for the students and teachers of some groups; and the reminders mailed.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { studentsGroups } from '../groups/tables.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** A meeting: starts at `starts_at`, lasts `duration_minutes` (ends_at kept beside it for "upcoming"). */
export const schoolMeetings = pgTable(
  'school_meetings',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /** starts_at + duration_minutes, written with them: a meeting is upcoming until it ends. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** An absolute http(s) address (shared/http/http-link.ts). */
    link: text('link').notNull(),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The school's list in time order, both ways (upcoming ascending, past descending).
    index('school_meetings_school_starts_idx').on(t.schoolId, t.startsAt, t.id),
    check('school_meetings_duration_check', sql`${t.durationMinutes} between 1 and 1440`),
  ],
);

/** The groups whose students (and teachers) a meeting is for. */
export const meetingGroups = pgTable(
  'meeting_groups',
  {
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => schoolMeetings.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => studentsGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.groupId] }), index('meeting_groups_group_idx').on(t.groupId)],
);

/**
 * A reminder claimed for a meeting at a given start: one per (meeting, minutes before, start), so a
 * job run twice, or two jobs for the same start (moved away and back), mail once.
 */
export const meetingReminders = pgTable(
  'meeting_reminders',
  {
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => schoolMeetings.id, { onDelete: 'cascade' }),
    minutesBefore: integer('minutes_before').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.minutesBefore, t.startsAt] })],
);
