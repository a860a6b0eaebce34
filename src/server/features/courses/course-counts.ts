// How many courses a school has, for the plan's limits: tariffs sits below courses, so courses
// passes these counts down (the limit check, and the subscription page through feature-routes.ts).
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { courses } from './tables.ts';

/** The school's live courses, the ones the plan's number_of_courses limits (the recycle bin's do not count). */
export async function liveCourseCount(db: Db, schoolId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courses).where(and(eq(courses.schoolId, schoolId), isNull(courses.removedAt)));
  return row?.n ?? 0;
}

/** Every course of the school, those in the recycle bin too: the subscription page's number_of_courses. */
export async function schoolCourseCount(db: Db, schoolId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courses).where(eq(courses.schoolId, schoolId));
  return row?.n ?? 0;
}
