// A school's own settings and its members' labels.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { courseFiles } from '../courses/tables.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** Extra role labels shown next to a member (school-new-roles); they grant nothing. */
export const schoolExtraRoles = pgTable(
  'school_extra_roles',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleName: text('role_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('school_extra_roles_unique').on(t.schoolId, t.userId, t.roleName)],
);

export const userPseudonyms = pgTable(
  'user_pseudonyms',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    pseudonym: text('pseudonym').notNull(),
  },
  (t) => [uniqueIndex('user_pseudonyms_unique').on(t.schoolId, t.userId)],
);

export const schoolHeaders = pgTable('school_headers', {
  id: serial('id').primaryKey(),
  schoolId: integer('school_id').notNull().unique().references(() => schools.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  logoSchool: text('logo_school'),
  photoBackground: text('photo_background'),
  logoHeader: text('logo_header'),
  favicon: text('favicon'),
  /** The header's logo and background: pictures of the school (course_files, kind picture, no course). */
  logoFileId: integer('logo_file_id').references(() => courseFiles.id, { onDelete: 'set null' }),
  backgroundFileId: integer('background_file_id').references(() => courseFiles.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * The school's branding (reference SchoolBranding): its colours and logo in the app and the widgets
 * (settings «Оформление»), and its legal details (settings «Паспорт»). One row per school, made on
 * the first save; blank texts and null colours mean "not set" (the platform's defaults).
 */
export const schoolBranding = pgTable('school_branding', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  /** #rrggbb or null. */
  accentColor: text('accent_color'),
  accentTextColor: text('accent_text_color'),
  logoFileId: integer('logo_file_id').references(() => courseFiles.id, { onDelete: 'set null' }),
  fullOrganizationName: text('full_organization_name').notNull().default(''),
  /** УНП (Belarus) or ИНН (Russia): digits only. */
  taxId: text('tax_id').notNull().default(''),
  address: text('address').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  updatedAt: updatedAt(),
});

/** school_document: a staff member's stamp and signature pictures in a school; certificates show them. */
export const schoolDocuments = pgTable(
  'school_documents',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stampFileId: integer('stamp_file_id').references(() => courseFiles.id, { onDelete: 'set null' }),
    signatureFileId: integer('signature_file_id').references(() => courseFiles.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('school_documents_unique').on(t.schoolId, t.userId)],
);

/**
 * A school's own domain (one per school). Names are stored in lower case (punycode). Only a
 * verified name is unique: a school that merely typed someone else's domain cannot block its real
 * owner, who proves it with the token (DNS TXT or a file) and then holds it alone.
 */
export const schoolDomains = pgTable(
  'school_domains',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().unique().references(() => schools.id, { onDelete: 'cascade' }),
    domainName: text('domain_name').notNull(),
    verified: boolean('verified').notNull().default(false),
    /** What the school publishes to prove the domain is its own; random, made by the server. */
    verificationToken: text('verification_token').notNull().default(sql`md5(random()::text || clock_timestamp()::text)`),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
    /** Why the last check failed (Russian, shown to the admin); null after a success. */
    lastCheckError: text('last_check_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('school_domains_verified_name').on(t.domainName).where(sql`${t.verified}`),
    index('school_domains_name').on(t.domainName),
  ],
);
