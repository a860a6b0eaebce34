// What the chat routes and the websocket read: which chats a member sees, the chats and messages
// as the API gives them (/work/notes/chat-contract.md), and who may read or write a chat.
import { sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { forbidden, notFound } from '../../shared/errors.ts';
import type { MemberRole } from '../../shared/security/school-access.ts';
import { avatarUrl } from '../../shared/uploads/avatars.ts';
import { fileUrl } from '../courses/index.ts';

/** Who looks: a member of a school with their role there. */
export interface Viewer {
  userId: number;
  schoolId: number;
  role: MemberRole;
}

export const chatNotFound = () => notFound('Чат не найден.', 'CHAT_NOT_FOUND');

export const MessageSchema = Type.Object({
  id: Type.Integer(),
  chat_id: Type.String(),
  author: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), avatar: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  text: Type.String(),
  files: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), size: Type.Integer(), url: Type.String() })),
  created_at: Type.String(),
});
export type MessageView = Static<typeof MessageSchema>;

export const ChatSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: Type.Union([Type.Literal('personal'), Type.Literal('group'), Type.Literal('custom')]),
  name: Type.String(),
  group_id: Type.Union([Type.Integer(), Type.Null()]),
  members: Type.Integer(),
  last_message: Type.Union([MessageSchema, Type.Null()]),
  unread: Type.Integer(),
  updated_at: Type.String(),
});
export type ChatView = Static<typeof ChatSchema>;

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: SQL): Promise<Row[]> => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (value: unknown): number => Number(value ?? 0);
const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();

/** A person's name as chats show it: first and last name, or the e-mail. */
export const personName = (row: { first?: unknown; last?: unknown; email?: unknown }): string =>
  `${String(row.first ?? '')} ${String(row.last ?? '')}`.trim() || String(row.email ?? '');

/** A viewer in a statement: values, or the columns of a row of viewers. */
interface ViewerSql {
  userId: SQL;
  schoolId: SQL;
  admin: SQL;
}
const viewerSql = (viewer: Viewer): ViewerSql => ({ userId: sql`${viewer.userId}`, schoolId: sql`${viewer.schoolId}`, admin: sql`${viewer.role === 'Admin'}` });

/**
 * The chats the viewer sees, as (chat_id, follows): their personal and custom chats; the chats of
 * the groups they teach or study in; and, for an admin, every group chat of the school (read only;
 * followed, i.e. counted as unread, once the admin has read it). Two index walks: the viewer's
 * chat_members rows, and the group chats of their groups (or of the school).
 */
function visibleChats({ userId, schoolId, admin }: ViewerSql): SQL {
  return sql`
    select m.chat_id, true as follows
      from chat_members m join chats c on c.id = m.chat_id
     where m.user_id = ${userId} and c.school_id = ${schoolId} and c.type <> 'group'
    union all
    select c.id as chat_id, (mine.group_id is not null or exists (select 1 from chat_members r where r.chat_id = c.id and r.user_id = ${userId})) as follows
      from chats c
      left join (
        select g.id as group_id from students_groups g where g.teacher_id = ${userId} and g.school_id = ${schoolId}
        union
        select gm.group_id from students_group_members gm where gm.user_id = ${userId}
      ) mine on mine.group_id = c.group_id
     where c.school_id = ${schoolId} and c.type = 'group' and (mine.group_id is not null or ${admin})`;
}

/** Unread messages of chat `c` for the viewer with marker `m` (0 when not followed). */
const unreadOf = (userId: SQL) =>
  sql`case when v.follows then (select count(*) from chat_messages x where x.chat_id = c.id and x.id > coalesce(m.last_read_id, 0) and x.author_id is distinct from ${userId}) else 0 end`;

