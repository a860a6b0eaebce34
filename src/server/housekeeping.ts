// Daily housekeeping: each feature's prune of rows (and stored files) that only grow otherwise.
// The periods are named where each prune lives; retention.ts keeps the hourly periods of the rest.
import type { AppContext } from './context.ts';
import { pruneChatUploads } from './features/chats/index.ts';
import { pruneTelegram } from './features/telegram/index.ts';

export const HOUSEKEEPING_JOB = 'housekeeping';
/** Daily at 03:23 UTC (the job runner's cron): a quiet hour, off the hourly jobs' minutes. */
export const HOUSEKEEPING_CRON = '23 3 * * *';

export interface HousekeepingCounts {
  telegram_link_codes: number;
  telegram_outbox: number;
  chat_uploads_deleted: number;
  chat_uploads_kept: number;
}

/** Runs every prune as of `now`; the numbers of rows deleted (and kept) by each, logged at info (counts only). */
export async function runHousekeeping(ctx: Pick<AppContext, 'db' | 'storage'>, now: Date, log: { info(data: object, message: string): void }): Promise<HousekeepingCounts> {
  const telegram = await pruneTelegram(ctx, now);
  const uploads = await pruneChatUploads(ctx, now);
  const counts: HousekeepingCounts = {
    telegram_link_codes: telegram.linkCodes,
    telegram_outbox: telegram.outbox,
    chat_uploads_deleted: uploads.deleted,
    chat_uploads_kept: uploads.kept,
  };
  log.info({ job: HOUSEKEEPING_JOB, ...counts }, 'housekeeping done');
  return counts;
}

/** Puts housekeeping on the job runner's schedule (once per app). */
export function scheduleHousekeeping(ctx: AppContext, log: { info(data: object, message: string): void }): void {
  ctx.jobRunner.schedule(HOUSEKEEPING_JOB, HOUSEKEEPING_CRON, () => runHousekeeping(ctx, ctx.now(), log));
}
