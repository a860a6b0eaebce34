// Chats of a school (issue 15; reference §1.10, §4.15; /work/notes/chat-contract.md): personal
// chats (a teacher or admin and a student), one chat per students group, and custom chats.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { courseFiles } from '../courses/tables.ts';
import { studentsGroups } from '../groups/tables.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { createdAt, updatedAt } from '../../shared/db/columns.ts';

/**
 * A chat. A group chat's members are its group's students and teacher, read from the group itself
 * (its chat_members rows only keep read markers); a personal or custom chat's members are its
 * chat_members rows. `updated_at` is the last activity (the last message, or the creation): the
 * list's order. `personal_key` ("low:high" user ids) makes a personal chat unique per pair.
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** A custom chat's name; '' for the others (their name is derived for the viewer). */
    name: text('name').notNull().default(''),
    groupId: integer('group_id').references(() => studentsGroups.id, { onDelete: 'cascade' }),
    personalKey: text('personal_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chats_group_uq').on(t.groupId),
    uniqueIndex('chats_personal_uq').on(t.schoolId, t.personalKey),
    // A school's group chats (an admin's list), newest activity first.
    index('chats_school_activity_idx').on(t.schoolId, t.type, t.updatedAt.desc(), t.id),
    check('chats_type_check', sql`${t.type} in ('personal', 'group', 'custom')`),
    check('chats_group_check', sql`(${t.type} = 'group') = (${t.groupId} is not null)`),
    check('chats_personal_check', sql`(${t.type} = 'personal') = (${t.personalKey} is not null)`),
  ],
);

/** A member of a chat (personal, custom), or a group chat's reader keeping a read marker. */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The last message the member has read (0: none). */
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    /** 'owner' (created the chat) or 'member'. */
    role: text('role').notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    // A user's chats (the list).
    index('chat_members_user_idx').on(t.userId, t.chatId),
    check('chat_members_role_check', sql`${t.role} in ('owner', 'member')`),
  ],
);

/** A message: plain text (it may be empty when files come with it). Ids grow, so they order a chat. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_chat_idx').on(t.chatId, t.id), index('chat_messages_author_idx').on(t.authorId)],
);

/** Files sent with a message (uploaded first through the school's files). A file goes with one message. */
export const chatMessageFiles = pgTable(
  'chat_message_files',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => courseFiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.fileId] }), uniqueIndex('chat_message_files_file_uq').on(t.fileId)],
);

/**
 * A file uploaded for a chat message (chat-file-routes.ts), until retention has looked at it
 * (prune-chat-uploads.ts): a day later a file sent with a message only loses this row, a file never
 * sent is deleted with its stored object. Chat uploads are school files (no course) like logos and
 * icons, so only this row tells them apart.
 */
export const chatUploads = pgTable(
  'chat_uploads',
  {
    fileId: integer('file_id')
      .primaryKey()
      .references(() => courseFiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('chat_uploads_created_idx').on(t.createdAt, t.fileId)],
);
