import { and, count, eq, inArray } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { fieldError } from '../../shared/errors.ts';
import { httpLink } from '../../shared/http/http-link.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { studentsGroups } from '../groups/index.ts';
import { defineMeetingReminders, scheduleMeetingReminders } from './meeting-reminders.ts';
import { meetingNotFound, MeetingSchema, meetingView, meetingViews, visibleMeetings, whenFilter } from './meeting-views.ts';
import { meetingGroups, schoolMeetings } from './tables.ts';

export const MEETING_GROUPS_NOT_IN_SCHOOL = 'Не все указанные группы относятся к вашей школе';
const STARTS_AT_MESSAGE = 'Укажите дату и время начала в формате ISO 8601, например 2026-12-01T18:00:00Z.';

const MeetingFields = {
  title: Text({ minLength: 1, maxLength: 500 }),
  starts_at: Text({ minLength: 1, maxLength: 40, description: 'ISO 8601: дата и время начала (без смещения — UTC)' }),
  duration_minutes: Type.Integer({ minimum: 1, maximum: 1440, description: 'Продолжительность в минутах; по умолчанию 60' }),
  link: Text({ minLength: 1, maxLength: 2000, description: 'Ссылка для подключения, http(s)' }),
  description: Text({ maxLength: 5000 }),
  student_groups: Type.Array(Id, { maxItems: 1000, description: 'Группы школы, ученики и преподаватели которых приглашены' }),
};
const CreateBody = Type.Object({
  ...Type.Partial(Type.Object(MeetingFields)).properties,
  title: MeetingFields.title,
  starts_at: MeetingFields.starts_at,
  link: MeetingFields.link,
});
const PatchBody = Type.Partial(Type.Object(MeetingFields));
type MeetingInput = Static<typeof PatchBody>;

const MeetingParams = Type.Object({ school: SchoolName, id: Id });

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** An ISO 8601 date-time (UTC when it names no offset), or a field error. */
export function startsAt(value: string): Date {
  const text = value.trim();
  const match = DATE_TIME.exec(text);
  const invalid = () => fieldError('starts_at', STARTS_AT_MESSAGE);
  if (!match) throw invalid();
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) throw invalid();
  const at = new Date(match[7] ? text : `${text}Z`);
  if (Number.isNaN(at.getTime()) || year < 2000 || year > 9999) throw invalid();
  return at;
}

/** The ids without repeats, each a group of the school, or a field error. */
async function schoolGroups(db: Db, schoolId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const rows = await db
    .select({ id: studentsGroups.id })
    .from(studentsGroups)
    .where(and(eq(studentsGroups.schoolId, schoolId), inArray(studentsGroups.id, unique)));
  if (rows.length !== unique.length) throw fieldError('student_groups', MEETING_GROUPS_NOT_IN_SCHOOL, 'GROUPS_NOT_IN_SCHOOL');
  return unique;
}

/** The columns a body sets (ends_at follows from the start and duration), checked before any write. */
async function meetingChanges(db: Db, schoolId: number, body: MeetingInput) {
  const changes: Partial<typeof schoolMeetings.$inferInsert> = {};
  if (body.title !== undefined) {
    const title = body.title.trim();
    if (!title) throw fieldError('title', 'Укажите название встречи.');
    changes.title = title;
  }
  if (body.starts_at !== undefined) changes.startsAt = startsAt(body.starts_at);
  if (body.duration_minutes !== undefined) changes.durationMinutes = body.duration_minutes;
  if (body.link !== undefined) changes.link = httpLink('link', body.link);
  if (body.description !== undefined) changes.description = body.description.trim();
  const groups = body.student_groups === undefined ? undefined : await schoolGroups(db, schoolId, body.student_groups);
  return { changes, groups };
}

const endOf = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

/**
 * School meetings (spec §2 `meetings`, §7 `school_meetings/`; reference §1.2, §4.14): the admin
 * lists, creates, changes and deletes them; a teacher reads those of the groups they teach and a
 * student those of their groups. The list gives upcoming meetings (not ended yet) soonest first,
 * or with `?past=1` the ended ones, latest first; `count/` gives the upcoming number (the client
 * state's meeting count). A meeting created or moved queues its reminders (meeting-reminders.ts).
 */
