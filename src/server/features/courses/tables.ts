// Course content: folders, courses (with the recycle bin), modules, lessons of every type and
// their content blocks. Orders are 1..n per parent, kept by unique indexes and renumbered by the
// server in one transaction (ordering.ts).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, type AnyPgColumn, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** The cover uploaded on the banner tab (a picture of the course's files); `photo` is an outside link. */
    photoFileId: integer('photo_file_id').references((): AnyPgColumn => courseFiles.id, { onDelete: 'set null' }),
    /** A copy made by clone/: the course it was copied from (the copy owns its content). */
    copiedFromId: integer('copied_from_id').references((): AnyPgColumn => courses.id, { onDelete: 'set null' }),
    /** A copy the original's school took back (delete_course_access): closed to its school. */
    isAccess: boolean('is_access').notNull().default(true),
    order: integer('order').notNull().default(0),
    /** In the recycle bin since (restorable for 7 days, then purged by retention). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * Changes (triggers of migration 0013) whenever the course's modules or its lessons' outline
     * fields do: a process keeping the outline in memory (course-outline.ts) checks it against this.
     * Random, not a counter, so a version a rolled-back transaction saw never comes back.
     */
    outlineVersion: uuid('outline_version').notNull().defaultRandom(),
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
    // Whether a block shows an uploaded file (course_files), when a file is deleted or pruned.
    index('lesson_blocks_file_idx').using('btree', sql`(${t.content} ->> 'file_id')`),
    check('lesson_blocks_type_check', sql`${t.type} in ('description', 'video', 'picture', 'code', 'formula', 'buttons', 'files')`),
  ],
);

/**
 * A question of a test. Types: one answer, several answers, free text compared with the accepted
 * answers, a number in a range, putting answers in order, matching pairs. `settings` holds the
 * type's options (e.g. case sensitivity of free text, whole numbers only).
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id').notNull().references(() => lessons.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Rich text, sanitised on write. */
    body: text('body').notNull().default(''),
    picture: text('picture'),
    order: integer('order').notNull(),
    settings: jsonb('settings').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('questions_lesson_order_uq').on(t.lessonId, t.order),
    check('questions_type_check', sql`${t.type} in ('single', 'multiple', 'text', 'number', 'order', 'match')`),
  ],
);

/**
 * An answer of a question: a choice (is_correct), an accepted free-text answer, a number range
 * (from/to), an item in its right place (order) or one side of a pair (match_body: the other).
 */
export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    isCorrect: boolean('is_correct').notNull().default(false),
    picture: text('picture'),
    fromNumber: numeric('from_number'),
    toNumber: numeric('to_number'),
    matchBody: text('match_body'),
    order: integer('order').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('answers_question_order_uq').on(t.questionId, t.order)],
);

/** A comment under a lesson, or a reply to one; staff publish them (public) and reply. */
export const lessonComments = pgTable(
  'lesson_comments',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id').notNull().references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    replyTo: integer('reply_to'),
    content: text('content').notNull(),
    public: boolean('public').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ columns: [t.replyTo], foreignColumns: [t.id] }).onDelete('cascade'),
    // A lesson's comments page by page, newest first; and the replies of a page's comments.
    index('lesson_comments_lesson_idx').on(t.lessonId, t.createdAt, t.id),
    index('lesson_comments_reply_idx').on(t.replyTo),
  ],
);

/**
 * A file a school uploaded for its courses: a lesson's video or picture, an audio or text file, a
 * course cover. The bytes are in the storage (shared/storage) under `storage_key`. A file outlives
 * its course and lesson only until the retention job deletes it with its stored object, so
 * course_id and lesson_id have no cascading keys (a cascade would drop the row and leave the
 * object behind); a school's files must be deleted (objects first) before the school.
 */
export const courseFiles = pgTable(
  'course_files',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    /** null: a file of the school, not of one course. */
    courseId: integer('course_id'),
    lessonId: integer('lesson_id'),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The original file name, cleaned (shared/uploads/file-names.ts). */
    name: text('name').notNull(),
    /** The type sniffed from the content. */
    mime: text('mime').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('course_files_storage_key_uq').on(t.storageKey),
    // The school's total (its storage quota) and school-level lists.
    index('course_files_school_idx').on(t.schoolId, t.id),
    index('course_files_course_idx').on(t.courseId, t.id).where(sql`${t.courseId} is not null`),
    index('course_files_lesson_idx').on(t.lessonId, t.id).where(sql`${t.lessonId} is not null`),
    check('course_files_kind_check', sql`${t.kind} in ('video', 'picture', 'audio', 'text', 'cover')`),
    check('course_files_bytes_check', sql`${t.bytes} >= 0`),
  ],
);

/**
 * A resumable video upload in progress (video-uploads.ts), by its tus id: its declared size counts
 * toward the school's storage from its creation until it is finished (the file then counts), is
 * cancelled, or expires (a day after its creation; the hourly job drops it and its staged bytes).
 * An upload without a live row here is refused: the row is its permission to go on.
 */
export const videoUploads = pgTable(
  'video_uploads',
  {
    id: text('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    uploaderId: integer('uploader_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The school's bytes in progress (its storage quota), and the expired ones (the hourly job).
    index('video_uploads_school_idx').on(t.schoolId, t.expiresAt),
    index('video_uploads_expires_idx').on(t.expiresAt),
    check('video_uploads_bytes_check', sql`${t.bytes} > 0`),
  ],
);