/** Creates the missing chats of the groups the viewer sees (a group's chat is made on its first list: groups are another feature's). */
export async function ensureGroupChats(db: Db, viewer: Viewer, now: Date): Promise<void> {
  const admin = viewer.role === 'Admin';
  // Its activity starts with the group's (not with this list), so an empty new chat does not come first.
  await db.execute(sql`
    insert into chats (school_id, type, group_id, created_at, updated_at)
    select g.school_id, 'group', g.id, ${now}, least(g.created_at, ${now}) from students_groups g
     where g.school_id = ${viewer.schoolId}
       and (${admin} or g.teacher_id = ${viewer.userId} or exists (select 1 from students_group_members gm where gm.group_id = g.id and gm.user_id = ${viewer.userId}))
       and not exists (select 1 from chats c where c.group_id = g.id)
    on conflict (group_id) do nothing`);
}

/** How many chats the viewer sees and their unread messages in all of them: one statement. */
export async function chatTotals(db: Db, viewer: Viewer): Promise<{ count: number; totalUnread: number }> {
  const who = viewerSql(viewer);
  const [row] = await rowsOf(
    db,
    sql`with v as (${visibleChats(who)})
        select count(*)::int as count, coalesce(sum(${unreadOf(who.userId)}), 0)::int as unread
          from v join chats c on c.id = v.chat_id
          left join chat_members m on m.chat_id = c.id and m.user_id = ${viewer.userId}`,
  );
  return { count: num(row?.count), totalUnread: num(row?.unread) };
}

/**
 * Each viewer's unread messages over all their chats of their school, in the order given: one
 * statement however many they are (a message to a group of 200 sent each member's total).
 */
export async function totalsUnread(db: Db, viewers: readonly Viewer[]): Promise<number[]> {
  if (viewers.length === 0) return [];
  const list = sql.join(
    viewers.map((viewer, index) => sql`(${index}::int, ${viewer.userId}::int, ${viewer.schoolId}::int, ${viewer.role === 'Admin'}::boolean)`),
    sql`, `,
  );
  const who: ViewerSql = { userId: sql`w.user_id`, schoolId: sql`w.school_id`, admin: sql`w.admin` };
  const rows = await rowsOf(
    db,
    sql`select w.i, (select coalesce(sum(${unreadOf(who.userId)}), 0)::int
                           from (${visibleChats(who)}) v join chats c on c.id = v.chat_id
                           left join chat_members m on m.chat_id = c.id and m.user_id = w.user_id) as unread
          from (values ${list}) as w(i, user_id, school_id, admin)`,
  );
  const totals = new Array<number>(viewers.length).fill(0);
  for (const row of rows) totals[num(row.i)] = num(row.unread);
  return totals;
}

/** The files of messages, by message id: one statement. */
async function messageFiles(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, ids: number[]): Promise<Map<number, MessageView['files']>> {
  const files = new Map<number, MessageView['files']>();
  if (ids.length === 0) return files;
  const rows = await rowsOf(
    ctx.db,
    sql`select f.message_id, cf.id, cf.name, cf.bytes from chat_message_files f join course_files cf on cf.id = f.file_id
         where f.message_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by f.message_id, cf.id`,
  );
  for (const row of rows) {
    const list = files.get(num(row.message_id)) ?? [];
    list.push({ id: num(row.id), name: String(row.name), size: num(row.bytes), url: fileUrl(ctx, { id: num(row.id), name: String(row.name) }) });
    files.set(num(row.message_id), list);
  }
  return files;
}

function messageView(ctx: Pick<AppContext, 'config'>, row: Row, files: Map<number, MessageView['files']>): MessageView {
  const id = num(row.id);
  return {
    id,
    chat_id: String(row.chat_id),
    author:
      row.author_id === null || row.author_id === undefined
        ? null
        : { id: num(row.author_id), name: personName({ first: row.first_name, last: row.last_name, email: row.email }), avatar: avatarUrl(ctx.config, (row.avatar as string | null) ?? null) },
    text: String(row.text),
    files: files.get(id) ?? [],
    created_at: iso(row.created_at),
  };
}

const MESSAGE_COLUMNS = sql`x.id, x.chat_id, x.text, x.created_at, x.author_id, a.first_name, a.last_name, a.email, a.avatar`;

/** Messages by id (any order given), as the API gives them. */
export async function messagesByIds(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, ids: number[]): Promise<MessageView[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf(
    ctx.db,
    sql`select ${MESSAGE_COLUMNS} from chat_messages x left join users a on a.id = x.author_id
         where x.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by x.id`,
  );
  const files = await messageFiles(ctx, rows.map((row) => num(row.id)));
  return rows.map((row) => messageView(ctx, row, files));
}

