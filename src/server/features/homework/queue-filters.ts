import { and, eq, gte, ilike, inArray, lt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import { users } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { containsPattern } from '../../shared/db/like-pattern.ts';
import { fieldError } from '../../shared/errors.ts';
import { Id, PageQuery, Text } from '../../shared/http/schemas.ts';
import { studentsGroups } from '../groups/index.ts';
import type { Viewer } from './homework-access.ts';
import { HOMEWORK_STATUSES, userHomeworks } from './tables.ts';

/**
 * The review queue's filters (contract: homeworks_stats/), as conditions on user_homeworks alone:
 * the count and the page run the same WHERE, served by the table's (…, last_reply_at, id) indexes.
 */

const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'ГГГГ-ММ-ДД (сутки по UTC), включительно' });
const Mark = Type.Integer({ minimum: 0, maximum: 1000 });

export const QueueFilters = {
  status: Type.Optional(Type.Enum([...HOMEWORK_STATUSES], { description: 'Без параметра — все статусы' })),
  course_id: Type.Optional(Id),
  group_id: Type.Optional(Id),
  teacher_id: Type.Optional(Id),
  homework_id: Type.Optional(Id),
  student: Type.Optional(Text({ maxLength: 100, description: 'Слова, каждое ищется в имени, фамилии или email ученика' })),
  start_mark: Type.Optional(Mark),
  end_mark: Type.Optional(Mark),
  start_date: Type.Optional(Day),
  end_date: Type.Optional(Day),
};
export const QueueQuery = Type.Object({ ...PageQuery, ...QueueFilters });
export type QueueQuery = Static<typeof QueueQuery>;

/** A query parameter sent empty (`?status=`) is no filter, as if it were not sent. */
export function dropEmptyParams(query: unknown): void {
  if (!query || typeof query !== 'object') return;
  const params = query as Record<string, unknown>;
  for (const [key, value] of Object.entries(params)) if (value === '') delete params[key];
}

/** The UTC midnight starting a YYYY-MM-DD day; a day that does not exist (2025-02-30) is a field error. */
function dayStart(field: string, day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) throw fieldError(field, 'Некорректная дата.');
  return date;
}

/** The hand-ins a teacher reviews: named to them, or of the groups they teach unless an admin named another checker. */
export async function teacherCondition(db: Db, schoolId: number, teacherId: number): Promise<SQL> {
  const groups = await db
    .select({ id: studentsGroups.id })
    .from(studentsGroups)
    .where(and(eq(studentsGroups.teacherId, teacherId), eq(studentsGroups.schoolId, schoolId)));
  const named = eq(userHomeworks.teacherId, teacherId);
  if (groups.length === 0) return named;
  return or(
    named,
    and(
      not(userHomeworks.checkerAssigned),
      inArray(
        userHomeworks.groupId,
        groups.map((group) => group.id),
      ),
    ),
  )!;
}

/**
 * The WHERE of the viewer's queue with these filters. A teacher's `teacher_id` is always
 * themselves (theirs is ignored); an admin's selects that teacher's queue as the teacher sees it.
 * One read at most (the teacher's groups), whatever the filters.
 */
export async function queueCondition(db: Db, schoolId: number, viewer: Viewer, query: Omit<QueueQuery, 'p' | 's'>): Promise<SQL> {
  const { status, course_id, group_id, homework_id, start_mark, end_mark, start_date, end_date } = query;
  if (start_mark !== undefined && end_mark !== undefined && end_mark < start_mark) throw fieldError('end_mark', 'Оценка «до» меньше оценки «от».');
  const from = start_date === undefined ? undefined : dayStart('start_date', start_date);
  const to = end_date === undefined ? undefined : new Date(dayStart('end_date', end_date).getTime() + 86_400_000);
  if (from && to && to <= from) throw fieldError('end_date', 'Дата окончания раньше даты начала.');
  const words = [...new Set((query.student ?? '').trim().split(/\s+/).filter(Boolean))].slice(0, 5);
  const teacherId = viewer.role === 'Teacher' ? viewer.userId : query.teacher_id;
  return and(
    eq(userHomeworks.schoolId, schoolId),
    teacherId === undefined ? undefined : await teacherCondition(db, schoolId, teacherId),
    status === undefined ? undefined : eq(userHomeworks.status, status),
    course_id === undefined ? undefined : eq(userHomeworks.courseId, course_id),
    group_id === undefined ? undefined : eq(userHomeworks.groupId, group_id),
    homework_id === undefined ? undefined : eq(userHomeworks.homeworkId, homework_id),
    start_mark === undefined ? undefined : gte(userHomeworks.mark, start_mark),
    end_mark === undefined ? undefined : lte(userHomeworks.mark, end_mark),
    from ? gte(userHomeworks.lastReplyAt, from) : undefined,
    to ? lt(userHomeworks.lastReplyAt, to) : undefined,
    // Each word in the first name, the last name or the email.
    words.length === 0
      ? undefined
      : inArray(
          userHomeworks.userId,
          sql`(select ${users.id} from ${users} where ${and(...words.map((word) => or(ilike(users.firstName, containsPattern(word)), ilike(users.lastName, containsPattern(word)), ilike(users.email, containsPattern(word)))))})`,
        ),
  )!;
}
