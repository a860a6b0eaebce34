import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { badRequest, fieldError, notFound } from '../../shared/errors.ts';
import { errors, Id, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import type { Db } from '../../shared/db/database.ts';
import { courses } from '../courses/index.ts';
import { groupCourseAccess, studentsGroups } from './tables.ts';

const Access = Type.Object({
  /** The group whose students, once they finish its course, join `group`. */
  current_group: Type.Integer(),
  /** `group`'s course. */
  course: Type.Integer(),
  course_name: Type.String(),
  group: Type.Integer(),
  group_name: Type.String(),
});
const AccessItem = Type.Object({ current_group: Id, course: Id, group: Id });

const GROUP_REQUIRED = "Параметр 'group_id' обязателен для запроса";
const OTHER_SCHOOL = 'Вы не можете назначать разрешения для групп или курсов других школ';

const next = alias(studentsGroups, 'next_group');

/** The chaining rows of one group, with the next groups' courses. */
async function chainOf(db: Db, groupId: number) {
  const rows = await db
    .select({ current: groupCourseAccess.groupId, group: next.id, groupName: next.name, course: courses.id, courseName: courses.name })
    .from(groupCourseAccess)
    .innerJoin(next, eq(next.id, groupCourseAccess.nextGroupId))
    .innerJoin(courses, eq(courses.id, next.courseId))
    .where(eq(groupCourseAccess.groupId, groupId))
    .orderBy(asc(next.id));
  return rows.map((row) => ({ current_group: row.current, course: row.course, course_name: row.courseName, group: row.group, group_name: row.groupName }));
}

/** A group of the school (admin routes); another school's id answers the reference's message. */
async function schoolGroup(db: Db, schoolId: number, groupId: number) {
  const [group] = await db
    .select()
    .from(studentsGroups)
    .where(and(eq(studentsGroups.id, groupId), eq(studentsGroups.schoolId, schoolId)));
  if (!group) throw notFound(OTHER_SCHOOL, 'GROUP_NOT_FOUND');
  return group;
}

/**
 * Course chaining (reference GroupCourseAccess, §4.7): a student of a group who finishes its course
 * joins the chained groups of other courses (joinChainedGroups, called when a course is finished).
 * The admin's: read, replaced as a whole, cleared.
 */
export async function groupCourseAccessRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const groupQuery = Type.Object({ group_id: Type.Optional(Id) });
  const requiredGroup = (id: number | undefined) => {
    if (id === undefined) throw fieldError('group_id', GROUP_REQUIRED, 'GROUP_REQUIRED');
    return id;
  };

  app.get(
    '/:school/group_course_access/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Куда переходят ученики группы, закончив её курс (администратор)',
        params: Type.Object({ school: SchoolName }),
        querystring: groupQuery,
        response: { 200: Type.Array(Access), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const group = await schoolGroup(ctx.db, school.id, requiredGroup(request.query.group_id));
      return chainOf(ctx.db, group.id);
    },
  );

  app.post(
    '/:school/group_course_access/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Задать переходы группы целиком: прежние строки этой группы заменяются (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: Type.Array(AccessItem, { minItems: 1, maxItems: 100 }),
        response: { 201: Type.Array(Access), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const items = request.body;
      const currentId = items[0]!.current_group;
      if (items.some((item) => item.current_group !== currentId)) throw badRequest('Все строки должны относиться к одной группе (current_group).', { current_group: ['Все строки должны относиться к одной группе.'] });
      const current = await schoolGroup(ctx.db, school.id, currentId);
      const nextIds = [...new Set(items.map((item) => item.group))];
      const targets = await ctx.db
        .select({ id: studentsGroups.id, courseId: studentsGroups.courseId })
        .from(studentsGroups)
        .where(and(eq(studentsGroups.schoolId, school.id), inArray(studentsGroups.id, nextIds)));
      const courseOf = new Map(targets.map((row) => [row.id, row.courseId]));
      for (const item of items) {
        const course = courseOf.get(item.group);
        if (course === undefined) throw notFound(OTHER_SCHOOL, 'GROUP_NOT_FOUND');
        if (course !== item.course) throw fieldError('course', 'Группа не относится к указанному курсу.', 'COURSE_MISMATCH');
        if (course === current.courseId) throw fieldError('group', 'Группа того же курса: ученики уже учатся на нём.', 'SAME_COURSE');
      }
      await ctx.db.transaction(async (tx) => {
        await tx.delete(groupCourseAccess).where(eq(groupCourseAccess.groupId, current.id));
        await tx.insert(groupCourseAccess).values(nextIds.map((nextGroupId) => ({ groupId: current.id, nextGroupId })));
      });
      return reply.code(201).send(await chainOf(ctx.db, current.id));
    },
  );

  for (const url of ['/:school/group_course_access/', '/:school/group_course_access/custom_destroy/']) {
    app.delete(
      url,
      {
        schema: {
          tags: ['groups'],
          summary: 'Убрать все переходы группы (администратор)',
          params: Type.Object({ school: SchoolName }),
          querystring: groupQuery,
          response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
        },
      },
      async (request, reply) => {
        const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
        const group = await schoolGroup(ctx.db, school.id, requiredGroup(request.query.group_id));
        await ctx.db.delete(groupCourseAccess).where(eq(groupCourseAccess.groupId, group.id));
        return reply.code(204).send(null);
      },
    );
  }
}
