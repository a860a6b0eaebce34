import { studentsTableMessages } from './messages/students-table.ts';

/**
 * The columns of the school's students table (statistics; contract: students_table_info/): stable
 * ids on the wire, in their default order, and their Russian titles, which the table's header, its
 * settings and its CSV/XLSX export all show.
 */
export const STUDENTS_TABLE_COLUMNS = [
  'name',
  'email',
  'phone_number',
  'course_name',
  'group_name',
  'progress',
  'average_mark',
  'mark_sum',
  'date_added',
  'last_active',
  'last_login',
] as const;
export type StudentsTableColumn = (typeof STUDENTS_TABLE_COLUMNS)[number];

const { columns } = studentsTableMessages;
const TITLES: Record<StudentsTableColumn, string> = {
  name: columns.name,
  email: columns.email,
  phone_number: columns.phoneNumber,
  course_name: columns.courseName,
  group_name: columns.groupName,
  progress: columns.progress,
  average_mark: columns.averageMark,
  mark_sum: columns.markSum,
  date_added: columns.dateAdded,
  last_active: columns.lastActive,
  last_login: columns.lastLogin,
};

export const isStudentsTableColumn = (value: unknown): value is StudentsTableColumn =>
  typeof value === 'string' && (STUDENTS_TABLE_COLUMNS as readonly string[]).includes(value);

/** The column's Russian title. */
export const studentsTableColumnTitle = (column: StudentsTableColumn): string => TITLES[column];
