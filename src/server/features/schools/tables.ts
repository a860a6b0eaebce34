// A school's own settings and its members' labels.
import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
  updatedAt: updatedAt(),
});

export const schoolDomains = pgTable('school_domains', {
  id: serial('id').primaryKey(),
  schoolId: integer('school_id').notNull().unique().references(() => schools.id, { onDelete: 'cascade' }),
  domainName: text('domain_name').notNull().unique(),
  verified: boolean('verified').notNull().default(false),
  createdAt: createdAt(),
});
