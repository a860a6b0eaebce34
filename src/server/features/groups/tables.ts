// Students groups, their members and who may open which lessons.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses, lessons } from '../courses/tables.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/**
 * A students group: one course, taught by one teacher (or none: `WITHOUT_TEACHER`, homework is then
 * accepted at once), with the seven settings of reference §1.7 as columns. The check keeps the
 * original's consistency rules (reference §4.7) true in the database too.
 */
export const studentsGroups = pgTable(
  'students_groups',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    type: text('type').notNull().default('WITH_TEACHER'),
    /** Members get a certificate when they complete the course. */
    certificate: boolean('certificate').notNull().default(false),
    /** Days of access from a member's start; 0: no end. */
    trainingDuration: integer('training_duration').notNull().default(0),
    strictTaskOrder: boolean('strict_task_order').notNull().default(false),
    taskSubmissionLock: boolean('task_submission_lock').notNull().default(false),
    submitHomeworkToGoOn: boolean('submit_homework_to_go_on').notNull().default(false),
    submitTestToGoOn: boolean('submit_test_to_go_on').notNull().default(false),
    successTestToGoOn: boolean('success_test_to_go_on').notNull().default(false),
    overaiLock: boolean('overai_lock').notNull().default(false),
    download: boolean('download').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The school's groups and a teacher's groups, each in id order (the lists' order).
    index('students_groups_school_idx').on(t.schoolId, t.id),
    index('students_groups_teacher_idx').on(t.teacherId, t.schoolId, t.id),
    index('students_groups_course_idx').on(t.courseId),
    check('students_groups_type_check', sql`${t.type} in ('WITH_TEACHER', 'WITHOUT_TEACHER')`),
    check('students_groups_duration_check', sql`${t.trainingDuration} >= 0`),
    check(
      'students_groups_settings_check',
      sql`(${t.strictTaskOrder} or not (${t.submitHomeworkToGoOn} or ${t.submitTestToGoOn} or ${t.successTestToGoOn}))
          and not (${t.taskSubmissionLock} and ${t.submitHomeworkToGoOn})
          and (${t.submitTestToGoOn} or not ${t.successTestToGoOn})`,
    ),
  ],
);

/**
 * A student of a group. `course_id` repeats the group's course so that "one group per course per
 * student" is a unique index, not a check that two requests could both pass. The access period
 * starts at `access_from` and lasts the group's duration, or `duration_days` when set for this
 * student (reference §1.7 TrainingDuration); `finished_at` is when the course reached 100 %.
 */
export const studentsGroupMembers = pgTable(
  'students_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => studentsGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    accessFrom: timestamp('access_from', { withTimezone: true }).notNull().defaultNow(),
    /** Null: the group's training_duration; 0: no end for this student. */
    durationDays: integer('duration_days'),
    download: boolean('download').notNull().default(false),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('students_group_members_user_idx').on(t.userId),
    // The school's students table in its default order (newest in a group first): a page without a sort.
    index('students_group_members_added_idx').on(t.createdAt, t.groupId, t.userId),
    uniqueIndex('students_group_members_course_user_uq').on(t.courseId, t.userId),
    check('students_group_members_duration_check', sql`${t.durationDays} is null or ${t.durationDays} >= 0`),
  ],
);

/** Who was in which group and when (reference StudentsHistory): kept after a student leaves, for statistics. */
export const studentsGroupHistory = pgTable(
  'students_group_history',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => studentsGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('students_group_history_group_idx').on(t.groupId, t.userId), index('students_group_history_user_idx').on(t.userId)],
);

/** A lesson closed to a whole group (lesson-enrollment/ with available false). */
export const groupLessonClosures = pgTable(
  'group_lesson_closures',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => studentsGroups.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.lessonId] }), index('group_lesson_closures_lesson_idx').on(t.lessonId)],
);

/**
 * One student's own access to a lesson (lesson-availability/), over their group's: open or closed,
 * optionally only from `available_from`. `reset_to_group/` deletes these rows.
 */
export const studentLessonAccess = pgTable(
  'student_lesson_access',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    available: boolean('available').notNull(),
    availableFrom: timestamp('available_from', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('student_lesson_access_lesson_idx').on(t.lessonId)],
);

/** Course chaining (group_course_access/): a student of `group` who completes its course joins `next_group`. */
export const groupCourseAccess = pgTable(
  'group_course_access',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => studentsGroups.id, { onDelete: 'cascade' }),
    nextGroupId: integer('next_group_id')
      .notNull()
      .references(() => studentsGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.nextGroupId] }), check('group_course_access_self_check', sql`${t.groupId} <> ${t.nextGroupId}`)],
);
