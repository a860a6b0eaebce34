import { and, eq, gt, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { notFound } from '../../shared/errors.ts';
import { assertRoom, storageUse } from './files.ts';
import { videoUploads } from './tables.ts';

/**
 * The room a resumable video upload holds in its school's storage (video_uploads): its declared
 * size, from its creation until it is finished, cancelled or expired. Without it a free school
 * held eight 1 GB uploads at once in a 1 GB plan, each checked against the finished files only.
 */

/** How long an unfinished upload may go on, and holds its room: a day after its creation. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type VideoReservation = typeof videoUploads.$inferSelect;

/**
 * Reserves `bytes` of the school's storage for the upload `id`, or throws STORAGE_QUOTA (413) when
 * they do not fit beside its files and its other uploads in progress. Under the school's row lock,
 * as storeFile counts: uploads started at once are counted one after the other.
 */
export async function reserveUpload(ctx: Pick<AppContext, 'db' | 'now'>, upload: { id: string; schoolId: number; uploaderId: number; bytes: number }): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [school] = await tx.select({ tariffId: schools.tariffId }).from(schools).where(eq(schools.id, upload.schoolId)).for('update');
    if (!school) throw notFound('Школа не найдена.', 'SCHOOL_NOT_FOUND');
    assertRoom(await storageUse(tx, upload.schoolId, now), upload.bytes, school.tariffId);
    await tx.insert(videoUploads).values({ ...upload, createdAt: now, expiresAt: new Date(now.getTime() + UPLOAD_LIFETIME_MS) });
  });
}

/** The upload's reservation while it lives (not expired by the app's clock), else null. */
export async function liveReservation(ctx: Pick<AppContext, 'db' | 'now'>, id: string): Promise<VideoReservation | null> {
  const [row] = await ctx.db
    .select()
    .from(videoUploads)
    .where(and(eq(videoUploads.id, id), gt(videoUploads.expiresAt, ctx.now())));
  return row ?? null;
}

/** Gives the upload's room back (cancelled, refused or failed to start); none is not an error. */
export async function releaseReservation(db: Db, id: string): Promise<void> {
  await db.delete(videoUploads).where(eq(videoUploads.id, id));
}

/** Drops the reservations that have expired; returns their upload ids, whose staged bytes go too. */
export async function dropExpiredReservations(ctx: Pick<AppContext, 'db' | 'now'>): Promise<string[]> {
  const rows = await ctx.db.delete(videoUploads).where(lte(videoUploads.expiresAt, ctx.now())).returning({ id: videoUploads.id });
  return rows.map((row) => row.id);
}
