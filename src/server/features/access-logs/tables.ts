// The request log.
import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt } from '../../shared/db/columns.ts';

/** Every authenticated API request (never tokens, passwords or bodies). */
export const accessLogs = pgTable(
  'access_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip').notNull(),
    event: text('event'),
    createdAt: createdAt(),
  },
  (t) => [index('access_logs_school_time_idx').on(t.schoolId, t.createdAt, t.id), index('access_logs_user_idx').on(t.userId), index('access_logs_created_idx').on(t.createdAt)],
);
