// Telegram notifications (issue 15; reference §1.10, §4.17): a user's chat with the bot, the
// one-time codes that link it, the kinds of notice the user wants, the messages kept while the
// server has no bot, and a school's meeting reminder settings.
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** A user's Telegram chat, linked by /start with a one-time code (never by a typed email). */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Telegram's chat id (up to 52 bits). */
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    /** The Telegram @username when it has one, else ''. */
    username: text('username').notNull().default(''),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telegram_links_chat_idx').on(t.chatId)],
);

/** A one-time code of `POST telegram/link-code/`, kept as its SHA-256: valid 10 minutes, used once. */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('telegram_link_codes_user_idx').on(t.userId),
    // Retention (prune-telegram.ts) deletes spent codes by their expiry.
    index('telegram_link_codes_expires_idx').on(t.expiresAt),
  ],
);

/** The kinds of notice a user receives; no row: all of them. */
export const telegramSettings = pgTable('telegram_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  homework: boolean('homework').notNull().default(true),
  checks: boolean('checks').notNull().default(true),
  meetings: boolean('meetings').notNull().default(true),
  chat: boolean('chat').notNull().default(true),
  updatedAt: updatedAt(),
});

/** Messages the server would have sent while it has no bot (no TELEGRAM_BOT_TOKEN), as the mail outbox. */
export const telegramOutbox = pgTable(
  'telegram_outbox',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('telegram_outbox_created_idx').on(t.createdAt)],
);

/** When a school's meetings are announced in Telegram (reference MeetingsRemindersTG); no row: the day before and 10 minutes before. */
export const telegramReminderSettings = pgTable('telegram_reminder_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  daily: boolean('daily').notNull().default(true),
  inThreeHours: boolean('in_three_hours').notNull().default(false),
  tenMinute: boolean('ten_minute').notNull().default(true),
  updatedAt: updatedAt(),
});
