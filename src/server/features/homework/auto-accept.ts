import { and, asc, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { completeHandIn } from './complete-hand-in.ts';
import { userHomeworkChecks, userHomeworks } from './tables.ts';

/** The job runner's job that accepts hand-ins whose homework has automate_accept. */
export const AUTO_ACCEPT_JOB = 'homework-auto-accept';
/** Every minute: time_accept is counted in seconds, but a minute late is on time for a homework. */
const AUTO_ACCEPT_CRON = '* * * * *';
/** Hand-ins accepted per run; more wait for the next minute. */
const BATCH = 500;

/**
 * Accepts every hand-in still waiting for its check ('pending') whose auto_accept_at has come:
 * status 'auto_check' («Автопроверка»), a message with that status in its thread by nobody (no
 * author), its lesson completed and the course finished when that was the last lesson, each in
 * one transaction. 'revision' is left to the student: a reviewer's word clears auto_accept_at,
 * and the student's answer sets it again (check-routes.ts). The update is conditional, so a
 * teacher's check that came first, or another process running this job at the same moment, wins
 * and the hand-in is skipped. Returns how many were accepted.
 */
export async function acceptDueHandIns(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  const due = and(eq(userHomeworks.status, 'pending'), lte(userHomeworks.autoAcceptAt, now));
  // user_homeworks_auto_accept_idx: only hand-ins with a due time are read.
  const rows = await ctx.db.select({ id: userHomeworks.id }).from(userHomeworks).where(due).orderBy(asc(userHomeworks.autoAcceptAt), asc(userHomeworks.id)).limit(BATCH);
  let accepted = 0;
  const failures: unknown[] = [];
  for (const { id } of rows) {
    try {
      accepted += await ctx.db.transaction(async (tx) => {
        const [handIn] = await tx
          .update(userHomeworks)
          .set({ status: 'auto_check', autoAcceptAt: null, lastReplyAt: now, updatedAt: now })
          .where(and(eq(userHomeworks.id, id), due))
          .returning();
        if (!handIn) return 0;
        await tx.insert(userHomeworkChecks).values({ userHomeworkId: id, authorId: null, text: '', status: 'auto_check', mark: null, createdAt: now, updatedAt: now });
        await completeHandIn(tx, handIn, now);
        return 1;
      });
    } catch (error) {
      // One broken hand-in does not hold back the others; the job fails afterwards and is retried.
      failures.push(error);
    }
  }
  if (failures.length) throw new AggregateError(failures, `auto-acceptance failed for ${failures.length} hand-ins`);
  return accepted;
}

/** Puts the acceptance on the job runner's schedule (once per app). */
export function scheduleAutoAccept(ctx: AppContext): void {
  ctx.jobRunner.schedule(AUTO_ACCEPT_JOB, AUTO_ACCEPT_CRON, () => acceptDueHandIns(ctx));
}
