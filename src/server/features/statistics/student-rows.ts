import { ACCEPTED_HOMEWORK_STATUSES } from '#core/homework-status';
import { studentsTableMessages } from '#core/messages/students-table';
import type { StudentsTableColumn } from '#core/students-table';
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Type, type Static, type TObject } from 'typebox';
import type { ServerConfig } from '../../config.ts';
import { users } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { containsPattern } from '../../shared/db/like-pattern.ts';
import { badRequest, fieldError } from '../../shared/errors.ts';
import { Id, Text } from '../../shared/http/schemas.ts';
import type { Cell } from '../../shared/http/table-export.ts';
import { avatarUrl } from '../../shared/uploads/avatars.ts';
import { courses, lessons, sections } from '../courses/index.ts';
import { groupLessonClosures, studentLessonAccess, studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { userHomeworks } from '../homework/index.ts';
import { lessonProgress, lessonVisible } from '../learning/index.ts';

/**
 * The school's students table (contract: schools/{id}/stats/ and all_stats/): one row per student
 * and group, with the student's last activity, accepted homework marks and progress in the
 * group's course. Filters and sorting are SQL, so the page (a count and a page statement) and the
 * export (one cursor) read the same rows.
 *
 * The figures are correlated per row and read through indexes: the student's progress rows by
 * lesson_progress (course_id, user_id), their hand-ins by user_homeworks (user_id, course_id), the
 * lessons hidden from them by group_lesson_closures (group_id, …) and student_lesson_access
 * (user_id, …). Progress follows the rule of the student's own progress (learning's lessonCounts,
 * lessonVisible): completed lessons among the active lessons they can see; the lessons they can
 * see are the course's active lessons less those their own access or their group's closures hide,
 * so a row reads only its student's rows, never every lesson of the course.
 *
 * Figures are worked out before the page is cut only when a filter or the order needs them;
 * otherwise the page is cut first and the figures read for its rows alone.
 */

export const SORT_KEYS = ['date_added', 'first_name', 'last_name', 'email', 'group_name', 'course_name', 'last_active', 'mark_sum', 'average_mark', 'progress'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
const SORT_ORDERS = ['asc', 'desc'] as const;

const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'ГГГГ-ММ-ДД (сутки по UTC), включительно' });
const Words = (description: string) => Type.Optional(Text({ maxLength: 100, description }));
const MarkSum = Type.Integer({ minimum: 0, maximum: 1_000_000_000 });
const Mark = Type.Number({ minimum: 0, maximum: 1000 });
const Percent = Type.Number({ minimum: 0, maximum: 100 });

/** The table's filters and order (query parameters of stats/ and all_stats/). */
export const StudentRowsQuery = {
  course_id: Type.Optional(Id),
  group_id: Type.Optional(Id),
  search_value: Words('Слова, каждое ищется в имени, фамилии или email'),
  first_name: Words('Имя содержит'),
  last_name: Words('Фамилия содержит'),
  group_name: Words('Название группы содержит'),
  course_name: Words('Название курса содержит'),
  last_active_min: Type.Optional(Day),
  last_active_max: Type.Optional(Day),
  mark_sum_min: Type.Optional(MarkSum),
  mark_sum_max: Type.Optional(MarkSum),
  average_mark_min: Type.Optional(Mark),
  average_mark_max: Type.Optional(Mark),
  progress_min: Type.Optional(Percent),
  progress_max: Type.Optional(Percent),
  sort_by: Type.Optional(Type.Enum([...SORT_KEYS], { description: 'По умолчанию date_added; другое значение — 400 «Ошибка в запросе»' })),
  sort_order: Type.Optional(Type.Enum([...SORT_ORDERS], { description: 'По умолчанию desc' })),
};
export type StudentRowsFilters = Static<TObject<typeof StudentRowsQuery>>;

/** Who reads the table: an admin every group of the school, a teacher the groups they teach. */
export interface StatsViewer {
  schoolId: number;
  role: 'Admin' | 'Teacher';
  userId: number;
}

/**
 * A query parameter sent empty (`?group_name=`) is no filter, as if it were not sent; an unknown
 * sort_by or sort_order is the contract's 400 «Ошибка в запросе», before the schema's generic one.
 */
