// Homework handed in by students and the thread of checks on each.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courseFiles, courses, lessons } from '../courses/tables.ts';
import { studentsGroups } from '../groups/tables.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** The spec's five statuses as stable codes; core holds their Russian labels. */
export const HOMEWORK_STATUSES = ['pending', 'revision', 'rejected', 'accepted', 'auto_check'] as const;
export type HomeworkStatus = (typeof HOMEWORK_STATUSES)[number];

const statusCheck = (column: unknown) => sql`${column} in ('pending', 'revision', 'rejected', 'accepted', 'auto_check')`;

/**
 * A student's hand-in of a homework: one per student and homework (a unique index, where the
 * original only checked in code). Status and mark are the newest check's; `last_reply_at` is when
 * the thread last changed (the review queue's order and date filter); `auto_accept_at` is when the
 * job runner accepts it for a homework with automate_accept. `checker_assigned`: an admin named
 * its checker (`teacher_id`), so the group's teacher no longer reviews it unless named.
 */
export const userHomeworks = pgTable(
  'user_homeworks',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    homeworkId: integer('homework_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => studentsGroups.id, { onDelete: 'set null' }),
    teacherId: integer('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    checkerAssigned: boolean('checker_assigned').notNull().default(false),
    text: text('text').notNull().default(''),
    status: text('status').notNull().default('pending'),
    mark: integer('mark'),
    autoAcceptAt: timestamp('auto_accept_at', { withTimezone: true }),
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_homeworks_homework_user_uq').on(t.homeworkId, t.userId),
    index('user_homeworks_school_reply_idx').on(t.schoolId, t.lastReplyAt, t.id),
    index('user_homeworks_teacher_reply_idx').on(t.teacherId, t.lastReplyAt, t.id),
    index('user_homeworks_user_idx').on(t.userId, t.courseId),
    // The review queue (homeworks_stats/) in its order, by status, course or group.
    index('user_homeworks_school_status_reply_idx').on(t.schoolId, t.status, t.lastReplyAt, t.id),
    index('user_homeworks_course_reply_idx').on(t.courseId, t.lastReplyAt, t.id),
    index('user_homeworks_group_reply_idx').on(t.groupId, t.lastReplyAt, t.id),
    index('user_homeworks_auto_accept_idx').on(t.autoAcceptAt).where(sql`${t.autoAcceptAt} is not null`),
    check('user_homeworks_status_check', statusCheck(t.status)),
    check('user_homeworks_mark_check', sql`${t.mark} is null or ${t.mark} between 0 and 1000`),
  ],
);

/** One message of a hand-in's thread: the hand-in itself, a teacher's check, a student's answer. */
export const userHomeworkChecks = pgTable(
  'user_homework_checks',
  {
    id: serial('id').primaryKey(),
    userHomeworkId: integer('user_homework_id')
      .notNull()
      .references(() => userHomeworks.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    status: text('status').notNull(),
    mark: integer('mark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_homework_checks_homework_idx').on(t.userHomeworkId, t.id),
    check('user_homework_checks_status_check', statusCheck(t.status)),
    check('user_homework_checks_mark_check', sql`${t.mark} is null or ${t.mark} between 0 and 1000`),
  ],
);

/** Files (course_files, kind text or audio) attached to one message of a thread. */
export const homeworkCheckFiles = pgTable(
  'homework_check_files',
  {
    checkId: integer('check_id')
      .notNull()
      .references(() => userHomeworkChecks.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => courseFiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fileId] }), index('homework_check_files_check_idx').on(t.checkId)],
);

/**
 * When a staff member last opened a hand-in (GET user_homeworks/{id}/): the newest message then.
 * The review queue's `unread` is a student's message after it. An id, not a time: two writes in
 * the same millisecond stay ordered.
 */
export const userHomeworkReads = pgTable(
  'user_homework_reads',
  {
    userHomeworkId: integer('user_homework_id')
      .notNull()
      .references(() => userHomeworks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastCheckId: integer('last_check_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userHomeworkId, t.userId] })],
);

/**
 * A file a member uploaded for a hand-in or an answer not sent yet (homework-file-routes.ts):
 * the hand-in or answer names it in file_ids and takes it, removing this row in the same
 * transaction. One no hand-in took is deleted with its object a day later (prune-homework-uploads.ts).
 */
export const homeworkUploads = pgTable(
  'homework_uploads',
  {
    fileId: integer('file_id')
      .primaryKey()
      .references(() => courseFiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('homework_uploads_created_idx').on(t.createdAt, t.fileId)],
);
