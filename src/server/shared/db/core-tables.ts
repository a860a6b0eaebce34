// The tables every feature joins: people, schools and their members, plans, sessions, uploads and
// the outbox. Each feature's own tables are in its folder (features/<area>/tables.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneNumber: text('phone_number'),
    username: text('username'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    patronymic: text('patronymic').notNull().default(''),
    /** argon2id; null until the user sets a password (accounts added by an admin). */
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    // Profile fields (spec: profile/): one profile per user, so they live on the user row.
    avatar: text('avatar'),
    city: text('city').notNull().default(''),
    sex: text('sex').notNull().default(''),
    description: text('description').notNull().default(''),
    dateJoined: createdAt(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phoneNumber),
    // Name and e-mail searches (ILIKE '%word%': the homework queue, the statistics tables) by
    // trigrams, so a word does not read every account.
    index('users_first_name_trgm_idx').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('users_last_name_trgm_idx').using('gin', sql`${t.lastName} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('users_sex_check', sql`${t.sex} in ('', 'М', 'Ж')`),
  ],
);

export const tariffs = pgTable('tariffs', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Monthly price in BYN, a decimal string as the API shows it. */
  price: text('price').notNull(),
  priceRfRub: integer('price_rf_rub'),
  numberOfCourses: integer('number_of_courses'),
  numberOfStaff: integer('number_of_staff'),
  studentsPerMonth: integer('students_per_month'),
  totalStudents: integer('total_students'),
  studentCountByMonth: integer('student_count_by_month'),
  discount12MonthsByn: text('discount_12_months_byn'),
});

export const schools = pgTable(
  'schools',
  {
    id: serial('id').primaryKey(),
    /** Unique URL-safe name, used in paths: /api/{school}/… and /school/{school}/. */
    name: text('name').notNull(),
    /** The title as the owner typed it. */
    title: text('title').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    tariffId: integer('tariff_id').references(() => tariffs.id),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true }),
    purchasedTariffEndDate: timestamp('purchased_tariff_end_date', { withTimezone: true }),
    usedTrial: boolean('used_trial').notNull().default(false),
    contactLink: text('contact_link'),
    /** ISO 4217 code of the school's prices (its courses); the app and widgets format with Intl. */
    currency: text('currency').notNull().default('BYN'),
    /** IANA name of the zone the school keeps time in: date-times in its mails and Telegram notices. */
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    offerUrl: text('offer_url').notNull().default(''),
    testCourse: boolean('test_course').notNull().default(false),
    /** The share of a lesson's video (whole percent, 50–100) a student watches for the lesson to count as completed. */
    videoWatchedPercent: integer('video_watched_percent').notNull().default(90),
    referralCode: uuid('referral_code').notNull().defaultRandom(),
    referredById: integer('referred_by_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Names are compared case-insensitively: /school/Romashka/ and /school/romashka/ are one school.
  (t) => [
    uniqueIndex('schools_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('schools_referral_code_unique').on(t.referralCode),
    check('schools_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('schools_video_watched_percent_check', sql`${t.videoWatchedPercent} between 50 and 100`),
  ],
);

/** One role per user per school (the original allowed duplicates). */
export const schoolMembers = pgTable(
  'school_members',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('school_members_school_user_unique').on(t.schoolId, t.userId),
    index('school_members_user_idx').on(t.userId),
    // The member list filtered by role, in user order (all_users/?role=…).
    index('school_members_school_role_user_idx').on(t.schoolId, t.role, t.userId),
    check('school_members_role_check', sql`${t.role} in ('Admin', 'Teacher', 'Student')`),
  ],
);

/**
 * Members per school and role, kept by a trigger on school_members (migration 0004): the member
 * list shows its total on every page, and counting 100,000 rows each time would cost a full scan.
 */
export const schoolMemberCounts = pgTable(
  'school_member_counts',
  {
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.role] })],
);

/**
 * A sign-in (a refresh-token family). Every access token names its session (`sid`), and the
 * server answers it only while the session is not revoked: logout, a password change or reset,
 * a replayed refresh token and the end of an impersonation end the session's access tokens at
 * once, not when they expire.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Set when an admin views the platform as this user ("view as"). */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A hard end no refresh extends (an impersonation's); null: refreshes slide it on. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_impersonator_idx').on(t.impersonatorId)],
);

/**
 * Refresh tokens: only a SHA-256 of the random token is stored. Each refresh spends the token and
 * issues a new one in the same family (session); presenting a spent token revokes the session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Bytes each user uploaded, for the per-user upload quota. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_time_idx').on(t.userId, t.createdAt)],
);

/** Emails waiting for SMTP, or kept for the local outbox page when no SMTP server is set. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
    /**
     * When the one-time link or code in the mail stops working (null: the mail has none). The
     * outbox page no longer shows the mail then, and retention deletes it.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt), index('outbox_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`)],
);

/**
 * Hits of fixed-window rate limits kept in the database (shared/security/rate-counter.ts), so a
 * limit holds across processes and instances. A row is dropped once its window is over.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_counters_expires_idx').on(t.expiresAt)],
);