/**
 * A page of a chat's messages, ascending: the newest `limit` (or those before `before`), or the
 * oldest after `after` (catch-up); `has_more` says whether more lie beyond in that direction.
 */
export async function messagePage(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  chatId: string,
  range: { before?: number; after?: number; limit: number },
): Promise<{ results: MessageView[]; has_more: boolean }> {
  const forward = range.after !== undefined;
  const rows = await rowsOf(
    ctx.db,
    sql`select ${MESSAGE_COLUMNS} from chat_messages x left join users a on a.id = x.author_id
         where x.chat_id = ${chatId}
           ${range.before !== undefined ? sql`and x.id < ${range.before}` : sql``}
           ${range.after !== undefined ? sql`and x.id > ${range.after}` : sql``}
         order by x.id ${forward ? sql`asc` : sql`desc`} limit ${range.limit + 1}`,
  );
  const hasMore = rows.length > range.limit;
  const page = rows.slice(0, range.limit);
  if (!forward) page.reverse();
  const files = await messageFiles(ctx, page.map((row) => num(row.id)));
  return { results: page.map((row) => messageView(ctx, row, files)), has_more: hasMore };
}

/**
 * Chats as the viewer sees them, newest activity first: a page of the list, or one chat (`chatId`).
 * One statement for the chats (names, member counts, unread, last messages) and one for the last
 * messages' files, whatever the page's size.
 */
export async function chatViews(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  viewer: Viewer,
  select: { chatId: string } | { offset: number; limit: number },
): Promise<ChatView[]> {
  const rows = await rowsOf(
    ctx.db,
    sql`with v as (${visibleChats(viewerSql(viewer))})
        select c.id, c.type, c.name, c.group_id, c.updated_at, g.name as group_name,
               ${unreadOf(sql`${viewer.userId}`)}::int as unread,
               case when c.type = 'group'
                    then (select count(*) from students_group_members gm where gm.group_id = c.group_id) + (case when g.teacher_id is null then 0 else 1 end)
                    else (select count(*) from chat_members cm where cm.chat_id = c.id) end::int as members,
               other.first as other_first, other.last as other_last, other.email as other_email,
               lm.id as lm_id, lm.text as lm_text, lm.created_at as lm_created_at, lm.author_id as lm_author_id,
               la.first_name as lm_first, la.last_name as lm_last, la.email as lm_email, la.avatar as lm_avatar
          from v join chats c on c.id = v.chat_id
          left join chat_members m on m.chat_id = c.id and m.user_id = ${viewer.userId}
          left join students_groups g on g.id = c.group_id
          left join chat_messages lm on lm.id = c.last_message_id
          left join users la on la.id = lm.author_id
          left join lateral (
            select u.first_name as first, u.last_name as last, u.email from chat_members o join users u on u.id = o.user_id
             where o.chat_id = c.id and o.user_id <> ${viewer.userId} order by o.user_id limit 1
          ) other on c.type = 'personal'
         ${'chatId' in select ? sql`where c.id = ${select.chatId}` : sql``}
         order by c.updated_at desc, c.last_message_id desc nulls last, c.id desc
         ${'chatId' in select ? sql`` : sql`limit ${select.limit} offset ${select.offset}`}`,
  );
  const files = await messageFiles(ctx, rows.filter((row) => row.lm_id !== null).map((row) => num(row.lm_id)));
  return rows.map((row) => ({
    id: String(row.id),
    type: row.type as ChatView['type'],
    name:
      row.type === 'group'
        ? String(row.group_name ?? '')
        : row.type === 'personal'
          ? personName({ first: row.other_first, last: row.other_last, email: row.other_email })
          : String(row.name),
    group_id: row.group_id === null ? null : num(row.group_id),
    members: num(row.members),
    last_message:
      row.lm_id === null
        ? null
        : messageView(
            ctx,
            { id: row.lm_id, chat_id: row.id, text: row.lm_text, created_at: row.lm_created_at, author_id: row.lm_author_id, first_name: row.lm_first, last_name: row.lm_last, email: row.lm_email, avatar: row.lm_avatar },
            files,
          ),
    unread: num(row.unread),
    updated_at: iso(row.updated_at),
  }));
}

