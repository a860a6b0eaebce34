import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { users } from '../../shared/db/core-tables.ts';
import { containsPattern } from '../../shared/db/like-pattern.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { avatarUrl } from '../../shared/uploads/avatars.ts';
import { lessons, sections } from '../courses/index.ts';
import { findGroup, groupLessonClosures, studentLessonAccess, studentsGroupMembers } from '../groups/index.ts';
import { progressOf } from './progress.ts';
import { remainingDays } from './student-access.ts';
import { lessonProgress } from './tables.ts';

const Progress = Type.Object({ total: Type.Integer(), completed: Type.Integer(), percent: Type.Integer() });

const GroupStudent = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  /** When the student joined the group. */
  added_at: Type.String(),
  progress: Progress,
  /** Whole days of access left; null: no end; 0: over. */
  remaining_period: Type.Union([Type.Integer(), Type.Null()]),
  /** The student's last step in the course (a lesson viewed, handed in, completed); null: none yet. */
  last_activity: Type.Union([Type.String(), Type.Null()]),
});

const StudentName = Type.Object({ id: Type.Integer(), email: Type.String(), first_name: Type.String(), last_name: Type.String() });

const params = Type.Object({ school: SchoolName, id: Id });

/**
 * A group's students for its admin and teacher (spec §7 get_students_for_group): a page with each
 * student's progress, access left and last activity, or every student's id and name at once.
 */
export async function groupStudentsRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/students_group/:id/get_students_for_group/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Ученики группы с прогрессом, оставшимся сроком и последней активностью (администратор, преподаватель группы)',
        params,
        querystring: Type.Object({ ...PageQuery, search: Type.Optional(Text({ maxLength: 100 })) }),
        response: { 200: Page(GroupStudent), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const group = await findGroup(ctx.db, school.id, request.params.id, { role, userId: request.auth!.userId });
      const { p: page = 1, s: size = 20 } = request.query;
      const text = request.query.search?.trim();
      const where = and(
        eq(studentsGroupMembers.groupId, group.id),
        text ? or(ilike(users.email, containsPattern(text)), ilike(users.firstName, containsPattern(text)), ilike(users.lastName, containsPattern(text))) : undefined,
      );
      const [total] = await ctx.db.select({ n: count() }).from(studentsGroupMembers).innerJoin(users, eq(users.id, studentsGroupMembers.userId)).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      // The lessons a student can see, as lessonStates counts them: active, and open to them (their
      // own access when set, else their group's). Subqueries run for the page's rows only.
      const seen = sql`from ${lessons} l
        join ${sections} s on s.id = l.section_id
        left join ${studentLessonAccess} a on a.user_id = ${studentsGroupMembers.userId} and a.lesson_id = l.id
        where s.course_id = ${group.courseId} and l.active
          and coalesce(a.available, not exists (select 1 from ${groupLessonClosures} c where c.group_id = ${group.id} and c.lesson_id = l.id))`;
      const rows = await ctx.db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          avatar: users.avatar,
          addedAt: studentsGroupMembers.createdAt,
          accessFrom: studentsGroupMembers.accessFrom,
          durationDays: studentsGroupMembers.durationDays,
          total: sql<number>`(select count(*) ${seen})::int`,
          completed: sql<number>`(select count(*) ${seen} and exists (select 1 from ${lessonProgress} p where p.user_id = ${studentsGroupMembers.userId} and p.lesson_id = l.id and p.completed_at is not null))::int`,
          lastActivity: sql<Date | null>`(select max(greatest(p.viewed_at, p.submitted_at, p.completed_at)) from ${lessonProgress} p where p.course_id = ${group.courseId} and p.user_id = ${studentsGroupMembers.userId})`.mapWith(
            lessonProgress.viewedAt,
          ),
        })
        .from(studentsGroupMembers)
        .innerJoin(users, eq(users.id, studentsGroupMembers.userId))
        .where(where)
        .orderBy(slice.fromEnd ? desc(studentsGroupMembers.userId) : asc(studentsGroupMembers.userId))
        .limit(slice.limit)
        .offset(slice.offset);
      if (slice.fromEnd) rows.reverse();
      const now = ctx.now();
      const results = rows.map((row) => ({
        id: row.id,
        email: row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        avatar: avatarUrl(ctx.config, row.avatar),
        added_at: row.addedAt.toISOString(),
        progress: progressOf(row.completed, row.total),
        remaining_period: remainingDays({ accessFrom: row.accessFrom, durationDays: row.durationDays ?? group.trainingDuration }, now),
        last_activity: row.lastActivity?.toISOString() ?? null,
      }));
      return pageEnvelope(request, results, countAll, page, size);
    },
  );

  app.get(
    '/:school/students_group/:id/get_all_students_for_group/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Все ученики группы одним списком: id и имена (администратор, преподаватель группы)',
        params,
        response: { 200: Type.Array(StudentName), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const group = await findGroup(ctx.db, school.id, request.params.id, { role, userId: request.auth!.userId });
      const rows = await ctx.db
        .select({ id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName })
        .from(studentsGroupMembers)
        .innerJoin(users, eq(users.id, studentsGroupMembers.userId))
        .where(eq(studentsGroupMembers.groupId, group.id))
        .orderBy(asc(studentsGroupMembers.userId));
      return rows;
    },
  );
}
