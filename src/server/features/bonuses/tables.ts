// Bonuses a school offers the students of some of its groups (reference §1.9, spec studentBonus).
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { courseFiles } from '../courses/tables.ts';
import { studentsGroups } from '../groups/tables.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** A bonus: a logo (a picture file of the school), a text and a link, shown while active and not expired. */
export const schoolBonuses = pgTable(
  'school_bonuses',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    logoFileId: integer('logo_file_id').references(() => courseFiles.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    link: text('link').notNull(),
    /** Null: no end. */
    expireDate: timestamp('expire_date', { withTimezone: true }),
    active: boolean('active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('school_bonuses_school_idx').on(t.schoolId, t.id)],
);

/** The groups whose students see a bonus. */
export const schoolBonusGroups = pgTable(
  'school_bonus_groups',
  {
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => schoolBonuses.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => studentsGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bonusId, t.groupId] }), index('school_bonus_groups_group_idx').on(t.groupId)],
);
