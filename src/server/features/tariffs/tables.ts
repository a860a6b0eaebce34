// Paid plans: promo codes, the payments a school's admin starts, and every webhook outcome.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { schools, tariffs, users } from '../../shared/db/core-tables.ts';
import { createdAt } from '../../shared/db/columns.ts';

/** A platform promo code: a percentage off, or a fixed sum off (minor units of `currency`). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Matched case-insensitively, as typed (trimmed). */
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    /** Percent 1–100, or minor units for 'fixed'. */
    value: integer('value').notNull(),
    currency: text('currency').notNull().default('BYN'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Null: unlimited. */
    maxUses: integer('max_uses'),
    /** Paid payments that were given the code's discount; never more than max_uses (promo-hold.ts). */
    uses: integer('uses').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(sql`lower(${t.code})`),
    check('promo_codes_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check('promo_codes_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('promo_codes_uses_check', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.maxUses} >= 0)`),
  ],
);

/** One attempt to buy a plan; the amount is computed by the server (features/tariffs/pricing.ts). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    tariffId: integer('tariff_id').notNull().references(() => tariffs.id),
    /** Months this payment activates. */
    months: integer('months').notNull(),
    /** The period the admin chose; for 'monthly' only the first month is charged now. */
    paysCount: integer('pays_count').notNull(),
    subscriptionType: text('subscription_type').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    /**
     * While the payment is pending and this is ahead, it holds one use of its promo code: a code's
     * limit counts paid uses and these holds (promo-hold.ts).
     */
    promoHeldUntil: timestamp('promo_held_until', { withTimezone: true }),
    /** Minor units. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('BYN'),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('pending'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_school_time_idx').on(t.schoolId, t.createdAt, t.id),
    // A promo code's live holds, counted under the code's row lock.
    index('payments_promo_hold_idx').on(t.promoCodeId, t.promoHeldUntil).where(sql`${t.status} = 'pending'`),
    check('payments_subscription_type_check', sql`${t.subscriptionType} in ('monthly', 'upfront')`),
    check('payments_provider_check', sql`${t.provider} in ('sandbox', 'prodamus')`),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'declined')`),
    check('payments_amount_check', sql`${t.amount} >= 0 and ${t.months} > 0 and ${t.paysCount} > 0`),
  ],
);

/**
 * Every payment webhook and what it did, forged ones included. payment_id has no foreign key: a
 * forged or unknown webhook names payments that do not exist. detail never holds secrets.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: uuid('payment_id'),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId),
    check('payment_events_kind_check', sql`${t.kind} in ('paid', 'declined', 'replayed', 'forged', 'wrong_amount', 'unknown_payment')`),
  ],
);
