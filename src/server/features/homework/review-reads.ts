import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { userHomeworkChecks, userHomeworkReads, userHomeworks } from './tables.ts';

/**
 * What a staff member has read of a hand-in's thread (the review queue's `unread`): opening the
 * hand-in records its newest message; a student's message after that one is unread.
 */

/** Records that `userId` opened the hand-in now: one statement, never moving back to an older message. */
export async function markSeen(db: Db, userHomeworkId: number, userId: number, now: Date): Promise<void> {
  await db.execute(sql`
    insert into ${userHomeworkReads} (user_homework_id, user_id, last_check_id, seen_at)
    select ${userHomeworkId}, ${userId}, coalesce(max(c.id), 0), ${now.toISOString()}::timestamptz
      from ${userHomeworkChecks} c where c.user_homework_id = ${userHomeworkId}
    on conflict (user_homework_id, user_id) do update
      set last_check_id = greatest(${userHomeworkReads.lastCheckId}, excluded.last_check_id), seen_at = excluded.seen_at`);
}

/**
 * Whether the hand-in in the query's row has a message by its student that `userId` has not seen:
 * read for a page's rows only (the thread's (user_homework_id, id) index).
 */
export function unreadBy(userId: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${userHomeworkChecks} c
    where c.user_homework_id = ${userHomeworks.id} and c.author_id = ${userHomeworks.userId}
      and c.id > coalesce((select r.last_check_id from ${userHomeworkReads} r where r.user_homework_id = ${userHomeworks.id} and r.user_id = ${userId}), 0))`;
}
