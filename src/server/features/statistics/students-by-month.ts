import { and, eq, min, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Db } from '../../shared/db/database.ts';
import { studentsGroupHistory, studentsGroups } from '../groups/index.ts';
import type { SummaryScope } from './course-summary.ts';

export const MonthCount = Type.Object({
  month: Type.String({ description: 'ГГГГ-ММ (по UTC)' }),
  count: Type.Integer({ description: 'Ученики, впервые добавленные в одну из групп в этом месяце' }),
});
export type MonthCount = Static<typeof MonthCount>;

/** The months of the chart: the current one and the `months − 1` before it, oldest first, as YYYY-MM (UTC). */
export function lastMonths(now: Date, months: number): string[] {
  const list: string[] = [];
  for (let back = months - 1; back >= 0; back -= 1) list.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7));
  return list;
}

/**
 * New students by month (contract: user_count_by_month/): each student counts once, in the month
 * they first joined one of the scope's groups (of one course, when given). Read from the groups'
 * history, which keeps students who have left since; one statement by the groups' index and the
 * history's (group_id, user_id) index.
 */
export async function studentsByMonth(db: Db, scope: SummaryScope & { courseId?: number }, now: Date, months: number): Promise<MonthCount[]> {
  const list = lastMonths(now, months);
  const from = new Date(`${list[0]}-01T00:00:00.000Z`);
  const firsts = db
    .select({ userId: studentsGroupHistory.userId, first: min(studentsGroupHistory.addedAt).as('first') })
    .from(studentsGroupHistory)
    .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupHistory.groupId))
    .where(
      and(
        eq(studentsGroups.schoolId, scope.schoolId),
        scope.teacherId === null ? undefined : eq(studentsGroups.teacherId, scope.teacherId),
        scope.courseId === undefined ? undefined : eq(studentsGroups.courseId, scope.courseId),
      ),
    )
    .groupBy(studentsGroupHistory.userId)
    .as('firsts');
  const month = sql<string>`to_char(${firsts.first} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, count: sql<number>`count(*)::int` })
    .from(firsts)
    .where(sql`${firsts.first} >= ${from.toISOString()}::timestamptz`)
    .groupBy(month);
  const counts = new Map(rows.map((row) => [row.month, row.count]));
  return list.map((m) => ({ month: m, count: counts.get(m) ?? 0 }));
}
