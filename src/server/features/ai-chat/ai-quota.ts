// How many questions a school may ask the assistant per calendar month, by its plan.
import { aiChatMessages } from '#core/messages/ai-chat';
import { sql } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { AppError } from '../../shared/errors.ts';
import { aiUsage } from './tables.ts';

/**
 * Questions a month per plan (by tariff id): Start 50, Junior 300, Middle 1 500, Senior 5 000. A
 * plan not in the table, or none, gets the smallest. Each question counts once, whatever its
 * length; tokens are recorded beside it for the school's statistics, not limited.
 */
export const AI_MESSAGES_BY_TARIFF: Readonly<Record<number, number>> = { 1: 50, 2: 300, 3: 1500, 4: 5000 };

export function aiMessageQuota(tariffId: number | null): number {
  return (tariffId !== null ? AI_MESSAGES_BY_TARIFF[tariffId] : undefined) ?? AI_MESSAGES_BY_TARIFF[1]!;
}

/** '2026-11-01': the month a moment falls in (UTC), as ai_usage keys it. */
export function usageMonth(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

export const quotaExceeded = () => new AppError(429, 'AI_QUOTA_EXCEEDED', aiChatMessages.quotaExceeded);

/**
 * Counts one question against the month's quota, or throws 429: one statement, so two questions
 * sent at once never both take the last one.
 */
export async function reserveQuestion(db: Db, schoolId: number, month: string, limit: number): Promise<void> {
  const rows = await db
    .insert(aiUsage)
    .values({ schoolId, month, messages: 1 })
    .onConflictDoUpdate({ target: [aiUsage.schoolId, aiUsage.month], set: { messages: sql`ai_usage.messages + 1` }, setWhere: sql`ai_usage.messages < ${limit}` })
    .returning({ messages: aiUsage.messages });
  if (rows.length === 0) throw quotaExceeded();
}

/** Gives a question back (the endpoint failed before answering). */
export async function releaseQuestion(db: Db, schoolId: number, month: string): Promise<void> {
  await db.execute(sql`update ai_usage set messages = greatest(messages - 1, 0) where school_id = ${schoolId} and month = ${month}`);
}

/** Adds the tokens the endpoint counted for an answer. */
export async function addTokens(db: Db, schoolId: number, month: string, tokens: number): Promise<void> {
  if (tokens > 0) await db.execute(sql`update ai_usage set tokens = tokens + ${tokens} where school_id = ${schoolId} and month = ${month}`);
}