/** One chat as the viewer sees it, or CHAT_NOT_FOUND. */
export async function chatView(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, viewer: Viewer, chatId: string): Promise<ChatView> {
  const [chat] = await chatViews(ctx, viewer, { chatId });
  if (!chat) throw chatNotFound();
  return chat;
}

export interface ChatAccess {
  id: string;
  type: ChatView['type'];
  schoolId: number;
  lastMessageId: number;
  /** A chat_members row of the viewer (a personal or custom chat's member, or a group chat's reader). */
  member: boolean;
  canWrite: boolean;
}

/**
 * What the viewer may do in a chat of their school: read (members; a group's students and teacher
 * and the school's admins) and write (members; a group's students and teacher). A chat they may not
 * read is not found, whichever school it is in.
 */
export async function chatAccess(db: Db, viewer: Viewer, chatId: string, need: 'read' | 'write'): Promise<ChatAccess> {
  const [row] = await rowsOf(
    db,
    sql`select c.id, c.type, c.school_id, coalesce(c.last_message_id, 0) as last_message_id, m.user_id is not null as member,
               coalesce(g.teacher_id = ${viewer.userId}, false)
                 or exists (select 1 from students_group_members gm where gm.group_id = c.group_id and gm.user_id = ${viewer.userId}) as in_group
          from chats c
          left join chat_members m on m.chat_id = c.id and m.user_id = ${viewer.userId}
          left join students_groups g on g.id = c.group_id
         where c.id = ${chatId} and c.school_id = ${viewer.schoolId}`,
  );
  if (!row) throw chatNotFound();
  const type = row.type as ChatView['type'];
  const member = row.member === true;
  const canWrite = type === 'group' ? row.in_group === true : member;
  const canRead = canWrite || (type === 'group' && viewer.role === 'Admin');
  if (!canRead) throw chatNotFound();
  if (need === 'write' && !canWrite) throw forbidden('Писать в этот чат могут только его участники.', 'CHAT_READ_ONLY');
  return { id: String(row.id), type, schoolId: num(row.school_id), lastMessageId: num(row.last_message_id), member, canWrite };
}

/**
 * Who receives a chat's live frames, and whether they follow it (its unread count them): a personal or
 * custom chat's members; a group's students and teacher, and the school's admins (following once read).
 * Only members of the chat's school, read at each delivery: someone who left the school keeps their
 * chat and group rows, but gets nothing more (on a socket already open, or in Telegram).
 */
export async function chatRecipients(db: Db, chatId: string): Promise<{ schoolId: number; users: Map<number, { follows: boolean }> } | null> {
  const rows = await rowsOf(
    db,
    sql`select c.school_id, r.user_id, bool_or(r.follows) as follows from chats c
        cross join lateral (
          select cm.user_id, true as follows from chat_members cm where c.type <> 'group' and cm.chat_id = c.id
          union all select gm.user_id, true from students_group_members gm where c.type = 'group' and gm.group_id = c.group_id
          union all select g.teacher_id, true from students_groups g where c.type = 'group' and g.id = c.group_id and g.teacher_id is not null
          union all select sm.user_id, exists (select 1 from chat_members r where r.chat_id = c.id and r.user_id = sm.user_id)
            from school_members sm where c.type = 'group' and sm.school_id = c.school_id and sm.role = 'Admin'
        ) r
        join school_members member on member.school_id = c.school_id and member.user_id = r.user_id
        where c.id = ${chatId}
        group by c.school_id, r.user_id`,
  );
  if (rows.length === 0) {
    const [chat] = await rowsOf(db, sql`select school_id from chats where id = ${chatId}`);
    return chat ? { schoolId: num(chat.school_id), users: new Map() } : null;
  }
  return { schoolId: num(rows[0]!.school_id), users: new Map(rows.map((row) => [num(row.user_id), { follows: row.follows === true }])) };
}
