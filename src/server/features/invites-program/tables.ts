// The school's invites programme (reference §4.2, spec invites_program): one per school.
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { studentsGroups } from '../groups/tables.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** The programme: a link students share, shown to the students of its groups while active. */
export const invitesPrograms = pgTable('invites_programs', {
  id: serial('id').primaryKey(),
  // One per school (the reference lacked the constraint: §5.2, 13).
  schoolId: integer('school_id')
    .notNull()
    .unique('invites_programs_school_uq')
    .references(() => schools.id, { onDelete: 'cascade' }),
  isActive: boolean('is_active').notNull().default(false),
  /** '' : none yet (then the programme cannot be active). */
  link: text('link').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The groups whose students see the programme. */
export const invitesProgramGroups = pgTable(
  'invites_program_groups',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => invitesPrograms.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => studentsGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.programId, t.groupId] }), index('invites_program_groups_group_idx').on(t.groupId)],
);
