import { and, eq } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { forbidden } from '../../shared/errors.ts';
import { ratingHiddenStudents, ratingSettings } from './tables.ts';

export const RATING_DISABLED_MESSAGE = 'Рейтинг отключён в этой школе';

/** Whether the school shows its rating: on unless an admin turned it off. */
export async function ratingEnabled(db: Db, schoolId: number): Promise<boolean> {
  const [row] = await db.select({ enabled: ratingSettings.enabled }).from(ratingSettings).where(eq(ratingSettings.schoolId, schoolId));
  return row?.enabled ?? true;
}

/** 403 RATING_DISABLED while the school's rating is off (contract: Rating). */
export async function requireRatingEnabled(db: Db, schoolId: number): Promise<void> {
  if (!(await ratingEnabled(db, schoolId))) throw forbidden(RATING_DISABLED_MESSAGE, 'RATING_DISABLED');
}

export async function setRatingEnabled(db: Db, schoolId: number, enabled: boolean, now: Date): Promise<boolean> {
  await db
    .insert(ratingSettings)
    .values({ schoolId, enabled, updatedAt: now })
    .onConflictDoUpdate({ target: ratingSettings.schoolId, set: { enabled, updatedAt: now } });
  return enabled;
}

/** A student hides their name in the school's rating, or shows it again. */
export async function setNameHidden(db: Db, schoolId: number, userId: number, hidden: boolean, now: Date): Promise<boolean> {
  if (hidden) await db.insert(ratingHiddenStudents).values({ schoolId, userId, createdAt: now }).onConflictDoNothing();
  else await db.delete(ratingHiddenStudents).where(and(eq(ratingHiddenStudents.schoolId, schoolId), eq(ratingHiddenStudents.userId, userId)));
  return hidden;
}
