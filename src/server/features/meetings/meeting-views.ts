import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Db } from '../../shared/db/database.ts';
import { notFound } from '../../shared/errors.ts';
import type { MemberRole } from '../../shared/security/school-access.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { meetingGroups, schoolMeetings } from './tables.ts';

/**
 * Who sees which meeting, and a meeting as the API gives it. An admin sees every meeting of the
 * school; a teacher those of the groups they teach; a student those of the groups they are in
 * (the original listed every school's meetings to anyone: reference §6 defect 9).
 */

export const meetingNotFound = () => notFound('Встреча не найдена.', 'MEETING_NOT_FOUND');

export const MeetingSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  starts_at: Type.String({ description: 'ISO 8601, UTC' }),
  ends_at: Type.String({ description: 'ISO 8601, UTC: starts_at + duration_minutes' }),
  duration_minutes: Type.Integer(),
  link: Type.String({ description: 'Ссылка для подключения' }),
  description: Type.String(),
  student_groups: Type.Optional(Type.Array(Type.Integer(), { description: 'Группы встречи (у преподавателя — его группы); ученику не передаются' })),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type MeetingView = Static<typeof MeetingSchema>;

export interface MeetingViewer {
  role: MemberRole;
  userId: number;
}

/** Which of the school's meetings the viewer may see. */
export function visibleMeetings(db: Db, schoolId: number, viewer: MeetingViewer): SQL {
  const ofSchool = eq(schoolMeetings.schoolId, schoolId);
  if (viewer.role === 'Admin') return ofSchool;
  const shown =
    viewer.role === 'Teacher'
      ? db
          .select({ id: meetingGroups.meetingId })
          .from(meetingGroups)
          .innerJoin(studentsGroups, eq(studentsGroups.id, meetingGroups.groupId))
          .where(eq(studentsGroups.teacherId, viewer.userId))
      : db
          .select({ id: meetingGroups.meetingId })
          .from(meetingGroups)
          .innerJoin(studentsGroupMembers, eq(studentsGroupMembers.groupId, meetingGroups.groupId))
          .where(eq(studentsGroupMembers.userId, viewer.userId));
  return and(ofSchool, inArray(schoolMeetings.id, shown))!;
}

/** Upcoming: not ended yet at `now`; past: ended. */
export const whenFilter = (past: boolean, now: Date): SQL => (past ? lte(schoolMeetings.endsAt, now) : gt(schoolMeetings.endsAt, now));

/**
 * The meetings matching `where` in one query (the groups a subquery run for the returned rows):
 * upcoming ones soonest first, past ones latest first. `page` reads a slice, or backwards from the
 * end (then put back in order).
 */
export async function meetingViews(db: Db, where: SQL, viewer: MeetingViewer, options: { past?: boolean; page?: { fromEnd: boolean; limit: number; offset: number } } = {}): Promise<MeetingView[]> {
  const { past = false, page } = options;
  const student = viewer.role === 'Student';
  const ownGroups =
    viewer.role === 'Teacher'
      ? sql` and ${meetingGroups.groupId} in (select ${studentsGroups.id} from ${studentsGroups} where ${studentsGroups.teacherId} = ${viewer.userId})`
      : sql``;
  // Forwards: upcoming ascending, past descending; read from the end, the other way round.
  const ascending = past === Boolean(page?.fromEnd);
  const order = ascending ? [asc(schoolMeetings.startsAt), asc(schoolMeetings.id)] : [desc(schoolMeetings.startsAt), desc(schoolMeetings.id)];
  const query = db
    .select({
      meeting: schoolMeetings,
      groups: student
        ? sql<null>`null`
        : sql<number[]>`array(select ${meetingGroups.groupId} from ${meetingGroups} where ${meetingGroups.meetingId} = ${schoolMeetings.id}${ownGroups} order by ${meetingGroups.groupId})`,
    })
    .from(schoolMeetings)
    .where(where)
    .orderBy(...order);
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (page?.fromEnd) rows.reverse();
  return rows.map(({ meeting, groups }) => ({
    id: meeting.id,
    title: meeting.title,
    starts_at: meeting.startsAt.toISOString(),
    ends_at: meeting.endsAt.toISOString(),
    duration_minutes: meeting.durationMinutes,
    link: meeting.link,
    description: meeting.description,
    ...(student ? {} : { student_groups: (groups ?? []).map(Number) }),
    created_at: meeting.createdAt.toISOString(),
    updated_at: meeting.updatedAt.toISOString(),
  }));
}

/** One meeting the viewer may see, or 404 (another school's, or not theirs, alike). */
export async function meetingView(db: Db, schoolId: number, id: number, viewer: MeetingViewer): Promise<MeetingView> {
  const [view] = await meetingViews(db, and(visibleMeetings(db, schoolId, viewer), eq(schoolMeetings.id, id))!, viewer);
  if (!view) throw meetingNotFound();
  return view;
}
