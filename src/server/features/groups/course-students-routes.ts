import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { users } from '../../shared/db/core-tables.ts';
import { containsPattern } from '../../shared/db/like-pattern.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { findCourse } from '../courses/index.ts';
import { studentsGroupMembers, studentsGroups } from './tables.ts';

const CourseStudent = Type.Object({
  student_id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  group_id: Type.Integer(),
  group_name: Type.String(),
  /** When the student joined the group. */
  date_added: Type.String(),
  last_login: Type.Union([Type.String(), Type.Null()]),
});

/**
 * Who studies a course: the students of its groups, a row per student and group (spec §7
 * get_students_for_course; the statistics issue adds progress and marks). Admins see every group
 * of the course, a teacher their own groups. Read by the school's groups index and the members'
 * primary key, in group then student order.
 */
export async function courseStudentsRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/courses/:id/get_students_for_course/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Ученики курса по группам (преподавателю — его группы)',
        params: Type.Object({ school: SchoolName, id: Id }),
        querystring: Type.Object({ ...PageQuery, search: Type.Optional(Text({ maxLength: 100 })) }),
        response: { 200: Page(CourseStudent), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const userId = request.auth!.userId;
      const course = await findCourse(ctx.db, school.id, request.params.id, { role, userId });
      const { p: page = 1, s: size = 20 } = request.query;
      const text = request.query.search?.trim();
      const where: SQL = and(
        eq(studentsGroups.schoolId, school.id),
        eq(studentsGroups.courseId, course.id),
        role === 'Teacher' ? eq(studentsGroups.teacherId, userId) : undefined,
        text ? or(ilike(users.email, containsPattern(text)), ilike(users.firstName, containsPattern(text)), ilike(users.lastName, containsPattern(text))) : undefined,
      )!;
      const joined = () =>
        ctx.db
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            lastLogin: users.lastLogin,
            groupId: studentsGroups.id,
            groupName: studentsGroups.name,
            added: studentsGroupMembers.createdAt,
          })
          .from(studentsGroupMembers)
          .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
          .innerJoin(users, eq(users.id, studentsGroupMembers.userId))
          .where(where);
      const [total] = await ctx.db
        .select({ n: count() })
        .from(studentsGroupMembers)
        .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
        .innerJoin(users, eq(users.id, studentsGroupMembers.userId))
        .where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      // A deep page is read from the end (pageSlice), then put back in order.
      const order = slice.fromEnd ? [desc(studentsGroups.id), desc(studentsGroupMembers.userId)] : [asc(studentsGroups.id), asc(studentsGroupMembers.userId)];
      const rows = await joined()
        .orderBy(...order)
        .limit(slice.limit)
        .offset(slice.offset);
      if (slice.fromEnd) rows.reverse();
      const results = rows.map((row) => ({
        student_id: row.id,
        email: row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        group_id: row.groupId,
        group_name: row.groupName,
        date_added: row.added.toISOString(),
        last_login: row.lastLogin?.toISOString() ?? null,
      }));
      return pageEnvelope(request, results, countAll, page, size);
    },
  );
}
