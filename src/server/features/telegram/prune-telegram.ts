// Retention of the Telegram feature (retention.ts runs it hourly): link codes and outbox
// rows only grow otherwise.
import { and, asc, inArray, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { LINK_CODE_TTL_MS } from './telegram-routes.ts';
import { telegramLinkCodes, telegramOutbox } from './tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A used or expired link code is kept a day: enough to answer «the code did not work» from the data, and no use after. */
export const SPENT_LINK_CODE_MS = DAY_MS;
/**
 * Outbox rows are kept 30 days, as the mail outbox (retention.ts). The table holds only what a
 * server without TELEGRAM_BOT_TOKEN would have sent (telegram-bot.ts): nothing sends it later, so
 * no row waits for a sender; it is read on the demo's outbox page only.
 */
export const TELEGRAM_OUTBOX_MS = 30 * DAY_MS;

/** Rows deleted per statement, so no statement holds locks long. */
const BATCH = 1000;
/** Batches per run at most: a larger backlog is left for the next run. */
const MAX_BATCHES = 100;

/** Runs `deleteBatch` until it deletes less than a full batch; the total. */
async function inBatches(deleteBatch: () => Promise<unknown[]>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const deleted = (await deleteBatch()).length;
    total += deleted;
    if (deleted < BATCH) break;
  }
  return total;
}

/** Deletes link codes used or expired more than a day before `now`, and outbox rows older than 30 days; the numbers deleted. */
export async function pruneTelegram(ctx: Pick<AppContext, 'db'>, now: Date): Promise<{ linkCodes: number; outbox: number }> {
  const { db } = ctx;
  const spentBefore = new Date(now.getTime() - SPENT_LINK_CODE_MS);
  // A code is used before it expires and expires LINK_CODE_TTL_MS after it was made, so one used
  // before `spentBefore` expired before spentBefore + TTL: that bound keeps both cases on
  // telegram_link_codes_expires_idx.
  const spentCodes = db
    .select({ codeHash: telegramLinkCodes.codeHash })
    .from(telegramLinkCodes)
    .where(
      and(
        lt(telegramLinkCodes.expiresAt, new Date(spentBefore.getTime() + LINK_CODE_TTL_MS)),
        or(lt(telegramLinkCodes.expiresAt, spentBefore), lt(telegramLinkCodes.usedAt, spentBefore)),
      ),
    )
    .orderBy(asc(telegramLinkCodes.expiresAt))
    .limit(BATCH);
  const linkCodes = await inBatches(() => db.delete(telegramLinkCodes).where(inArray(telegramLinkCodes.codeHash, spentCodes)).returning({ codeHash: telegramLinkCodes.codeHash }));

  // telegram_outbox_created_idx.
  const oldOutbox = db
    .select({ id: telegramOutbox.id })
    .from(telegramOutbox)
    .where(lt(telegramOutbox.createdAt, new Date(now.getTime() - TELEGRAM_OUTBOX_MS)))
    .orderBy(asc(telegramOutbox.createdAt))
    .limit(BATCH);
  const outbox = await inBatches(() => db.delete(telegramOutbox).where(inArray(telegramOutbox.id, oldOutbox)).returning({ id: telegramOutbox.id }));
  return { linkCodes, outbox };
}
