// Invitations into a school's staff or students.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { studentsGroups } from '../groups/tables.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt } from '../../shared/db/columns.ts';

/**
 * A person a school asked to join: an email and a role, nothing of the account behind the
 * address. The membership exists only once the person accepts (the link in the mail, or their
 * choose-school screen).
 */
export const schoolInvitations = pgTable(
  'school_invitations',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    /** Lower-cased, as the admin typed it. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** Names the admin typed: the defaults of an account created on acceptance. */
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    patronymic: text('patronymic').notNull().default(''),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('school_invitations_school_email_unique').on(t.schoolId, t.email),
    uniqueIndex('school_invitations_token_unique').on(t.tokenHash),
    index('school_invitations_email_idx').on(t.email),
    index('school_invitations_expires_idx').on(t.expiresAt),
    check('school_invitations_role_check', sql`${t.role} in ('Admin', 'Teacher', 'Student')`),
  ],
);

/** Groups a student invitation puts its person into on acceptance (access-distribution/ by email). */
export const schoolInvitationGroups = pgTable(
  'school_invitation_groups',
  {
    invitationId: integer('invitation_id')
      .notNull()
      .references(() => schoolInvitations.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => studentsGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.invitationId, t.groupId] }), index('school_invitation_groups_group_idx').on(t.groupId)],
);
