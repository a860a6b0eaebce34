// The AI assistant OVER AI (reference §1.10 OverAiChat, UserMessage, BotResponse; §4.16): a
// member's chats in a school, their messages, the school's welcome text and its monthly usage.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/**
 * A member's chat with the assistant in one school. `order` 1–10 places it in the sidebar (1 on
 * top), 0 keeps it out of the sidebar; the server renumbers, so orders stay 1..n.
 */
export const aiChats = pgTable(
  'ai_chats',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    order: integer('order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // latest_chats: the caller's chats of a school by their place.
    index('ai_chats_user_idx').on(t.userId, t.schoolId, t.order),
    index('ai_chats_school_idx').on(t.schoolId),
    check('ai_chats_order_check', sql`${t.order} between 0 and 10`),
  ],
);

/** A question (`user`) or an answer (`assistant`); `tokens`: what the endpoint counted, when it said. */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => aiChats.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    tokens: integer('tokens'),
    createdAt: createdAt(),
  },
  (t) => [index('ai_messages_chat_idx').on(t.chatId, t.id), check('ai_messages_role_check', sql`${t.role} in ('user', 'assistant')`)],
);

/** The greeting the school's admins set for the assistant ('' : the default one). */
export const aiWelcomeMessages = pgTable('ai_welcome_messages', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  message: text('message').notNull().default(''),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** Members who closed the greeting in a school (reference: User.shown_welcome_message, per school here). */
export const aiWelcomeSeen = pgTable(
  'ai_welcome_seen',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] })],
);

/** A school's questions and tokens per calendar month (UTC), against its plan's quota. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    messages: integer('messages').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.month] })],
);

/**
 * A member's questions per calendar month (UTC) in a school: their share of the school's quota
 * (ai-quota.ts personalShare), so one person cannot use up everyone's month. The key is the lookup.
 */
export const aiUserUsage = pgTable(
  'ai_user_usage',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    messages: integer('messages').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId, t.month] }),
    // A deleted user's rows, found by the cascade.
    index('ai_user_usage_user_idx').on(t.userId),
    check('ai_user_usage_messages_check', sql`${t.messages} >= 0`),
  ],
);
