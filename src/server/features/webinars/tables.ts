// Autowebinars: a recorded webinar on a schedule with its scripted chat.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from '../../shared/db/core-tables.ts';
import { courseFiles } from '../courses/tables.ts';
import { createdAt } from '../../shared/db/columns.ts';

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
    /** The uploaded video (course_files, kind video): played by its signed link, before video_url. */
    videoFileId: integer('video_file_id').references(() => courseFiles.id, { onDelete: 'set null' }),
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
    // The admin's list by pages (school, id), and whether a video file is still shown (retention).
    index('autowebinars_school_id_idx').on(t.schoolId, t.id),
    index('autowebinars_video_file_idx').on(t.videoFileId).where(sql`${t.videoFileId} is not null`),
    check('autowebinars_video_type_check', sql`${t.videoType} in ('upload', 'youtube')`),
    check('autowebinars_schedule_check', sql`${t.durationMinutes} > 0 and (${t.repeatMinutes} is null or ${t.repeatMinutes} > 0)`),
  ],
);
