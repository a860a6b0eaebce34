// The Telegram notice of a new chat message (issue 15; reference §4.15: "messages also trigger
// Telegram notices, skipped when the same sender wrote in that chat less than 10 minutes earlier").
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notifyTelegram } from '../telegram/index.ts';
import { chatRecipients, personName } from './chat-data.ts';

/** A sender's messages closer together than this make one notice. */
export const QUIET_MS = 10 * 60_000;
const PREVIEW = 200;

/** Tells the chat's followers but the author, after the answer, unless the author wrote here a moment ago. */
export function noticeChatMessage(ctx: AppContext, message: { id: number; chatId: string; authorId: number; text: string; files: number; createdAt: Date }): void {
  ctx.jobs.run('chat:telegram', async () => {
    const since = new Date(message.createdAt.getTime() - QUIET_MS);
    const { rows } = (await ctx.db.execute(sql`
      select exists (select 1 from chat_messages where chat_id = ${message.chatId} and author_id = ${message.authorId} and id < ${message.id} and created_at > ${since}) as recent,
             (select json_build_object('first', first_name, 'last', last_name, 'email', email) from users where id = ${message.authorId}) as author`)) as unknown as {
      rows: { recent: boolean; author: { first: string; last: string; email: string } | null }[];
    };
    if (!rows[0] || rows[0].recent) return;
    const recipients = await chatRecipients(ctx.db, message.chatId);
    const ids = [...(recipients?.users ?? new Map<number, { follows: boolean }>())].filter(([id, user]) => user.follows && id !== message.authorId).map(([id]) => id);
    const text = message.text.length > PREVIEW ? `${message.text.slice(0, PREVIEW)}…` : message.text || `📎 файлов: ${message.files}`;
    notifyTelegram(ctx, ids, 'chat', `Новое сообщение от ${personName(rows[0].author ?? {})} в чате CourseHub: ${text}`);
  });
}
