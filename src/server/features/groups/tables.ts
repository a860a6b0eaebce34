// Students groups and their members.
import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { courses } from '../courses/tables.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt } from '../../shared/db/columns.ts';

/** A students group: one course, taught by one teacher, to its students (the learning issue adds its settings). */
export const studentsGroups = pgTable(
  'students_groups',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  // The school's groups and a teacher's groups, each in id order (the lists' order).
  (t) => [index('students_groups_school_idx').on(t.schoolId, t.id), index('students_groups_teacher_idx').on(t.teacherId, t.schoolId, t.id)],
);

export const studentsGroupMembers = pgTable(
  'students_group_members',
  {
    groupId: integer('group_id').notNull().references(() => studentsGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('students_group_members_user_idx').on(t.userId)],
);