export function checkStudentRowsQuery(query: unknown): void {
  if (!query || typeof query !== 'object') return;
  const params = query as Record<string, unknown>;
  for (const [key, value] of Object.entries(params)) if (value === '') delete params[key];
  const allowed: Record<string, readonly string[]> = { sort_by: SORT_KEYS, sort_order: SORT_ORDERS };
  const bad = Object.keys(allowed).filter((key) => key in params && !allowed[key]!.includes(params[key] as string));
  if (bad.length > 0) throw badRequest(studentsTableMessages.invalidSort, Object.fromEntries(bad.map((key) => [key, ['Недопустимое значение.']])), 'INVALID_SORT');
}

/** The UTC midnight starting a YYYY-MM-DD day; a day that does not exist (2025-02-30) is a field error. */
function dayStart(field: string, day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) throw fieldError(field, 'Некорректная дата.');
  return date;
}

function checkRange(field: string, min: number | Date | undefined, max: number | Date | undefined): void {
  if (min !== undefined && max !== undefined && max < min) throw fieldError(field, 'Значение «до» меньше значения «от».');
}

// The figures' lateral reads, for a row given by its user, course and group columns.
interface RowRef {
  userId: SQL;
  courseId: SQL;
  groupId: SQL;
}
type Figure = 'activity' | 'marks' | 'progress';

