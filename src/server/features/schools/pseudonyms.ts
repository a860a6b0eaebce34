import { and, eq } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { userPseudonyms } from './tables.ts';

/**
 * Sets a staff member's pseudonym, the name students see instead of theirs: the one store
 * (`user_pseudonyms`) that the member list, homework threads and certificates read. Trimmed; empty
 * or null clears it. The caller has checked the actor and that the user is a member of the school.
 */
export async function setPseudonym(db: Db, schoolId: number, userId: number, value: string | null): Promise<string | null> {
  const pseudonym = value?.trim() || null;
  if (pseudonym === null) {
    await db.delete(userPseudonyms).where(and(eq(userPseudonyms.schoolId, schoolId), eq(userPseudonyms.userId, userId)));
    return null;
  }
  await db
    .insert(userPseudonyms)
    .values({ schoolId, userId, pseudonym })
    .onConflictDoUpdate({ target: [userPseudonyms.schoolId, userPseudonyms.userId], set: { pseudonym } });
  return pseudonym;
}
