// The database schema (Drizzle, PostgreSQL). Migrations in ./migrations are generated from this
// file by `npm run db:generate` and committed; the server applies them on start.
import { sql } from 'drizzle-orm';
import {
  boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    offerUrl: text('offer_url').notNull().default(''),
    testCourse: boolean('test_course').notNull().default(false),
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

/** Single-use emailed tokens: password reset, first password of an added user, email codes. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address an email-change or confirmation code is bound to. */
    email: text('email'),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
    index('one_time_tokens_expires_idx').on(t.expiresAt),
    uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash),
    check('one_time_tokens_purpose_check', sql`${t.purpose} in ('password_reset', 'set_password', 'email_change', 'email_confirm')`),
  ],
);

/** Wrong answers to one emailed code from one address: a stranger cannot use up the owner's tries. */
export const codeAttempts = pgTable(
  'code_attempts',
  {
    tokenId: integer('token_id').notNull().references(() => oneTimeTokens.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    attempts: smallint('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.ip] })],
);

/**
 * Consecutive failed sign-ins per login (SHA-256 of the normalised email or phone, so typed
 * garbage is not kept), whether or not such an account exists.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    loginHash: text('login_hash').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index('login_throttles_updated_idx').on(t.updatedAt)],
);

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
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/** Every authenticated API request (never tokens, passwords or bodies). */
export const accessLogs = pgTable(
  'access_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip').notNull(),
    event: text('event'),
    createdAt: createdAt(),
  },
  (t) => [index('access_logs_school_time_idx').on(t.schoolId, t.createdAt, t.id), index('access_logs_user_idx').on(t.userId), index('access_logs_created_idx').on(t.createdAt)],
);

// Course content (the course issues extend these; the demo school needs them now).
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

// Public widgets: catalogue appeals, course landings and autowebinars. Certificates have no table:
// the link itself carries the encrypted ids (services/certificate-links.ts).

/** A students group: one course, taught by one teacher, to its students (the learning issue adds its settings). */
export const studentsGroups = pgTable(
  'students_groups',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  // The school's groups and a teacher's groups, each in id order (the lists' order).
  (t) => [index('students_groups_school_idx').on(t.schoolId, t.id), index('students_groups_teacher_idx').on(t.teacherId, t.schoolId, t.id)],
);

export const studentsGroupMembers = pgTable(
  'students_group_members',
  {
    groupId: integer('group_id').notNull().references(() => studentsGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('students_group_members_user_idx').on(t.userId)],
);

/** A visitor's request about a catalogue course, read by the school's admins. */
export const courseAppeals = pgTable(
  'course_appeals',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    message: text('message').notNull().default(''),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('course_appeals_school_time_idx').on(t.schoolId, t.createdAt, t.id), check('course_appeals_contact_check', sql`${t.email} is not null or ${t.phone} is not null`)],
);

/** The blocks a school customised on a course's landing (a partial core Landing); one per course. */
export const courseLandings = pgTable('course_landings', {
  courseId: integer('course_id').primaryKey().references(() => courses.id, { onDelete: 'cascade' }),
  blocks: jsonb('blocks').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  updatedAt: updatedAt(),
});

export interface ChatScriptLine {
  username: string;
  message: string;
  role: string;
  /** Milliseconds from the start of a show. */
  timeshift_ms: number;
}

/** A recorded webinar shown on a schedule: first show at starts_at, repeated every repeat_minutes. */
export const autowebinars = pgTable(
  'autowebinars',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    videoType: text('video_type').notNull().default('upload'),
    youtubeVideoId: text('youtube_video_id'),
    videoUrl: text('video_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null: a single show. */
    repeatMinutes: integer('repeat_minutes'),
    durationMinutes: integer('duration_minutes').notNull(),
    hasChat: boolean('has_chat').notNull().default(false),
    chatEnabled: boolean('chat_enabled').notNull().default(false),
    chatScript: jsonb('chat_script').$type<ChatScriptLine[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('autowebinars_slug_unique').on(t.slug),
    index('autowebinars_school_idx').on(t.schoolId),
    check('autowebinars_video_type_check', sql`${t.videoType} in ('upload', 'youtube')`),
    check('autowebinars_schedule_check', sql`${t.durationMinutes} > 0 and (${t.repeatMinutes} is null or ${t.repeatMinutes} > 0)`),
  ],
);

// Paid plans: promo codes, the payments a school's admin starts, and every webhook outcome.

/** A platform promo code: a percentage off, or a fixed sum off (minor units of `currency`). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Matched case-insensitively, as typed (trimmed). */
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    /** Percent 1–100, or minor units for 'fixed'. */
    value: integer('value').notNull(),
    currency: text('currency').notNull().default('BYN'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Null: unlimited. */
    maxUses: integer('max_uses'),
    /** Paid payments that used the code (may pass max_uses when payments raced; they are honoured). */
    uses: integer('uses').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(sql`lower(${t.code})`),
    check('promo_codes_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check('promo_codes_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('promo_codes_uses_check', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.maxUses} >= 0)`),
  ],
);

/** One attempt to buy a plan; the amount is computed by the server (services/pricing.ts). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: integer('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
    tariffId: integer('tariff_id').notNull().references(() => tariffs.id),
    /** Months this payment activates. */
    months: integer('months').notNull(),
    /** The period the admin chose; for 'monthly' only the first month is charged now. */
    paysCount: integer('pays_count').notNull(),
    subscriptionType: text('subscription_type').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    /** Minor units. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('BYN'),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('pending'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_school_time_idx').on(t.schoolId, t.createdAt, t.id),
    check('payments_subscription_type_check', sql`${t.subscriptionType} in ('monthly', 'upfront')`),
    check('payments_provider_check', sql`${t.provider} in ('sandbox', 'prodamus')`),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'declined')`),
    check('payments_amount_check', sql`${t.amount} >= 0 and ${t.months} > 0 and ${t.paysCount} > 0`),
  ],
);

/**
 * Every payment webhook and what it did, forged ones included. payment_id has no foreign key: a
 * forged or unknown webhook names payments that do not exist. detail never holds secrets.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: uuid('payment_id'),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId),
    check('payment_events_kind_check', sql`${t.kind} in ('paid', 'declined', 'replayed', 'forged', 'wrong_amount', 'unknown_payment')`),
  ],
);
