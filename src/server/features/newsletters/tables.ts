// A school's email newsletter (spec §3 newsletter template; reference §1.2 NewsletterTemplate and
// SentNewsletter): templates mailed to the school's students some days after they joined, each at
// most once per student, and the students who asked for no more.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** A template: its name is the mail's subject, its text sanitised HTML; mailed only while public. */
export const newsletterTemplates = pgTable(
  'newsletter_templates',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    templateName: text('template_name').notNull(),
    /** Sanitised on every write (courses' sanitizeRichText). */
    text: text('text').notNull().default(''),
    /** Days after a student joined the school; 0: on joining (and at once for those already in). */
    delayDays: integer('delay_days').notNull().default(0),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('newsletter_templates_school_idx').on(t.schoolId, t.id),
    // The due check reads public templates only.
    index('newsletter_templates_public_idx').on(t.schoolId).where(sql`${t.isPublic}`),
    check('newsletter_templates_delay_check', sql`${t.delayDays} between 0 and 3650`),
  ],
);

/** A template mailed to a student: the unique pair makes sending idempotent across runs and processes. */
export const sentNewsletters = pgTable(
  'sent_newsletters',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => newsletterTemplates.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sent_newsletters_template_user_unique').on(t.templateId, t.userId), index('sent_newsletters_user_idx').on(t.userId)],
);

/** A student who followed a newsletter's unsubscribe link: no more newsletters of that school. */
export const newsletterUnsubscriptions = pgTable(
  'newsletter_unsubscriptions',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] }), index('newsletter_unsubscriptions_user_idx').on(t.userId)],
);
