// The school's students table (statistics): each staff member's columns, and the school's grouping.
import { boolean, index, integer, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { schools, users } from '../../shared/db/core-tables.ts';
import { updatedAt } from '../../shared/db/columns.ts';

/** A column of the table as stored: its id (core's STUDENTS_TABLE_COLUMNS), place and whether it is shown. */
export interface StoredColumn {
  id: string;
  order: number;
  checked: boolean;
}

/**
 * One staff member's layout of the students table in one school (students_table_info/). No row:
 * the default layout (every column, in core's order); a GET never writes one.
 */
export const studentsTableInfo = pgTable(
  'students_table_info',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    columns: jsonb('columns').$type<StoredColumn[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] }), index('students_table_info_user_idx').on(t.userId)],
);

/** A school's setting of the students table (school_students_table_settings/); no row: the default. */
export const schoolStudentsTableSettings = pgTable('school_students_table_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  /** One row per student (their groups together) instead of one per student and group. */
  isStudentsGrouped: boolean('is_students_grouped').notNull().default(false),
  updatedAt: updatedAt(),
});
