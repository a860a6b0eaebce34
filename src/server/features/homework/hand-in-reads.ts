import { and, avg, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { HandInReads } from '../learning/index.ts';
import { userHomeworks } from './tables.ts';
import { studentHomework, UserHomeworkSummary } from './thread.ts';

/** The student's hand-ins as learning shows them (outline statuses, average mark, the lesson page's hand-in): feature-routes.ts hands these to learning. */
export const handInReads: HandInReads = {
  statuses: (userId, courseId) =>
    sql<[number, string][] | null>`(select json_agg(json_build_array(${userHomeworks.homeworkId}, ${userHomeworks.status})) from ${userHomeworks}
        where ${userHomeworks.userId} = ${userId} and ${userHomeworks.courseId} = ${courseId})`,
  async averageMarks(db, userId, courseIds) {
    const rows = await db
      .select({ courseId: userHomeworks.courseId, mark: avg(userHomeworks.mark) })
      .from(userHomeworks)
      .where(and(eq(userHomeworks.userId, userId), inArray(userHomeworks.courseId, courseIds), eq(userHomeworks.status, 'accepted'), isNotNull(userHomeworks.mark)))
      .groupBy(userHomeworks.courseId);
    return new Map(rows.filter((row) => row.mark !== null).map((row) => [row.courseId, Math.round(Number(row.mark) * 100) / 100]));
  },
  summary: UserHomeworkSummary,
  ofStudent: studentHomework,
};
