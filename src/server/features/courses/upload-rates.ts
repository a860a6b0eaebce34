import type { AppContext } from '../../context.ts';
import { AppError, tooManyRequests } from '../../shared/errors.ts';
import { takeRate } from '../../shared/security/rate-counter.ts';

/**
 * How many uploads may start in an hour, by one person and by one school (all its people
 * together), counted in the database (shared/security/rate-counter.ts) so every instance sees the
 * same counts. Every attempt counts, refused ones too: a loop of uploads that are started and
 * dropped costs disk and database work however it ends. Generous for an admin filling a course.
 */
export const UPLOAD_RATES = {
  /** tus creations (video-uploads.ts); resuming an upload is not a start. */
  'video-upload': { user: 30, school: 100 },
  /** Multipart forms of files/, audio_files/ and text_files/ (file-routes.ts), homework files included. */
  'course-file': { user: 120, school: 1000 },
} as const;

export const UPLOAD_RATE_WINDOW_MS = 60 * 60 * 1000;

/** Counts an upload started by `userId` in the school; throws 429 RATE_LIMITED, with Retry-After, past either limit. */
export async function takeUploadRate(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, kind: keyof typeof UPLOAD_RATES, schoolId: number, userId: number): Promise<void> {
  const rates = UPLOAD_RATES[kind];
  try {
    await takeRate(ctx, [
      { key: `${kind}:user:${userId}`, max: rates.user, windowMs: UPLOAD_RATE_WINDOW_MS },
      { key: `${kind}:school:${schoolId}`, max: rates.school, windowMs: UPLOAD_RATE_WINDOW_MS },
    ]);
  } catch (error) {
    // The window is an hour: the wait is said in minutes.
    if (!(error instanceof AppError) || error.status !== 429) throw error;
    const seconds = error.retryAfter ?? UPLOAD_RATE_WINDOW_MS / 1000;
    throw tooManyRequests(`Слишком много загрузок файлов. Попробуйте снова через ${Math.ceil(seconds / 60)} мин.`, seconds);
  }
}
