// Boxes and prizes (reference §1.3 Box / Prize, §4.13): a school sells boxes, a student opens them
// and the server draws the prize, recording the seed and the outcome of every opening.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { courseFiles } from '../courses/tables.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** A box the school offers: bought for `price`, one purchase gives quantity + bonus_quantity boxes. */
export const schoolBoxes = pgTable(
  'school_boxes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    iconFileId: integer('icon_file_id').references(() => courseFiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Minor units; 0: not for sale. */
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull().default('BYN'),
    quantity: integer('quantity').notNull().default(1),
    bonusQuantity: integer('bonus_quantity').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** After this moment the box is no longer sold (boxes already bought still open). */
    autoDeactivationTime: timestamp('auto_deactivation_time', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('school_boxes_school_idx').on(t.schoolId, t.id),
    check('school_boxes_counts_check', sql`${t.price} >= 0 and ${t.quantity} >= 1 and ${t.bonusQuantity} >= 0`),
  ],
);

/** A prize: its chance per opening in hundredths of a percent, and a guarantee every N openings. */
export const schoolPrizes = pgTable(
  'school_prizes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    iconFileId: integer('icon_file_id').references(() => courseFiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** 0–10000 = 0–100 %. */
    dropChanceBp: integer('drop_chance_bp').notNull().default(0),
    /** Null: never guaranteed. */
    guaranteedBoxCount: integer('guaranteed_box_count'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('school_prizes_school_idx').on(t.schoolId, t.id),
    check('school_prizes_chance_check', sql`${t.dropChanceBp} between 0 and 10000 and (${t.guaranteedBoxCount} is null or ${t.guaranteedBoxCount} >= 1)`),
  ],
);

/** Which prizes a box may hold. */
export const boxPrizes = pgTable(
  'box_prizes',
  {
    boxId: integer('box_id')
      .notNull()
      .references(() => schoolBoxes.id, { onDelete: 'cascade' }),
    prizeId: integer('prize_id')
      .notNull()
      .references(() => schoolPrizes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.boxId, t.prizeId] }), index('box_prizes_prize_idx').on(t.prizeId)],
);

/** A member's boxes of one kind: still to open, and opened (the guarantee counts these). */
export const userBoxes = pgTable(
  'user_boxes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boxId: integer('box_id')
      .notNull()
      .references(() => schoolBoxes.id, { onDelete: 'cascade' }),
    unopenedCount: integer('unopened_count').notNull().default(0),
    openedCount: integer('opened_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_boxes_user_box_uq').on(t.userId, t.boxId),
    index('user_boxes_school_user_idx').on(t.schoolId, t.userId, t.boxId),
    check('user_boxes_counts_check', sql`${t.unopenedCount} >= 0 and ${t.openedCount} >= 0`),
  ],
);

/** A prize a member won; the name is kept, so it survives the prize's deletion. */
export const userPrizes = pgTable(
  'user_prizes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prizeId: integer('prize_id').references(() => schoolPrizes.id, { onDelete: 'set null' }),
    prizeName: text('prize_name').notNull(),
    isUsed: boolean('is_used').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('user_prizes_school_user_idx').on(t.schoolId, t.userId, t.id), index('user_prizes_school_idx').on(t.schoolId, t.id)],
);

/**
 * Every opening: the random seed the server drew and what it gave, so a draw can be replayed
 * (drawPrize(seed, prizes, opened_before)) and audited. prizes holds the prizes as they were drawn from.
 */
export const boxOpenings = pgTable(
  'box_openings',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boxId: integer('box_id').references(() => schoolBoxes.id, { onDelete: 'set null' }),
    /** Hex of 32 random bytes. */
    seed: text('seed').notNull(),
    /** Boxes of this kind the member had opened before this one. */
    openedBefore: integer('opened_before').notNull(),
    /** [{id, drop_chance_bp, guaranteed_box_count}] the draw saw. */
    prizes: jsonb('prizes').$type<{ id: number; drop_chance_bp: number; guaranteed_box_count: number | null }[]>().notNull(),
    outcome: text('outcome').notNull(),
    prizeId: integer('prize_id').references(() => schoolPrizes.id, { onDelete: 'set null' }),
    userPrizeId: integer('user_prize_id').references(() => userPrizes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('box_openings_user_idx').on(t.userId, t.boxId, t.id),
    index('box_openings_school_idx').on(t.schoolId, t.id),
    check('box_openings_outcome_check', sql`${t.outcome} in ('guaranteed', 'won', 'nothing')`),
  ],
);

/** A purchase of boxes: credited only by a verified payment webhook, once. */
export const boxPayments = pgTable(
  'box_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boxId: integer('box_id').references(() => schoolBoxes.id, { onDelete: 'set null' }),
    /** quantity + bonus_quantity at the time of purchase. */
    boxes: integer('boxes').notNull(),
    /** Minor units. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('BYN'),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('box_payments_school_user_idx').on(t.schoolId, t.userId, t.createdAt),
    check('box_payments_status_check', sql`${t.status} in ('pending', 'paid', 'declined')`),
    check('box_payments_amount_check', sql`${t.amount} > 0 and ${t.boxes} > 0`),
  ],
);
