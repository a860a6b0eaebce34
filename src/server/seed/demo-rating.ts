import { eq } from 'drizzle-orm';
import { users } from '../shared/db/core-tables.ts';
import type { Db } from '../shared/db/database.ts';
import { ratingHiddenStudents } from '../features/rating/index.ts';

/** The classmate (demo-homework.ts' fourth) who hid their name in the rating. */
export const DEMO_HIDDEN_STUDENT = 'demo-student-4@coursehub.ru';

/**
 * The demo rating: the demo student ranks among the five students of the teacher's review queue
 * (their lessons and courses counted as they were seeded); one of them hid their name, so the
 * table shows «Скрытый участник» too.
 */
export async function seedDemoRating(tx: Db, demo: { schoolId: number; now: Date }): Promise<void> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_HIDDEN_STUDENT));
  if (user) await tx.insert(ratingHiddenStudents).values({ schoolId: demo.schoolId, userId: user.id, createdAt: demo.now }).onConflictDoNothing();
}
