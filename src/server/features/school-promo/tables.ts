// A school's own sales settings: its promo codes for its courses and the seller details printed
// on the invoices of its course buyers. (The platform's plan promo codes are tariffs' promo_codes.)
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courses } from '../courses/tables.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** A school's promo code: a percentage off, or a fixed sum off (minor units of `currency`). */
export const schoolPromoCodes = pgTable(
  'school_promo_codes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** As typed (trimmed); matched case-insensitively within the school. */
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    /** Percent 1–100, or minor units for 'fixed'. */
    value: integer('value').notNull(),
    /** The school's currency when the discount was set: a fixed discount applies only to prices in it. */
    currency: text('currency').notNull().default('BYN'),
    /**
     * True: every course of the school. False: only the courses listed in school_promo_code_courses
     * (kept apart so a restricted code whose courses were all deleted applies to none, not to all).
     */
    allCourses: boolean('all_courses').notNull().default(true),
    /** Null: no end. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Null: unlimited. */
    maxUses: integer('max_uses'),
    /** Paid purchases that were given the code's discount; never more than max_uses (promo-apply.ts). */
    uses: integer('uses').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('school_promo_codes_code_unique').on(t.schoolId, sql`lower(${t.code})`),
    index('school_promo_codes_school_idx').on(t.schoolId, t.id),
    check('school_promo_codes_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check('school_promo_codes_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('school_promo_codes_uses_check', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.maxUses} >= 1)`),
    check('school_promo_codes_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** The courses a restricted promo code applies to. */
export const schoolPromoCodeCourses = pgTable(
  'school_promo_code_courses',
  {
    promoId: integer('promo_id')
      .notNull()
      .references(() => schoolPromoCodes.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promoId, t.courseId] }), index('school_promo_code_courses_course_idx').on(t.courseId)],
);

/** Seller details printed on the invoices of a school's course buyers; one of them is the default. */
export const schoolInvoiceSettings = pgTable(
  'school_invoice_settings',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    organizationName: text('organization_name').notNull(),
    /** УНП / ИНН. */
    taxId: text('tax_id').notNull().default(''),
    address: text('address').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    /** БИК / SWIFT. */
    bankCode: text('bank_code').notNull().default(''),
    /** Расчётный счёт (IBAN). */
    bankAccount: text('bank_account').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Printed at the invoice's foot. */
    footerText: text('footer_text').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('school_invoice_settings_school_idx').on(t.schoolId, t.id),
    // At most one default per school; the routes keep it at exactly one while any exist.
    uniqueIndex('school_invoice_settings_default_unique').on(t.schoolId).where(sql`${t.isDefault}`),
  ],
);
