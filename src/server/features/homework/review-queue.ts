import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { users } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { avatarUrl } from '../../shared/uploads/avatars.ts';
import { courses, lessons } from '../courses/index.ts';
import { studentsGroups } from '../groups/index.ts';
import { unreadBy } from './review-reads.ts';
import { HOMEWORK_STATUSES, userHomeworks } from './tables.ts';

/** A row of the review queue (contract: homeworks_stats/). */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ReviewRow = Type.Object({
  user_homework_id: Type.Integer(),
  user: Type.Integer(),
  user_first_name: Type.String(),
  user_last_name: Type.String(),
  user_email: Type.String(),
  user_avatar: Nullable(Type.String()),
  homework: Type.Integer({ description: 'id урока-задания' }),
  homework_name: Type.String(),
  section_id: Type.Integer(),
  course_id: Type.Integer(),
  course_name: Type.String(),
  group_id: Nullable(Type.Integer()),
  group_name: Nullable(Type.String()),
  teacher_id: Nullable(Type.Integer({ description: 'Проверяющий: преподаватель, которому сдана работа, кто проверял её последним или кого назначил администратор' })),
  teacher_name: Nullable(Type.String()),
  teacher_email: Nullable(Type.String()),
  status: Type.Enum([...HOMEWORK_STATUSES]),
  mark: Nullable(Type.Integer()),
  last_reply: Type.String(),
  unread: Type.Boolean({ description: 'Ученик написал после того, как вы последний раз открывали работу' }),
});
export type ReviewRow = Static<typeof ReviewRow>;

const student = alias(users, 'rq_student');
const checker = alias(users, 'rq_checker');

/** The queue's rows for a `.where(…)`: one statement, `unread` as the viewer's. */
export function reviewRows(db: Db, viewerId: number) {
  return db
    .select({
      id: userHomeworks.id,
      userId: userHomeworks.userId,
      first: student.firstName,
      last: student.lastName,
      email: student.email,
      avatar: student.avatar,
      homeworkId: userHomeworks.homeworkId,
      homeworkName: lessons.name,
      sectionId: lessons.sectionId,
      courseId: userHomeworks.courseId,
      courseName: courses.name,
      groupId: userHomeworks.groupId,
      groupName: studentsGroups.name,
      teacherId: userHomeworks.teacherId,
      teacherFirst: checker.firstName,
      teacherLast: checker.lastName,
      teacherEmail: checker.email,
      status: userHomeworks.status,
      mark: userHomeworks.mark,
      lastReplyAt: userHomeworks.lastReplyAt,
      unread: unreadBy(viewerId),
    })
    .from(userHomeworks)
    .innerJoin(student, eq(student.id, userHomeworks.userId))
    .innerJoin(lessons, eq(lessons.id, userHomeworks.homeworkId))
    .innerJoin(courses, eq(courses.id, userHomeworks.courseId))
    .leftJoin(studentsGroups, eq(studentsGroups.id, userHomeworks.groupId))
    .leftJoin(checker, eq(checker.id, userHomeworks.teacherId));
}
type Row = Awaited<ReturnType<ReturnType<typeof reviewRows>['execute']>>[number];

/** "First Last", else the email. */
export const displayName = (first: string, last: string, email: string): string => [first, last].filter(Boolean).join(' ') || email;

export function reviewRow(ctx: Pick<AppContext, 'config'>, row: Row): ReviewRow {
  return {
    user_homework_id: row.id,
    user: row.userId,
    user_first_name: row.first,
    user_last_name: row.last,
    user_email: row.email,
    user_avatar: avatarUrl(ctx.config, row.avatar),
    homework: row.homeworkId,
    homework_name: row.homeworkName,
    section_id: row.sectionId,
    course_id: row.courseId,
    course_name: row.courseName,
    group_id: row.groupId,
    group_name: row.groupName,
    teacher_id: row.teacherId,
    teacher_name: row.teacherEmail === null ? null : displayName(row.teacherFirst ?? '', row.teacherLast ?? '', row.teacherEmail),
    teacher_email: row.teacherEmail,
    status: row.status as ReviewRow['status'],
    mark: row.mark,
    last_reply: row.lastReplyAt.toISOString(),
    unread: Boolean(row.unread),
  };
}

/** The queue's order: the newest reply first. */
export const newestFirst = sql`${userHomeworks.lastReplyAt} desc, ${userHomeworks.id} desc`;
export const oldestFirst = sql`${userHomeworks.lastReplyAt} asc, ${userHomeworks.id} asc`;
