// How often a member may write in the chats (issue 24): every message and file costs storage and
// the attention of the chat's members (the socket, the unread count, a Telegram notice). Counted
// in the database (shared/security/rate-counter.ts), so the limits hold across server instances;
// the user's own limit comes first, so one person's flood never uses up their school's.
import type { AppContext } from '../../context.ts';
import { takeRate } from '../../shared/security/rate-counter.ts';
import type { Viewer } from './chat-data.ts';

const MINUTE = 60_000;

/**
 * Messages: a person typing keeps well below one message every two seconds for a whole minute,
 * and a school's busiest minute (a whole large class answering in its group chat at once) well
 * below a thousand; a script flooding the chats stops at either.
 */
export const MESSAGE_LIMITS = { user: { max: 30, windowMs: MINUTE }, school: { max: 1000, windowMs: MINUTE } } as const;

/**
 * Files: a message takes up to ten, so twenty a minute is two full messages; two hundred an hour
 * is far beyond anyone sharing their work; three hundred a minute across a school. (Their bytes
 * count against the plan's storage besides.)
 */
export const UPLOAD_LIMITS = {
  user: { max: 20, windowMs: MINUTE },
  userHourly: { max: 200, windowMs: 60 * MINUTE },
  school: { max: 300, windowMs: MINUTE },
} as const;

export const MESSAGES_TOO_OFTEN = 'Вы отправляете сообщения слишком часто. Подождите минуту и попробуйте снова.';
export const UPLOADS_TOO_OFTEN = 'Вы загружаете файлы слишком часто. Подождите немного и попробуйте снова.';

/** Counts a message of the viewer; 429 RATE_LIMITED over a limit. */
export async function takeMessageRate(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, viewer: Viewer): Promise<void> {
  await takeRate(
    ctx,
    [
      { key: `chat-message:user:${viewer.userId}`, ...MESSAGE_LIMITS.user },
      { key: `chat-message:school:${viewer.schoolId}`, ...MESSAGE_LIMITS.school },
    ],
    MESSAGES_TOO_OFTEN,
  );
}

/** Counts a chat file upload of the viewer; 429 RATE_LIMITED over a limit. */
export async function takeUploadRate(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, viewer: Viewer): Promise<void> {
  await takeRate(
    ctx,
    [
      { key: `chat-upload:user:${viewer.userId}`, ...UPLOAD_LIMITS.user },
      { key: `chat-upload:user-hour:${viewer.userId}`, ...UPLOAD_LIMITS.userHourly },
      { key: `chat-upload:school:${viewer.schoolId}`, ...UPLOAD_LIMITS.school },
    ],
    UPLOADS_TOO_OFTEN,
  );
}
