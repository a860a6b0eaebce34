// Emailed codes and the throttling of guesses at passwords and codes.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** Single-use emailed tokens: password reset, first password of an added user, email codes. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address an email-change or confirmation code is bound to. */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
    index('one_time_tokens_expires_idx').on(t.expiresAt),
    uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash),
    check('one_time_tokens_purpose_check', sql`${t.purpose} in ('password_reset', 'set_password', 'email_change', 'email_confirm')`),
  ],
);

/**
 * Failed guesses in a row at a secret (guess-throttle.ts). A subject's own row counts them from all
 * clients together (`key` is the subject: a SHA-256 of the login as typed, or of an emailed code's
 * purpose and target); a client's row counts its own and holds its lock (`key` is the subject,
 * ':' and a SHA-256 of the client's network), so one client's guesses never lock out another.
 */
export const guessThrottles = pgTable(
  'guess_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index('guess_throttles_updated_idx').on(t.updatedAt)],
);
