import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Db } from '../../shared/db/database.ts';
import { users } from '../../shared/db/core-tables.ts';
import { courses } from '../courses/index.ts';
import { groupNotFound } from './group-access.ts';
import { GroupSettingsSchema, settingsOf } from './group-settings.ts';
import { studentsGroupMembers, studentsGroups } from './tables.ts';

/** A group as the API gives it (spec §7 Groups). */
export const GroupSchema = Type.Object({
  group_id: Type.Integer(),
  name: Type.String(),
  course_id: Type.Integer(),
  course_name: Type.String(),
  teacher_id: Type.Union([Type.Integer(), Type.Null()]),
  teacher_name: Type.Union([Type.String(), Type.Null()]),
  type: Type.String(),
  certificate: Type.Boolean(),
  training_duration: Type.Integer(),
  students_count: Type.Integer(),
  group_settings: GroupSettingsSchema,
});

/** A person's name as staff see it: first and last name, else the email. */
export const displayName = (first: string, last: string, email: string) => [first, last].filter(Boolean).join(' ') || email;

/**
 * Groups matching `where`, with their course, teacher and head count, in one query (the head count
 * is a subquery run for the rows returned only). `page` reads a slice in id order or backwards.
 */
export async function groupViews(db: Db, where: SQL | undefined, page?: { fromEnd: boolean; limit: number; offset: number }) {
  const query = db
    .select({
      group: studentsGroups,
      courseName: courses.name,
      teacherFirst: users.firstName,
      teacherLast: users.lastName,
      teacherEmail: users.email,
      students: sql<number>`(select count(*) from ${studentsGroupMembers} where ${studentsGroupMembers.groupId} = ${studentsGroups.id})::int`,
    })
    .from(studentsGroups)
    .innerJoin(courses, eq(courses.id, studentsGroups.courseId))
    .leftJoin(users, eq(users.id, studentsGroups.teacherId))
    .where(where)
    .orderBy(page?.fromEnd ? desc(studentsGroups.id) : asc(studentsGroups.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (page?.fromEnd) rows.reverse();
  return rows.map((row) => ({
    group_id: row.group.id,
    name: row.group.name,
    course_id: row.group.courseId,
    course_name: row.courseName,
    teacher_id: row.group.teacherId,
    teacher_name: row.teacherEmail === null ? null : displayName(row.teacherFirst ?? '', row.teacherLast ?? '', row.teacherEmail),
    type: row.group.type,
    certificate: row.group.certificate,
    training_duration: row.group.trainingDuration,
    students_count: row.students,
    group_settings: settingsOf(row.group),
  }));
}

/** One group's view (the caller has checked who may see it). */
export async function groupView(db: Db, groupId: number) {
  const [view] = await groupViews(db, eq(studentsGroups.id, groupId));
  if (!view) throw groupNotFound();
  return view;
}
