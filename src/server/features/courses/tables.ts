// Course content (the authoring issue extends these; the demo school needs them now).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { schools } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    format: text('format').notNull().default('ONLINE'),
    durationDays: integer('duration_days'),
    /** Price in minor units. */
    price: integer('price').notNull().default(0),
    published: boolean('published').notNull().default(false),
    isCatalog: boolean('is_catalog').notNull().default(false),
    photo: text('photo'),
    order: integer('order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_school_idx').on(t.schoolId),
    // The public catalogue: its filter and its order in one partial index.
    index('courses_catalog_order_idx').on(t.order, t.id.desc()).where(sql`${t.published} and ${t.isCatalog}`),
    // Catalogue search (ILIKE '%text%') by trigrams: pg_trgm, loaded on PGlite too.
    index('courses_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('courses_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
);

export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    order: integer('order').notNull(),
  },
  (t) => [index('sections_course_idx').on(t.courseId)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    order: integer('order').notNull(),
    active: boolean('active').notNull().default(true),
    description: text('description').notNull().default(''),
    settings: jsonb('settings').notNull().default({}),
  },
  (t) => [index('lessons_section_idx').on(t.sectionId), check('lessons_type_check', sql`${t.type} in ('lesson', 'test', 'homework', 'webinar')`)],
);
