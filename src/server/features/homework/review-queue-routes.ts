import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { schoolMembers, users } from '../../shared/db/core-tables.ts';
import { notFound } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courses, lessons, sections } from '../courses/index.ts';
import { studentsGroups } from '../groups/index.ts';
import type { Viewer } from './homework-access.ts';
import { dropEmptyParams, QueueFilters, QueueQuery, queueCondition } from './queue-filters.ts';
import { displayName, newestFirst, oldestFirst, ReviewRow, reviewRow, reviewRows } from './review-queue.ts';
import { userHomeworks } from './tables.ts';

const Named = Type.Object({ id: Type.Integer(), name: Type.String() });
const Filters = Type.Object({
  courses: Type.Array(Named),
  groups: Type.Array(Type.Object({ ...Named.properties, course_id: Type.Integer() })),
  homeworks: Type.Array(Type.Object({ ...Named.properties, course_id: Type.Integer() })),
});
const Teacher = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() });
const Next = Type.Object({ user_homework_id: Type.Integer(), homework: Type.Integer(), course_id: Type.Integer() });
const params = Type.Object({ school: SchoolName });

/**
 * The homework review queue (contract: homework-review-contract.md; reference §4.6 homeworks_stats):
 * admins see the school's hand-ins, a teacher those they review (named to them, or of the groups
 * they teach unless an admin named another checker), students nothing. Filters are SQL on
 * user_homeworks; a page is one count and one page statement (and, for a teacher's queue, one read
 * of their groups), whatever the filters.
 */
export async function reviewQueueRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const staff = async (request: Parameters<typeof requireSchoolRole>[1], school: string) => {
    const access = await requireSchoolRole(app, request, { name: school }, ['Admin', 'Teacher']);
    return { school: access.school, viewer: { role: access.role, userId: request.auth!.userId } satisfies Viewer };
  };

  app.get(
    '/:school/homeworks_stats/',
    {
      preValidation: async (request) => dropEmptyParams(request.query),
      schema: {
        tags: ['homework'],
        summary: 'Очередь проверки домашних заданий: администратору — все работы школы, преподавателю — его',
        description: 'Сначала работы с самым новым ответом. Пустой параметр — без фильтра. Даты — сутки по UTC, включительно.',
        params,
        querystring: QueueQuery,
        response: { 200: Page(ReviewRow), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, viewer } = await staff(request, request.params.school);
      const { p: page = 1, s: size = 20, ...filters } = request.query;
      const where = await queueCondition(ctx.db, school.id, viewer, filters);
      const [total] = await ctx.db.select({ n: count() }).from(userHomeworks).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      const rows = await reviewRows(ctx.db, viewer.userId)
        .where(where)
        .orderBy(slice.fromEnd ? oldestFirst : newestFirst)
        .limit(slice.limit)
        .offset(slice.offset);
      if (slice.fromEnd) rows.reverse();
      return pageEnvelope(
        request,
        rows.map((row) => reviewRow(ctx, row)),
        countAll,
        page,
        size,
      );
    },
  );

  app.get(
    '/:school/homeworks_stats/next/',
    {
      preValidation: async (request) => dropEmptyParams(request.query),
      schema: {
        tags: ['homework'],
        summary: 'Следующая работа, ждущая проверки, в порядке очереди после указанной (с теми же фильтрами)',
        description: 'Без `after` — первая в очереди. Нет такой — 404 NO_NEXT.',
        params,
        querystring: Type.Object({ after: Type.Optional(Id), ...QueueFilters }),
        response: { 200: Next, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, viewer } = await staff(request, request.params.school);
      const { after, ...filters } = request.query;
      const where = await queueCondition(ctx.db, school.id, viewer, { ...filters, status: 'pending' });
      // After `after` in the queue's order: an older (last_reply_at, id); an unknown id leaves nothing after it.
      const position =
        after === undefined
          ? undefined
          : sql`(${userHomeworks.lastReplyAt}, ${userHomeworks.id}) < (select a.last_reply_at, a.id from ${userHomeworks} a where a.id = ${after} and a.school_id = ${school.id})`;
      const [next] = await ctx.db
        .select({ user_homework_id: userHomeworks.id, homework: userHomeworks.homeworkId, course_id: userHomeworks.courseId })
        .from(userHomeworks)
        .where(and(where, position))
        .orderBy(newestFirst)
        .limit(1);
      if (!next) throw notFound('Больше нет работ, ожидающих проверки.', 'NO_NEXT');
      return next;
    },
  );

  app.get(
    '/:school/homeworks_stats/teachers/',
    {
      schema: {
        tags: ['homework'],
        summary: 'Преподаватели школы (фильтр очереди проверки и назначение проверяющего)',
        params,
        response: { 200: Type.Array(Teacher), ...errors(401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await staff(request, request.params.school);
      const rows = await ctx.db
        .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
        .from(schoolMembers)
        .innerJoin(users, eq(users.id, schoolMembers.userId))
        .where(and(eq(schoolMembers.schoolId, school.id), eq(schoolMembers.role, 'Teacher')))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      return rows.map((row) => ({ id: row.id, name: displayName(row.first, row.last, row.email), email: row.email }));
    },
  );

  app.get(
    '/:school/homeworks_stats/filters/',
    {
      schema: {
        tags: ['homework'],
        summary: 'Курсы, группы и задания, по которым можно отфильтровать очередь (преподавателю — его групп)',
        params,
        response: { 200: Filters, ...errors(401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, viewer } = await staff(request, request.params.school);
      const groups = await ctx.db
        .select({ id: studentsGroups.id, name: studentsGroups.name, course_id: studentsGroups.courseId })
        .from(studentsGroups)
        .where(and(eq(studentsGroups.schoolId, school.id), viewer.role === 'Teacher' ? eq(studentsGroups.teacherId, viewer.userId) : undefined))
        .orderBy(asc(studentsGroups.id));
      // A teacher's courses are their groups'; an admin's every course of the school not in the bin.
      const courseIds = [...new Set(groups.map((group) => group.course_id))];
      if (viewer.role === 'Teacher' && courseIds.length === 0) return { courses: [], groups: [], homeworks: [] };
      const ofCourses = viewer.role === 'Teacher' ? inArray(courses.id, courseIds) : undefined;
      const courseRows = await ctx.db
        .select({ id: courses.id, name: courses.name })
        .from(courses)
        .where(and(eq(courses.schoolId, school.id), isNull(courses.removedAt), ofCourses))
        .orderBy(asc(courses.order), asc(courses.id));
      const homeworks = await ctx.db
        .select({ id: lessons.id, name: lessons.name, course_id: courses.id })
        .from(lessons)
        .innerJoin(sections, eq(sections.id, lessons.sectionId))
        .innerJoin(courses, eq(courses.id, sections.courseId))
        .where(and(eq(courses.schoolId, school.id), isNull(courses.removedAt), eq(lessons.type, 'homework'), ofCourses))
        .orderBy(asc(courses.order), asc(courses.id), asc(sections.order), asc(lessons.order));
      return { courses: courseRows, groups, homeworks };
    },
  );
}
