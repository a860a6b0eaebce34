// Banners shown to the students of some groups (reference §1.9, §4.14; spec: banner, accept).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { studentsGroups } from '../groups/tables.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** A banner: a title, a description and a link. At most one of a school's banners is active. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** '' : no link. */
    link: text('link').notNull().default(''),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('banners_school_idx').on(t.schoolId, t.id),
    // The rule «one active banner per school» held by the database, whatever races the routes.
    uniqueIndex('banners_one_active_uq').on(t.schoolId).where(sql`${t.isActive}`),
  ],
);

/** The groups whose students see a banner. */
export const bannerGroups = pgTable(
  'banner_groups',
  {
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => studentsGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.groupId] }), index('banner_groups_group_idx').on(t.groupId)],
);

/** A student's click on a banner (recorded by an explicit POST, never by reading it). */
export const bannerClicks = pgTable(
  'banner_clicks',
  {
    id: serial('id').primaryKey(),
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banner_clicks_banner_idx').on(t.bannerId, t.clickedAt)],
);

/** A student's «Понятно»: the banner is not shown to them again. */
export const bannerAccepts = pgTable(
  'banner_accepts',
  {
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.userId] })],
);
