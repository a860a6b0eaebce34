import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { courses } from '../courses/index.ts';
import { studentsGroupMembers, studentsGroups } from './tables.ts';
import { users } from '../../shared/db/core-tables.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { errors, Page, PageQuery, SchoolName } from '../../shared/http/schemas.ts';

const Group = Type.Object({
  group_id: Type.Integer(),
  name: Type.String(),
  course_id: Type.Integer(),
  course_name: Type.String(),
  teacher_id: Type.Union([Type.Integer(), Type.Null()]),
  teacher_name: Type.Union([Type.String(), Type.Null()]),
  students_count: Type.Integer(),
});

/** Students groups (spec §7 Groups). The learning issue adds their creation, settings and enrolment. */
export async function groupRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/students_group/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Группы школы: все для администратора, свои для преподавателя',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object(PageQuery),
        response: { 200: Page(Group), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      // A teacher sees the groups they teach; both lists by an index in id order.
      const where = and(eq(studentsGroups.schoolId, school.id), role === 'Teacher' ? eq(studentsGroups.teacherId, request.auth!.userId) : undefined);
      const [total] = await ctx.db.select({ n: count() }).from(studentsGroups).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      // The page's groups first; course, teacher and head count for those rows only.
      const groups = ctx.db
        .select({ id: studentsGroups.id, name: studentsGroups.name, courseId: studentsGroups.courseId, teacherId: studentsGroups.teacherId })
        .from(studentsGroups)
        .where(where)
        .orderBy(slice.fromEnd ? desc(studentsGroups.id) : asc(studentsGroups.id))
        .limit(slice.limit)
        .offset(slice.offset)
        .as('groups');
      const rows = await ctx.db
        .select({
          id: groups.id,
          name: groups.name,
          courseId: groups.courseId,
          courseName: courses.name,
          teacherId: groups.teacherId,
          teacherFirst: users.firstName,
          teacherLast: users.lastName,
          teacherEmail: users.email,
          students: sql<number>`(select count(*) from ${studentsGroupMembers} where ${studentsGroupMembers.groupId} = ${groups.id})::int`,
        })
        .from(groups)
        .innerJoin(courses, eq(courses.id, groups.courseId))
        .leftJoin(users, eq(users.id, groups.teacherId))
        .orderBy(asc(groups.id));
      const results = rows.map((row) => ({
        group_id: row.id,
        name: row.name,
        course_id: row.courseId,
        course_name: row.courseName,
        teacher_id: row.teacherId,
        teacher_name: row.teacherEmail === null ? null : [row.teacherFirst, row.teacherLast].filter(Boolean).join(' ') || row.teacherEmail,
        students_count: row.students,
      }));
      return pageEnvelope(request, results, countAll, page, size);
    },
  );
}