export async function meetingRoutes(app: App): Promise<void> {
  const { ctx } = app;
  defineMeetingReminders(ctx, (error) => app.log.error({ err: error }, 'meeting reminder listener failed'));

  /** Reminders after the answer's write: a failure to queue them is logged, the meeting stays. */
  async function remind(meeting: { id: number; startsAt: Date }) {
    try {
      await scheduleMeetingReminders(ctx, meeting);
    } catch (error) {
      app.log.error({ err: error, meeting: meeting.id }, 'meeting reminders not queued');
    }
  }

  app.get(
    '/:school/school_meetings/',
    {
      schema: {
        tags: ['meetings'],
        summary: 'Встречи: все встречи школы (администратор), встречи своих групп (преподаватель, ученик); предстоящие, с past=1 — прошедшие',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({
          ...PageQuery,
          past: Type.Optional(
            Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')], {
              description: '1 или true: прошедшие встречи (последние сначала); иначе предстоящие (ближайшие сначала)',
            }),
          ),
        }),
        response: { 200: Page(MeetingSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const viewer = { role, userId: request.auth!.userId };
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const past = request.query.past === '1' || request.query.past === 'true';
      // By the (school, starts_at, id) index: a count, then the page with its groups.
      const where = and(visibleMeetings(ctx.db, school.id, viewer), whenFilter(past, ctx.now()))!;
      const [total] = await ctx.db.select({ n: count() }).from(schoolMeetings).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      return pageEnvelope(request, await meetingViews(ctx.db, where, viewer, { past, page: slice }), countAll, page, size);
    },
  );

  app.get(
    '/:school/school_meetings/count/',
    {
      schema: {
        tags: ['meetings'],
        summary: 'Число предстоящих встреч, которые видит пользователь (счётчик встреч в меню)',
        params: Type.Object({ school: SchoolName }),
        response: { 200: Type.Object({ upcoming: Type.Integer() }), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const where = and(visibleMeetings(ctx.db, school.id, { role, userId: request.auth!.userId }), whenFilter(false, ctx.now()))!;
      const [total] = await ctx.db.select({ n: count() }).from(schoolMeetings).where(where);
      return { upcoming: total?.n ?? 0 };
    },
  );

  app.post(
    '/:school/school_meetings/',
    {
      schema: {
        tags: ['meetings'],
        summary: 'Создать встречу: название, начало, продолжительность, ссылка, описание, группы (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: CreateBody,
        response: { 201: MeetingSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { changes, groups } = await meetingChanges(ctx.db, school.id, request.body);
      const now = ctx.now();
      const start = changes.startsAt!;
      const duration = changes.durationMinutes ?? 60;
      const id = await ctx.db.transaction(async (tx) => {
        const [meeting] = await tx
          .insert(schoolMeetings)
          .values({
            ...changes,
            title: changes.title!,
            link: changes.link!,
            startsAt: start,
            durationMinutes: duration,
            endsAt: endOf(start, duration),
            schoolId: school.id,
            createdBy: request.auth!.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: schoolMeetings.id });
        if (groups?.length) await tx.insert(meetingGroups).values(groups.map((groupId) => ({ meetingId: meeting!.id, groupId })));
        return meeting!.id;
      });
      await remind({ id, startsAt: start });
      return reply.code(201).send(await meetingView(ctx.db, school.id, id, { role: 'Admin', userId: request.auth!.userId }));
    },
  );

  app.get(
    '/:school/school_meetings/:id/',
    {
      schema: {
        tags: ['meetings'],
        summary: 'Встреча (администратор; преподаватель или ученик её группы)',
        params: MeetingParams,
        response: { 200: MeetingSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      return meetingView(ctx.db, school.id, request.params.id, { role, userId: request.auth!.userId });
    },
  );

  app.patch(
    '/:school/school_meetings/:id/',
    {
      schema: {
        tags: ['meetings'],
        summary: 'Изменить встречу; student_groups заменяет список групп; новое время — новые напоминания (администратор)',
        params: MeetingParams,
        body: PatchBody,
        response: { 200: MeetingSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { changes, groups } = await meetingChanges(ctx.db, school.id, request.body);
      const moved = await ctx.db.transaction(async (tx) => {
        // Locks the row: two changes of the time or the groups apply one after the other.
        const [current] = await tx
          .select({ startsAt: schoolMeetings.startsAt, durationMinutes: schoolMeetings.durationMinutes })
          .from(schoolMeetings)
          .where(and(eq(schoolMeetings.id, request.params.id), eq(schoolMeetings.schoolId, school.id)))
          .for('update');
        if (!current) throw meetingNotFound();
        const start = changes.startsAt ?? current.startsAt;
        const duration = changes.durationMinutes ?? current.durationMinutes;
        await tx
          .update(schoolMeetings)
          .set({ ...changes, endsAt: endOf(start, duration), updatedAt: ctx.now() })
          .where(eq(schoolMeetings.id, request.params.id));
        if (groups) {
          await tx.delete(meetingGroups).where(eq(meetingGroups.meetingId, request.params.id));
          if (groups.length) await tx.insert(meetingGroups).values(groups.map((groupId) => ({ meetingId: request.params.id, groupId })));
        }
        return start.getTime() !== current.startsAt.getTime() ? start : null;
      });
      if (moved) await remind({ id: request.params.id, startsAt: moved });
      return meetingView(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId });
    },
  );

  app.delete(
    '/:school/school_meetings/:id/',
    {
      schema: {
        tags: ['meetings'],
        summary: 'Удалить встречу; её напоминания не отправятся (администратор)',
        params: MeetingParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const deleted = await ctx.db
        .delete(schoolMeetings)
        .where(and(eq(schoolMeetings.id, request.params.id), eq(schoolMeetings.schoolId, school.id)))
        .returning({ id: schoolMeetings.id });
      if (deleted.length === 0) throw meetingNotFound();
      return reply.code(204).send(null);
    },
  );
}
