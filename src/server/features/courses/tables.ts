// Course content: folders, courses (with the recycle bin), modules, lessons of every type and
// their content blocks. Orders are 1..n per parent, kept by unique indexes and renumbered by the
// server in one transaction (ordering.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/** A school's folder of courses (the courses list groups by it). */
export const courseFolders = pgTable(
  'course_folders',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_folders_school_idx').on(t.schoolId, t.id)],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id').references(() => courseFolders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Rich text, sanitised on write. */
    description: text('description').notNull().default(''),
    format: text('format').notNull().default('ONLINE'),
    durationDays: integer('duration_days'),
    /** Price in minor units. */
    price: integer('price').notNull().default(0),
    published: boolean('published').notNull().default(false),
    isCatalog: boolean('is_catalog').notNull().default(false),
    /** Reachable by a direct link to its landing while not in the catalogue. */
    isDirect: boolean('is_direct').notNull().default(false),
    photo: text('photo'),
    order: integer('order').notNull().default(0),
    /** In the recycle bin since (restorable for 7 days, then purged by retention). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_school_idx').on(t.schoolId),
    // The admin's list (and its count) and the recycle bin, each by an index in its order.
    index('courses_school_list_idx').on(t.schoolId, t.order, t.id).where(sql`${t.removedAt} is null`),
    index('courses_school_bin_idx').on(t.schoolId, t.removedAt).where(sql`${t.removedAt} is not null`),
    // The public catalogue: its filter and its order in one partial index.
    index('courses_catalog_order_idx').on(t.order, t.id.desc()).where(sql`${t.published} and ${t.isCatalog}`),
    // Catalogue search (ILIKE '%text%') by trigrams: pg_trgm, loaded on PGlite too.
    index('courses_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('courses_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    check('courses_format_check', sql`${t.format} in ('ONLINE', 'OFFLINE')`),
    check('courses_price_check', sql`${t.price} >= 0`),
  ],
);

/** A module of a course. */
export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    order: integer('order').notNull(),
  },
  (t) => [index('sections_course_idx').on(t.courseId), uniqueIndex('sections_course_order_uq').on(t.courseId, t.order)],
);

/**
 * A lesson of any type in a module (the original's BaseLesson): its id is also the type-specific
 * id (lesson_id, test_id, homework_id). Test and homework options are in `settings`.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id').notNull().references(() => sections.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    order: integer('order').notNull(),
    active: boolean('active').notNull().default(true),
    points: integer('points').notNull().default(0),
    description: text('description').notNull().default(''),
    settings: jsonb('settings').notNull().default({}),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lessons_section_idx').on(t.sectionId),
    uniqueIndex('lessons_section_order_uq').on(t.sectionId, t.order),
    check('lessons_type_check', sql`${t.type} in ('lesson', 'test', 'homework', 'webinar')`),
  ],
);

/**
 * A content block of a lesson: its type and one kind of content. Rich text is stored sanitised;
 * code and formulas are stored with the HTML rendered on the server at save time.
 */
export const lessonBlocks = pgTable(
  'lesson_blocks',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id').notNull().references(() => lessons.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    order: integer('order').notNull(),
    content: jsonb('content').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lesson_blocks_lesson_order_uq').on(t.lessonId, t.order),
    check('lesson_blocks_type_check', sql`${t.type} in ('description', 'video', 'picture', 'code', 'formula', 'buttons', 'files')`),
  ],
);
