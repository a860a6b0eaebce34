// notifyTelegram: the notices other features send (homework, checks, meetings, chats).
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { telegramBot } from './telegram-bot.ts';
import { telegramLinks, telegramSettings } from './tables.ts';

export const TELEGRAM_KINDS = ['homework', 'checks', 'meetings', 'chat'] as const;
/** homework: a new hand-in for its teacher; checks: a check of the student's work; meetings: reminders; chat: new messages. */
export type TelegramKind = (typeof TELEGRAM_KINDS)[number];

/** Telegram's limit of one message's text. */
const MAX_TEXT = 4096;

/**
 * Sends `text` to those of `userIds` who linked a chat and did not turn `kind` off, after the
 * current request is answered (call it once the change is committed). It never throws into the
 * caller: a failure (the Bot API down, a chat that blocked the bot) is logged by the background
 * jobs and the others still get theirs.
 */
export function notifyTelegram(ctx: AppContext, userIds: readonly (number | null)[], kind: TelegramKind, text: NoticeText): void {
  const ids = [...new Set(userIds)].filter((id): id is number => Number.isInteger(id) && id! > 0);
  if (ids.length === 0) return;
  ctx.jobs.run(`telegram:${kind}`, () => deliver(ctx, ids, kind, text));
}

/** The notice, or how to write it: read only when someone is to receive it (names, titles). */
export type NoticeText = string | (() => Promise<string>);

/** The linked chats of `userIds` who want `kind` (one query), each sent the text. */
export async function deliver(ctx: AppContext, userIds: readonly number[], kind: TelegramKind, notice: NoticeText): Promise<number[]> {
  const rows = await ctx.db
    .select({ userId: telegramLinks.userId, chatId: telegramLinks.chatId, wants: telegramSettings[kind] })
    .from(telegramLinks)
    .leftJoin(telegramSettings, eq(telegramSettings.userId, telegramLinks.userId))
    .where(inArray(telegramLinks.userId, [...userIds]));
  const to = rows.filter((row) => row.wants !== false);
  if (to.length === 0) return [];
  const text = (typeof notice === 'string' ? notice : await notice()).trim();
  if (!text) return [];
  const bot = telegramBot(ctx);
  const body = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
  const failures: unknown[] = [];
  const sent: number[] = [];
  for (const row of to) {
    try {
      await bot.send(row.chatId, row.userId, body);
      sent.push(row.chatId);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length) throw new AggregateError(failures, `telegram: ${failures.length} of ${to.length} ${kind} notices not sent`);
  return sent;
}
