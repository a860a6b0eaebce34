import { and, eq, gt, sum } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../db/database.ts';
import { uploads, users } from '../db/core-tables.ts';
import { AppError } from '../errors.ts';

/** What one user may upload in 24 hours, all kinds of files together. */
export const UPLOAD_QUOTA_BYTES = 50 * 1024 * 1024;
export const UPLOAD_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Records an upload of `bytes` by the user, or throws 429 when it would pass the quota. Run inside
 * the transaction that stores the file's row: the user's row is locked, so concurrent uploads are
 * counted one after the other.
 */
export async function recordUpload(ctx: AppContext, tx: Db, userId: number, kind: string, bytes: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ total: sum(uploads.bytes).mapWith(Number) })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, new Date(ctx.now().getTime() - UPLOAD_WINDOW_MS))));
  if ((row?.total ?? 0) + bytes > UPLOAD_QUOTA_BYTES) {
    throw new AppError(429, 'UPLOAD_QUOTA', `Превышен лимит загрузок: не больше ${UPLOAD_QUOTA_BYTES / 1024 / 1024} МБ в сутки. Попробуйте позже.`);
  }
  await tx.insert(uploads).values({ userId, kind, bytes, createdAt: ctx.now() });
}
