// Platform testimonials (reference Feedback): the reviews the landing page shows, written by the
// platform's team (seeded in demo mode), read by anyone.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    /** Who the author is («Руководитель онлайн-школы»). */
    position: text('position').notNull().default(''),
    /** The picture's address; null: the app's placeholder. */
    avatar: text('avatar'),
    content: text('content').notNull(),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The public list, newest first: the index read backwards.
    index('feedbacks_created_idx').on(t.createdAt, t.id),
    check('feedbacks_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
