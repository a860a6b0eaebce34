// How many questions a school may ask the assistant per calendar month, by its plan, and how many
// of them one member may take.
import { aiChatMessages } from '#core/messages/ai-chat';
import { sql } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { AppError } from '../../shared/errors.ts';
import type { MemberRole } from '../../shared/security/school-access.ts';
import { aiUsage, aiUserUsage } from './tables.ts';

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
export const personalQuotaExceeded = () => new AppError(429, 'AI_PERSONAL_QUOTA_EXCEEDED', aiChatMessages.personalQuotaExceeded);

/**
 * How many of the school's `quota` questions a month one member may ask. A student: a tenth, at
 * least 10 (Start 10, Junior 30, Middle 150, Senior 500), so it takes ten of them to use up the
 * month and one curious student leaves the rest their share. A teacher: a quarter, at least 25
 * (they ask while writing lessons and checking work, for many students at once). An admin: the
 * whole quota (the admins choose and pay for the plan and may raise it; two of them cannot lock
 * the other members out any more than the plan itself does). Never more than the quota.
 */
export function personalShare(quota: number, role: MemberRole): number {
  if (role === 'Admin') return quota;
  const share = role === 'Teacher' ? Math.max(25, Math.ceil(quota / 4)) : Math.max(10, Math.ceil(quota / 10));
  return Math.min(quota, share);
}

/**
 * Counts one question against the school's month (`limit`) and the member's share of it, or throws
 * 429: the school's quota first (AI_QUOTA_EXCEEDED), then the member's (AI_PERSONAL_QUOTA_EXCEEDED).
 * Each count is one conditional upsert by its primary key, inside one transaction, so questions sent
 * at once never pass either limit and a refused share gives the school's question back.
 */
export async function reserveQuestion(db: Db, input: { schoolId: number; userId: number; month: string; limit: number; share: number }): Promise<void> {
  const { schoolId, userId, month, limit, share } = input;
  await db.transaction(async (tx) => {
    const school = await tx
      .insert(aiUsage)
      .values({ schoolId, month, messages: 1 })
      .onConflictDoUpdate({ target: [aiUsage.schoolId, aiUsage.month], set: { messages: sql`ai_usage.messages + 1` }, setWhere: sql`ai_usage.messages < ${limit}` })
      .returning({ messages: aiUsage.messages });
    if (school.length === 0) throw quotaExceeded();
    const person = await tx
      .insert(aiUserUsage)
      .values({ schoolId, userId, month, messages: 1 })
      .onConflictDoUpdate({
        target: [aiUserUsage.schoolId, aiUserUsage.userId, aiUserUsage.month],
        set: { messages: sql`ai_user_usage.messages + 1` },
        setWhere: sql`ai_user_usage.messages < ${share}`,
      })
      .returning({ messages: aiUserUsage.messages });
    if (person.length === 0) throw personalQuotaExceeded();
  });
}

/** Gives a question back to the school and the member (the endpoint failed before answering). */
export async function releaseQuestion(db: Db, schoolId: number, userId: number, month: string): Promise<void> {
  await db.execute(sql`update ai_usage set messages = greatest(messages - 1, 0) where school_id = ${schoolId} and month = ${month}`);
  await db.execute(sql`update ai_user_usage set messages = greatest(messages - 1, 0) where school_id = ${schoolId} and user_id = ${userId} and month = ${month}`);
}

/** Adds the tokens the endpoint counted for an answer. */
export async function addTokens(db: Db, schoolId: number, month: string, tokens: number): Promise<void> {
  if (tokens > 0) await db.execute(sql`update ai_usage set tokens = tokens + ${tokens} where school_id = ${schoolId} and month = ${month}`);
}
