import { and, asc, eq, isNull } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { errors, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courses } from '../courses/index.ts';
import { studentsGroups } from './tables.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * `{school}/courses/with_student_groups/`: the school's live courses that have groups, each with
 * its groups (a teacher's own only), for the groups page's choice. A read of groups, so groups
 * serves it under courses' path and tag, as it always answered.
 */
export async function courseGroupsRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/courses/with_student_groups/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Курсы, у которых есть группы, с их группами (свои группы для преподавателя)',
        params: Type.Object({ school: SchoolName }),
        response: {
          200: Type.Array(
            Type.Object({
              course_id: Type.Integer(),
              name: Type.String(),
              student_groups: Type.Array(Type.Object({ group_id: Type.Integer(), name: Type.String(), teacher_id: Nullable(Type.Integer()) })),
            }),
          ),
          ...errors(400, 401, 403, 404, 451),
        },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const rows = await ctx.db
        .select({ courseId: courses.id, name: courses.name, groupId: studentsGroups.id, groupName: studentsGroups.name, teacherId: studentsGroups.teacherId })
        .from(studentsGroups)
        .innerJoin(courses, eq(courses.id, studentsGroups.courseId))
        .where(
          and(
            eq(studentsGroups.schoolId, school.id),
            isNull(courses.removedAt),
            role === 'Teacher' ? eq(studentsGroups.teacherId, request.auth!.userId) : undefined,
          ),
        )
        .orderBy(asc(courses.order), asc(courses.id), asc(studentsGroups.id));
      const byCourse = new Map<number, { course_id: number; name: string; student_groups: { group_id: number; name: string; teacher_id: number | null }[] }>();
      for (const row of rows) {
        let entry = byCourse.get(row.courseId);
        if (!entry) byCourse.set(row.courseId, (entry = { course_id: row.courseId, name: row.name, student_groups: [] }));
        entry.student_groups.push({ group_id: row.groupId, name: row.groupName, teacher_id: row.teacherId });
      }
      return [...byCourse.values()];
    },
  );
}