const accepted = sql.join(
  ACCEPTED_HOMEWORK_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** The student's last step in the course and the visible lessons they completed. */
const activityJoin = (row: RowRef) => sql`left join lateral (
  select max(greatest(${lessonProgress.viewedAt}, ${lessonProgress.submittedAt}, ${lessonProgress.completedAt})) as last_active,
    count(*) filter (where ${lessonProgress.completedAt} is not null and ${lessons.active} and ${lessonVisible(row.groupId)})::int as completed
  from ${lessonProgress}
  join ${lessons} on ${lessons.id} = ${lessonProgress.lessonId}
  left join ${studentLessonAccess} on ${studentLessonAccess.userId} = ${row.userId} and ${studentLessonAccess.lessonId} = ${lessonProgress.lessonId}
  where ${lessonProgress.userId} = ${row.userId} and ${lessonProgress.courseId} = ${row.courseId}) activity on true`;

/** The sum and mean of the student's accepted homework marks in the course. */
const marksJoin = (row: RowRef) => sql`left join lateral (
  select coalesce(sum(${userHomeworks.mark}), 0)::int as mark_sum, round(avg(${userHomeworks.mark}), 2)::float8 as average_mark
  from ${userHomeworks}
  where ${userHomeworks.userId} = ${row.userId} and ${userHomeworks.courseId} = ${row.courseId} and ${userHomeworks.status} in (${accepted})) marks on true`;

/**
 * The course's active lessons hidden from the student (closed to their group or by their own
 * access, and not reopened to them), and the course's active lessons (one grouped read per
 * statement for the school's courses).
 */
const progressJoins = (row: RowRef, schoolId: number) => sql`left join lateral (
  select count(*)::int as hidden
  from ${lessons}
  join ${sections} on ${sections.id} = ${lessons.sectionId}
  left join ${studentLessonAccess} on ${studentLessonAccess.userId} = ${row.userId} and ${studentLessonAccess.lessonId} = ${lessons.id}
  where ${lessons.id} in (select gc.lesson_id from ${groupLessonClosures} gc where gc.group_id = ${row.groupId}
      union all select sa.lesson_id from ${studentLessonAccess} sa where sa.user_id = ${row.userId})
    and ${sections.courseId} = ${row.courseId} and ${lessons.active} and not ${lessonVisible(row.groupId)}) hidden on true
  left join (
    select ${sections.courseId} as course_id, count(*)::int as lessons
    from ${sections} join ${lessons} on ${lessons.sectionId} = ${sections.id}
    where ${lessons.active} and ${sections.courseId} in (select ${courses.id} from ${courses} where ${courses.schoolId} = ${schoolId})
    group by ${sections.courseId}) sizes on sizes.course_id = ${row.courseId}`;

/**
 * Progress in percent with 2 decimals rounded down, as the student's own progress and the course
 * summary show it (100 only when everything is done); 0 when the student can see no lesson.
 */
const progressOf = (completed: SQL) => sql`(case when coalesce(sizes.lessons, 0) - hidden.hidden > 0
  then floor(${completed} * 10000.0 / (sizes.lessons - hidden.hidden)) / 100 else 0 end)::float8`;
const progressValue = progressOf(sql`activity.completed`);

function figureJoins(figures: ReadonlySet<Figure>, row: RowRef, schoolId: number): SQL {
  const joins: SQL[] = [];
  if (figures.has('activity') || figures.has('progress')) joins.push(activityJoin(row));
  if (figures.has('marks')) joins.push(marksJoin(row));
  if (figures.has('progress')) joins.push(progressJoins(row, schoolId));
  return sql.join(joins, sql` `);
}

const epochMs = (value: SQL) => sql`(extract(epoch from ${value}) * 1000)::float8`;

/** The figures the filters need (and, with `order`, the order too) before the page is cut. */
function figuresFor(f: StudentRowsFilters, order: boolean): Set<Figure> {
  const needed = new Set<Figure>();
  if (f.last_active_min !== undefined || f.last_active_max !== undefined) needed.add('activity');
  if (f.mark_sum_min !== undefined || f.mark_sum_max !== undefined || f.average_mark_min !== undefined || f.average_mark_max !== undefined) needed.add('marks');
  if (f.progress_min !== undefined || f.progress_max !== undefined) needed.add('progress');
  if (order && f.sort_by === 'last_active') needed.add('activity');
  if (order && (f.sort_by === 'mark_sum' || f.sort_by === 'average_mark')) needed.add('marks');
  if (order && f.sort_by === 'progress') needed.add('progress');
  return needed;
}

const SORT_COLUMNS: Record<SortKey, SQL> = {
  date_added: sql`${studentsGroupMembers.createdAt}`,
  first_name: sql`${users.firstName}`,
  last_name: sql`${users.lastName}`,
  email: sql`${users.email}`,
  group_name: sql`${studentsGroups.name}`,
  course_name: sql`${courses.name}`,
  last_active: sql`activity.last_active`,
  mark_sum: sql`marks.mark_sum`,
  average_mark: sql`marks.average_mark`,
  progress: progressValue,
};

/**
 * The rows that match, as the FROM and WHERE of a statement over members: `from` joins the figures
 * the filters and the order need, `countFrom` only those the filters need (and users only when
 * a filter is on them).
 */
export interface Selection {
  from: SQL;
  countFrom: SQL;
  where: SQL;
  figures: Set<Figure>;
}

const base: RowRef = { userId: sql`${studentsGroupMembers.userId}`, courseId: sql`${studentsGroupMembers.courseId}`, groupId: sql`${studentsGroupMembers.groupId}` };

/** Checks the filters (400 on a reversed range or a day that does not exist) and builds the selection. */
export function selectStudentRows(viewer: StatsViewer, filters: StudentRowsFilters): Selection {
  const f = filters;
  const activeFrom = f.last_active_min === undefined ? undefined : dayStart('last_active_min', f.last_active_min);
  const activeTo = f.last_active_max === undefined ? undefined : new Date(dayStart('last_active_max', f.last_active_max).getTime() + 86_400_000);
  checkRange('last_active_max', activeFrom, activeTo === undefined ? undefined : new Date(activeTo.getTime() - 1));
  checkRange('mark_sum_max', f.mark_sum_min, f.mark_sum_max);
  checkRange('average_mark_max', f.average_mark_min, f.average_mark_max);
  checkRange('progress_max', f.progress_min, f.progress_max);
  const words = [...new Set((f.search_value ?? '').trim().split(/\s+/).filter(Boolean))].slice(0, 5);
  const contains = (column: Parameters<typeof ilike>[0], text: string | undefined) => (text?.trim() ? ilike(column, containsPattern(text.trim())) : undefined);
  const where = and(
    eq(studentsGroups.schoolId, viewer.schoolId),
    sql`${courses.removedAt} is null`,
    viewer.role === 'Teacher' ? eq(studentsGroups.teacherId, viewer.userId) : undefined,
    f.course_id === undefined ? undefined : eq(studentsGroupMembers.courseId, f.course_id),
    f.group_id === undefined ? undefined : eq(studentsGroupMembers.groupId, f.group_id),
    // Each word in the first name, the last name or the email (the users' trigram indexes).
    words.length === 0
      ? undefined
      : inArray(
          studentsGroupMembers.userId,
          sql`(select ${users.id} from ${users} where ${and(...words.map((word) => or(ilike(users.firstName, containsPattern(word)), ilike(users.lastName, containsPattern(word)), ilike(users.email, containsPattern(word)))))})`,
        ),
    contains(users.firstName, f.first_name),
    contains(users.lastName, f.last_name),
    contains(studentsGroups.name, f.group_name),
    contains(courses.name, f.course_name),
    activeFrom ? sql`activity.last_active >= ${activeFrom.toISOString()}::timestamptz` : undefined,
    activeTo ? sql`activity.last_active < ${activeTo.toISOString()}::timestamptz` : undefined,
    f.mark_sum_min === undefined ? undefined : sql`marks.mark_sum >= ${f.mark_sum_min}`,
    f.mark_sum_max === undefined ? undefined : sql`marks.mark_sum <= ${f.mark_sum_max}`,
    f.average_mark_min === undefined ? undefined : sql`marks.average_mark >= ${f.average_mark_min}`,
    f.average_mark_max === undefined ? undefined : sql`marks.average_mark <= ${f.average_mark_max}`,
    f.progress_min === undefined ? undefined : sql`${progressValue} >= ${f.progress_min}`,
    f.progress_max === undefined ? undefined : sql`${progressValue} <= ${f.progress_max}`,
  )!;
  // The count reads users only to filter by them (every member has a user).
  const byUser = words.length > 0 || Boolean(f.first_name?.trim()) || Boolean(f.last_name?.trim());
  const from = (figures: ReadonlySet<Figure>, withUsers: boolean) => sql`${studentsGroupMembers}
    join ${studentsGroups} on ${studentsGroups.id} = ${studentsGroupMembers.groupId}
    join ${courses} on ${courses.id} = ${studentsGroupMembers.courseId}
    ${withUsers ? sql`join ${users} on ${users.id} = ${studentsGroupMembers.userId}` : sql``}
    ${figureJoins(figures, base, viewer.schoolId)}`;
  const figures = figuresFor(f, true);
  return { from: from(figures, true), countFrom: from(figuresFor(f, false), byUser), where, figures };
}

/** A statement's rows (PGlite's and node-postgres' results both carry `rows`). */
export async function readRows<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** How many rows match, and how many students they are. One statement. */
export async function countStudentRows(db: Db, selection: Selection): Promise<{ rows: number; students: number }> {
  const [counts] = await readRows<{ rows: number; students: number }>(
    db,
    sql`select count(*)::int as rows, count(distinct ${studentsGroupMembers.userId})::int as students from ${selection.countFrom} where ${selection.where}`,
  );
  return counts ?? { rows: 0, students: 0 };
}

/**
 * The statement reading the rows in the table's order: all of them (the export's cursor), or a
 * page (`limit`, `offset`; `reverse` reads from the end, for a page past the middle, and the
 * caller puts it back in order). Rows are `StudentRowRecord`s.
 */
export function studentRowsStatement(
  selection: Selection,
  filters: StudentRowsFilters,
  schoolId: number,
  page?: { limit: number; offset: number; reverse: boolean },
): SQL {
  const key = filters.sort_by ?? 'date_added';
  let descending = (filters.sort_order ?? 'desc') === 'desc';
  if (page?.reverse) descending = !descending;
  const direction = descending ? sql`desc` : sql`asc`;
  // Rows without a value (no activity, no accepted mark) come last in either order. The other keys
  // are never null and get no NULLS clause, so an index in their order can serve it.
  const nullable = key === 'last_active' || key === 'average_mark';
  const nulls = !nullable ? sql`` : page?.reverse ? sql`nulls first` : sql`nulls last`;
  const { figures } = selection;
  const hasActivity = figures.has('activity') || figures.has('progress');
  const hasMarks = figures.has('marks');
  const hasProgress = figures.has('progress');
  const inner = sql`select ${studentsGroupMembers.userId} as user_id, ${studentsGroupMembers.groupId} as group_id, ${studentsGroupMembers.courseId} as course_id,
      ${studentsGroupMembers.createdAt} as date_added, ${users.email} as email, ${users.firstName} as first_name, ${users.lastName} as last_name,
      ${users.avatar} as avatar, ${users.phoneNumber} as phone_number, ${users.lastLogin} as last_login,
      ${studentsGroups.name} as group_name, ${courses.name} as course_name, ${SORT_COLUMNS[key]} as sort_key
      ${hasActivity ? sql`, activity.last_active, activity.completed` : sql``}
      ${hasMarks ? sql`, marks.mark_sum, marks.average_mark` : sql``}
      ${hasProgress ? sql`, ${progressValue} as progress` : sql``}
    from ${selection.from}
    where ${selection.where}
    order by sort_key ${direction} ${nulls}, ${studentsGroupMembers.groupId} ${direction}, ${studentsGroupMembers.userId} ${direction}
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
  // The figures the selection did not read are read for the rows that come out only.
  const row: RowRef = { userId: sql`p.user_id`, courseId: sql`p.course_id`, groupId: sql`p.group_id` };
  const joins = [hasActivity ? undefined : activityJoin(row), hasMarks ? undefined : marksJoin(row), hasProgress ? undefined : progressJoins(row, schoolId)].filter(
    (join): join is SQL => join !== undefined,
  );
  const lastActive = hasActivity ? sql`p.last_active` : sql`activity.last_active`;
  const marks = hasMarks ? sql`p.mark_sum, p.average_mark` : sql`marks.mark_sum, marks.average_mark`;
  const progress = hasProgress ? sql`p.progress` : progressOf(hasActivity ? sql`p.completed` : sql`activity.completed`);
  return sql`select p.user_id, p.group_id, p.course_id, ${epochMs(sql`p.date_added`)} as date_added, p.email, p.first_name, p.last_name,
      p.avatar, p.phone_number, ${epochMs(sql`p.last_login`)} as last_login, p.group_name, p.course_name,
      ${epochMs(lastActive)} as last_active, ${marks}, ${progress} as progress
    from (${inner}) p
    ${sql.join(joins, sql` `)}
    order by p.sort_key ${direction} ${nulls}, p.group_id ${direction}, p.user_id ${direction}`;
}

/** A row as the statements give it (times in epoch milliseconds). */
export interface StudentRowRecord {
  user_id: number;
  group_id: number;
  course_id: number;
  date_added: number;
  email: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  phone_number: string | null;
  last_login: number | null;
  group_name: string;
  course_name: string;
  last_active: number | null;
  mark_sum: number;
  average_mark: number | null;
  progress: number;
}

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const StudentRow = Type.Object({
  student_id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  avatar: Nullable(Type.String()),
  phone_number: Nullable(Type.String()),
  course_id: Type.Integer(),
  course_name: Type.String(),
  group_id: Type.Integer(),
  group_name: Type.String(),
  date_added: Type.String({ description: 'Когда ученик добавлен в группу' }),
  last_active: Nullable(Type.String({ description: 'Последнее действие в уроках курса' })),
  last_login: Nullable(Type.String()),
  mark_sum: Type.Integer({ description: 'Сумма оценок принятых домашних заданий курса' }),
  average_mark: Nullable(Type.Number({ description: 'Средняя оценка принятых заданий, 2 знака' })),
  progress: Type.Number({ description: 'Процент пройденных видимых уроков, 0–100, 2 знака' }),
});
export type StudentRow = Static<typeof StudentRow>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Math.round(ms)).toISOString());

export function studentRow(config: ServerConfig, record: StudentRowRecord): StudentRow {
  return {
    student_id: record.user_id,
    email: record.email,
    first_name: record.first_name,
    last_name: record.last_name,
    avatar: avatarUrl(config, record.avatar),
    phone_number: record.phone_number,
    course_id: record.course_id,
    course_name: record.course_name,
    group_id: record.group_id,
    group_name: record.group_name,
    date_added: iso(record.date_added)!,
    last_active: iso(record.last_active),
    last_login: iso(record.last_login),
    mark_sum: record.mark_sum,
    average_mark: record.average_mark,
    progress: record.progress,
  };
}

const moment = (ms: number | null) => (ms === null ? null : new Date(Math.round(ms)));

/** Each column's cell in the export (core's column ids). */
const CELLS: Record<StudentsTableColumn, (record: StudentRowRecord) => Cell> = {
  name: (r) => [r.first_name, r.last_name].filter(Boolean).join(' '),
  email: (r) => r.email,
  phone_number: (r) => r.phone_number,
  course_name: (r) => r.course_name,
  group_name: (r) => r.group_name,
  progress: (r) => r.progress,
  average_mark: (r) => r.average_mark,
  mark_sum: (r) => r.mark_sum,
  date_added: (r) => moment(r.date_added),
  last_active: (r) => moment(r.last_active),
  last_login: (r) => moment(r.last_login),
};

/** A row's cells for these columns, in their order. */
export const studentCells = (columns: readonly StudentsTableColumn[], record: StudentRowRecord): Cell[] => columns.map((column) => CELLS[column](record));
