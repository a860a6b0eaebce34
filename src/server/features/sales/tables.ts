// A school's own course sales (issue 14): its payment provider accounts, the orders of its course
// buyers (one per payment link) and every webhook about them.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';
import { courses } from '../courses/tables.ts';
import { studentsGroups } from '../groups/tables.ts';
import { schoolPromoCodes } from '../school-promo/tables.ts';

/**
 * A school's account at a payment provider. The provider's secret key is kept only encrypted
 * (secret-box.ts, bound to the school) and never leaves the server; `secret_hint` is its last
 * four characters, for the admin to recognise it.
 */
export const schoolPaymentMethods = pgTable(
  'school_payment_methods',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** 'prodamus', or 'sandbox' (the local test page; demo mode only). */
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    /** The shop or account id at the provider. */
    accountNo: text('account_no').notNull().default(''),
    /** AES-256-GCM sealed secret key; '' when none (sandbox). */
    secretSealed: text('secret_sealed').notNull().default(''),
    secretHint: text('secret_hint').notNull().default(''),
    /** The provider's payment form (Prodamus: https://shop.payform.ru/). */
    paymentUrl: text('payment_url').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('school_payment_methods_school_idx').on(t.schoolId, t.id), check('school_payment_methods_provider_check', sql`${t.provider} in ('prodamus', 'sandbox')`)],
);

/**
 * One attempt to buy a course: the server prices it (the course's price, less a school promo code),
 * the buyer pays through the school's payment method, and a verified webhook settles it once.
 */
export const courseOrders = pgTable(
  'course_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** The course's name when ordered: the order outlives a deleted course. */
    courseName: text('course_name').notNull(),
    /** The payment method the link was made with; only its webhooks settle the order. */
    paymentMethodId: integer('payment_method_id').references(() => schoolPaymentMethods.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    /** The group the buyer joins (chosen in an admin's link); null: the course's sales group. */
    groupId: integer('group_id').references(() => studentsGroups.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    promoId: integer('promo_id').references(() => schoolPromoCodes.id, { onDelete: 'set null' }),
    /**
     * While the order is pending and this is ahead, it holds one use of its promo code: a code's
     * limit counts paid uses and these holds (order-create.ts, apply-order-payment.ts).
     */
    promoHeldUntil: timestamp('promo_held_until', { withTimezone: true }),
    /** Minor units of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    /** After payment: 'granted' (joined the group), 'invited' (an invitation carries the group), 'staff', 'failed'. */
    access: text('access'),
    /** The buyer's account once known. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('course_orders_school_time_idx').on(t.schoolId, t.createdAt, t.id),
    // A promo code's live holds, counted under the code's row lock.
    index('course_orders_promo_hold_idx').on(t.promoId, t.promoHeldUntil).where(sql`${t.status} = 'pending'`),
    check('course_orders_status_check', sql`${t.status} in ('pending', 'paid', 'declined')`),
    check('course_orders_provider_check', sql`${t.provider} in ('prodamus', 'sandbox')`),
    check('course_orders_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** Every webhook about a course order and what it did, forged ones included; detail never holds secrets. */
export const courseOrderEvents = pgTable(
  'course_order_events',
  {
    id: serial('id').primaryKey(),
    /** No foreign key: forged and unknown webhooks name orders that do not exist. */
    orderId: uuid('order_id'),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_order_events_order_idx').on(t.orderId),
    check('course_order_events_kind_check', sql`${t.kind} in ('paid', 'declined', 'replayed', 'forged', 'wrong_amount', 'unknown_payment')`),
  ],
);
