// A school's autowebinar as a webinar lesson links it: courses, below webinars, asks for it through
// the function feature-routes.ts hands its lessonRoutes.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import type { FindAutowebinar } from '../courses/index.ts';
import { autowebinars } from './tables.ts';

/** The autowebinar `id` of school `schoolId` (id, title, slug), or null: unknown, another school's, or deleted. */
export const findAutowebinar: FindAutowebinar = async (db: Db, schoolId: number, id: number) => {
  const [row] = await db
    .select({ id: autowebinars.id, title: autowebinars.title, slug: autowebinars.slug })
    .from(autowebinars)
    .where(and(eq(autowebinars.id, id), eq(autowebinars.schoolId, schoolId)));
  return row ?? null;
};
