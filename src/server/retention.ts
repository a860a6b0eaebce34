import { and, isNotNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { accessLogs } from './features/access-logs/index.ts';
import { pruneChatUploads } from './features/chats/index.ts';
import { courses, pruneCourseFiles } from './features/courses/index.ts';
import { pruneHomeworkUploads } from './features/homework/index.ts';
import { oneTimeTokens, pruneGuessThrottles } from './features/accounts/index.ts';
import { outbox, refreshTokens, sessions, uploads } from './shared/db/core-tables.ts';
import { schoolInvitations } from './features/roles/index.ts';
import { pruneTelegram } from './features/telegram/index.ts';
import { UPLOAD_WINDOW_MS } from './shared/uploads/upload-quota.ts';
import { pruneRateCounters } from './shared/security/rate-counter.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long rows are kept (docs/security.md). */
export const RETENTION = {
  /** Schools read their request log for half a year. */
  accessLogsDays: 180,
  /** Mail leaves the outbox after a month; one with a link or code as soon as that expires. */
  outboxDays: 30,
  /** Spent or expired emailed links and codes, kept a week for support questions. */
  oneTimeTokensDays: 7,
  /** Revoked sessions and expired refresh tokens, a day for the reuse check of a late replay. */
  sessionsDays: 1,
  /** Invitations nobody answered, a month after they expired. */
  invitationsDays: 30,
  /** A course in the recycle bin can be restored for a week, then it is gone with its content. */
  courseBinDays: 7,
} as const;

/** Hourly, at 7 minutes past (the job runner's cron, UTC). */
export const RETENTION_CRON = '7 * * * *';

/** Deletes what the retention periods let go; returns the number of rows per table. */
export async function pruneOldRows(ctx: AppContext): Promise<Record<string, number>> {
  const now = ctx.now().getTime();
  const before = (days: number) => new Date(now - days * DAY_MS);
  const { db } = ctx;
  const counts: Record<string, number> = {};
  const count = async (name: string, rows: Promise<unknown[]>) => {
    counts[name] = (await rows).length;
  };
  await count('access_logs', db.delete(accessLogs).where(lt(accessLogs.createdAt, before(RETENTION.accessLogsDays))).returning({ id: accessLogs.id }));
  await count('outbox', db.delete(outbox).where(or(lt(outbox.createdAt, before(RETENTION.outboxDays)), lte(outbox.expiresAt, new Date(now)))).returning({ id: outbox.id }));
  await count('one_time_tokens', db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, before(RETENTION.oneTimeTokensDays))).returning({ id: oneTimeTokens.id }));
  await count('refresh_tokens', db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before(RETENTION.sessionsDays))).returning({ id: refreshTokens.id }));
  // A session is over once revoked, past its hard end, or left without a refresh token.
  await count(
    'sessions',
    db
      .delete(sessions)
      .where(
        or(
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before(RETENTION.sessionsDays))),
          lt(sessions.endsAt, before(RETENTION.sessionsDays)),
          and(lt(sessions.createdAt, before(RETENTION.sessionsDays)), notExists(db.select({ one: sql`1` }).from(refreshTokens).where(sql`${refreshTokens.familyId} = ${sessions.id}`))),
        ),
      )
      .returning({ id: sessions.id }),
  );
  await count('school_invitations', db.delete(schoolInvitations).where(lt(schoolInvitations.expiresAt, before(RETENTION.invitationsDays))).returning({ id: schoolInvitations.id }));
  await count('courses', db.delete(courses).where(lt(courses.removedAt, before(RETENTION.courseBinDays))).returning({ id: courses.id }));
  // Files of courses and lessons that are gone, and videos no block shows after a day, with their stored objects.
  await count('course_files', pruneCourseFiles(ctx));
  await count('uploads', db.delete(uploads).where(lt(uploads.createdAt, new Date(now - UPLOAD_WINDOW_MS))).returning({ id: uploads.id }));
  // Failed guesses in a row fade after a day without failures, once no wait is left.
  counts.guess_throttles = await pruneGuessThrottles(ctx);
  counts.rate_counters = await pruneRateCounters(ctx);
  // Features that keep their own periods beside their tables, each pruning in batches by an index.
  const telegram = await pruneTelegram(ctx, ctx.now());
  counts.telegram_link_codes = telegram.linkCodes;
  counts.telegram_outbox = telegram.outbox;
  counts.chat_uploads = (await pruneChatUploads(ctx, ctx.now())).deleted;
  counts.homework_uploads = (await pruneHomeworkUploads(ctx, ctx.now())).deleted;
  return counts;
}
