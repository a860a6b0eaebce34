// Retention of the chats feature (retention.ts runs it hourly): files uploaded for a message
// (chat-file-routes.ts) that no message took are deleted with their stored objects.
import type { AppContext } from '../../context.ts';
import { prunePendingUploads } from '../courses/index.ts';
import { chatUploads } from './tables.ts';

/**
 * A chat upload no message took within a day is deleted: a message follows its files within
 * minutes, a day also covers a message written slowly or sent after a break, and a file nobody
 * can see only takes the school's storage.
 */
export const UNSENT_CHAT_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the chat uploads made more than a day before `now` that no message took, with their
 * stored objects (courses/prune-pending-uploads.ts); an upload a message (or anything else) shows
 * only loses its chat_uploads row. A message takes only its sender's own files (chat-routes.ts).
 */
export async function pruneChatUploads(ctx: Pick<AppContext, 'db' | 'storage'>, now: Date): Promise<{ deleted: number; kept: number }> {
  return prunePendingUploads(ctx, chatUploads, UNSENT_CHAT_UPLOAD_MS, now);
}
