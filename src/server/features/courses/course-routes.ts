import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { Type, type Static, type TSchema } from 'typebox';
import type { App, AppContext, FastifyRequest } from '../../context.ts';
import { fieldError } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole, type School, type SchoolRole } from '../../shared/security/school-access.ts';
import { assertCourseLimit } from '../tariffs/index.ts';
import { liveCourseCount } from './course-counts.ts';
import { courseBody, CourseBody, courseCountColumns } from './course-body.ts';
import { findCourse, readableBy } from './course-access.ts';
import { folderOfSchool } from './folder-routes.ts';
import { sanitizeRichText } from './rich-text.ts';
import { ProgressBody } from './lesson-item.ts';
import { courseFiles, courseFolders, courses } from './tables.ts';
import { coverColumns, coverJoin, releaseFile } from './files.ts';
import { containsPattern } from '../../shared/db/like-pattern.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A course in the list: a student's card adds their group, access period and progress. */
export const CourseListItem = Type.Object({
  ...CourseBody.properties,
  group_id: Type.Optional(Type.Integer()),
  /** Whole days of access left; null: no end; 0: over. */
  remaining_period: Type.Optional(Nullable(Type.Integer())),
  /** The student's group gives certificates. */
  certificate: Type.Optional(Type.Boolean()),
  progress: Type.Optional(ProgressBody),
  finished: Type.Optional(Type.Boolean()),
  access_expired: Type.Optional(Type.Boolean()),
  published: Type.Optional(Type.Boolean()),
});

const Format = Type.Union([Type.Literal('ОН'), Type.Literal('ОФФ'), Type.Literal('ONLINE'), Type.Literal('OFFLINE')]);
const Public = Type.Union([Type.Literal('О'), Type.Literal('Н'), Type.Boolean()]);

const CourseFields = {
  name: Text({ minLength: 1, maxLength: 256 }),
  description: Text({ maxLength: 20_000 }),
  format: Format,
  price: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
  duration_days: Nullable(Type.Integer({ minimum: 1, maximum: 3650 })),
  public: Public,
  is_catalog: Type.Boolean(),
  is_direct: Type.Boolean(),
  /** A folder of the school; null (or the original's -1) leaves the course outside any folder. */
  folder: Nullable(Type.Integer({ minimum: -1, maximum: 2147483647 })),
  /** The original's name of the school; when sent it must be this school's. */
  school: Type.Union([SchoolName, Id]),
};

const CreateCourse = Type.Object({
  name: CourseFields.name,
  description: Type.Optional(CourseFields.description),
  format: Type.Optional(CourseFields.format),
  price: Type.Optional(CourseFields.price),
  duration_days: Type.Optional(CourseFields.duration_days),
  public: Type.Optional(CourseFields.public),
  is_catalog: Type.Optional(CourseFields.is_catalog),
  is_direct: Type.Optional(CourseFields.is_direct),
  folder: Type.Optional(CourseFields.folder),
  school: Type.Optional(CourseFields.school),
});

const PatchCourse = Type.Object({
  ...Type.Partial(Type.Omit(CreateCourse, ['name'])).properties,
  name: Type.Optional(CourseFields.name),
  /** null restores a course from the recycle bin. */
  course_removed: Type.Optional(Type.Null()),
  /** The cover: a picture or cover file of this course (POST files/), or null for none. */
  photo_file: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
});

const CourseParams = Type.Object({ school: SchoolName, id: Id });

export const ListQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(Text({ maxLength: 100 })),
  /** A folder id, or 0 for the courses outside any folder. */
  folder: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  /** The recycle bin (admins). */
  removed: Type.Optional(Type.Boolean()),
});

type CourseInput = Partial<Static<typeof PatchCourse>>;

/** The cover a change body names: a picture or cover file of this course of this school. */
async function coverFile(app: App, school: School, courseId: number, fileId: number): Promise<number> {
  const [file] = await app.ctx.db
    .select({ id: courseFiles.id })
    .from(courseFiles)
    .where(and(eq(courseFiles.id, fileId), eq(courseFiles.schoolId, school.id), eq(courseFiles.courseId, courseId), inArray(courseFiles.kind, ['picture', 'cover'])));
  if (!file) throw fieldError('photo_file', 'Выберите изображение, загруженное для этого курса.', 'FILE_NOT_FOUND');
  return file.id;
}

/** The columns a create or change body sets, checked against the school. */
async function courseChanges(app: App, school: School, body: CourseInput): Promise<Partial<typeof courses.$inferInsert>> {
  if (body.school !== undefined && body.school !== school.id && String(body.school).toLowerCase() !== school.name.toLowerCase()) {
    throw fieldError('school', 'Указанная школа не соответствует текущей школе.', 'SCHOOL_MISMATCH');
  }
  const changes: Partial<typeof courses.$inferInsert> = {};
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (!name) throw fieldError('name', 'Поле не может быть пустым.');
    changes.name = name;
  }
  if (body.description !== undefined) changes.description = sanitizeRichText(body.description);
  if (body.format !== undefined) changes.format = body.format === 'ОФФ' || body.format === 'OFFLINE' ? 'OFFLINE' : 'ONLINE';
  if (body.price !== undefined) changes.price = body.price;
  if (body.duration_days !== undefined) changes.durationDays = body.duration_days;
  if (body.public !== undefined) changes.published = body.public === true || body.public === 'О';
  if (body.is_catalog !== undefined) changes.isCatalog = body.is_catalog;
  if (body.is_direct !== undefined) changes.isDirect = body.is_direct;
  if (body.folder !== undefined) {
    if (body.folder === null || body.folder === -1) changes.folderId = null;
    else if (body.folder === 0 || !(await folderOfSchool(app, school.id, body.folder))) {
      throw fieldError('folder', 'Указанная папка не относится к этой школе.', 'FOLDER_NOT_FOUND');
    } else changes.folderId = body.folder;
  }
  return changes;
}

const CoursePage = Page(CourseListItem);

/**
 * The student's side of the course routes: learning (above courses) answers it and feature-routes.ts
 * hands it in, as tariffs is handed the course count.
 */
export interface StudentCourses {
  /** GET courses/: the courses of the student's groups as cards. */
  list(ctx: AppContext, request: FastifyRequest, query: Static<typeof ListQuery>, school: School): Promise<Static<typeof CoursePage>>;
  /** GET courses/{id}/: the course past the student's gates (404 outside it, 403 closed or expired). */
  open(ctx: AppContext, schoolId: number, courseId: number, userId: number): Promise<{ id: number }>;
}

/** Courses (spec §7 Courses): the school's list, creation, settings and the recycle bin; a student's cards and course page come from `student`. */
export async function courseRoutes(app: App, student: StudentCourses): Promise<void> {
  const { ctx } = app;
  const READERS: SchoolRole[] = ['Admin', 'Teacher', 'Student'];

  /** One course as its page shows it: the row, its folder and its counts in one statement. */
  async function courseWithCounts(school: School, courseId: number): Promise<Static<typeof CourseBody>> {
    const [row] = await ctx.db
      .select({ course: courses, folderId: courseFolders.id, folderName: courseFolders.name, cover: coverColumns, ...courseCountColumns() })
      .from(courses)
      .leftJoin(courseFolders, eq(courseFolders.id, courses.folderId))
      .leftJoin(courseFiles, coverJoin)
      .where(eq(courses.id, courseId));
    const { course, folderId, folderName, cover, ...counts } = row!;
    return courseBody(ctx, course, school, folderId === null ? null : { id: folderId, name: folderName! }, cover, counts);
  }

  app.get(
    '/:school/courses/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Курсы школы: все для администратора (или корзина), курсы своих групп для преподавателя и ученика',
        params: Type.Object({ school: SchoolName }),
        querystring: ListQuery,
        response: { 200: CoursePage, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
      if (role === 'Student') return student.list(ctx, request, request.query, school);
      const { p: page = 1, s: size = 20, search, folder, removed } = request.query;
      const bin = removed === true && role === 'Admin';
      const text = search?.trim();
      const where: SQL = and(
        eq(courses.schoolId, school.id),
        bin ? isNotNull(courses.removedAt) : isNull(courses.removedAt),
        readableBy(role, request.auth!.userId),
        folder === undefined ? undefined : folder === 0 ? isNull(courses.folderId) : eq(courses.folderId, folder),
        text ? ilike(courses.name, containsPattern(text)) : undefined,
      )!;
      const [total] = await ctx.db.select({ n: count() }).from(courses).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      // The list in its order (the bin: latest removed first), by the partial indexes of each.
      const forward = bin ? [desc(courses.removedAt), desc(courses.id)] : [asc(courses.order), asc(courses.id)];
      const backward = bin ? [asc(courses.removedAt), asc(courses.id)] : [desc(courses.order), desc(courses.id)];
      const rows = await ctx.db
        .select({ course: courses, folderId: courseFolders.id, folderName: courseFolders.name, cover: coverColumns, ...courseCountColumns() })
        .from(courses)
        .leftJoin(courseFolders, eq(courseFolders.id, courses.folderId))
        .leftJoin(courseFiles, coverJoin)
        .where(where)
        .orderBy(...(slice.fromEnd ? backward : forward))
        .limit(slice.limit)
        .offset(slice.offset);
      const list = rows.map(({ course, folderId, folderName, cover, ...counts }) => courseBody(ctx, course, school, folderId === null ? null : { id: folderId, name: folderName! }, cover, counts));
      if (slice.fromEnd) list.reverse();
      return pageEnvelope(request, list, countAll, page, size);
    },
  );

  app.post(
    '/:school/courses/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Создать курс (администратор; число курсов ограничено тарифом)',
        params: Type.Object({ school: SchoolName }),
        body: CreateCourse,
        response: { 201: CourseBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const changes = await courseChanges(app, school, request.body);
      const id = await ctx.db.transaction(async (tx) => {
        await assertCourseLimit(tx, school.id, liveCourseCount);
        // The school row is locked by the limit check: the next order is this course's alone.
        const [last] = await tx.select({ n: sql<number>`coalesce(max(${courses.order}), 0)::int` }).from(courses).where(eq(courses.schoolId, school.id));
        const [row] = await tx
          .insert(courses)
          .values({ ...changes, name: changes.name!, schoolId: school.id, order: (last?.n ?? 0) + 1 })
          .returning({ id: courses.id });
        return row!.id;
      });
      return reply.code(201).send(await courseWithCounts(school, id));
    },
  );

  app.get(
    '/:school/courses/:id/',
    {
      schema: { tags: ['courses'], summary: 'Курс', params: CourseParams, response: { 200: CourseBody, ...errors(400, 401, 403, 404, 451) } },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
      if (role === 'Student') {
        // The course's own gates, as its outline and lessons give them: a course on the student's
        // list that is unpublished or past their access period says why (403), not "not found".
        const course = await student.open(ctx, school.id, request.params.id, request.auth!.userId);
        return courseWithCounts(school, course.id);
      }
      // Admins also open a course in the recycle bin (to restore it).
      const course = await findCourse(ctx.db, school.id, request.params.id, { role, userId: request.auth!.userId }, { removed: role === 'Admin' });
      return courseWithCounts(school, course.id);
    },
  );

  app.patch(
    '/:school/courses/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Изменить курс или вернуть его из корзины (course_removed: null) (администратор)',
        params: CourseParams,
        body: PatchCourse,
        response: { 200: CourseBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const course = await findCourse(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId }, { removed: true });
      const changes = await courseChanges(app, school, request.body);
      if (request.body.photo_file !== undefined) changes.photoFileId = request.body.photo_file === null ? null : await coverFile(app, school, course.id, request.body.photo_file);
      const restore = request.body.course_removed === null && course.removedAt !== null;
      await ctx.db.transaction(async (tx) => {
        // A restored course counts against the plan again.
        if (restore) await assertCourseLimit(tx, school.id, liveCourseCount);
        await tx
          .update(courses)
          .set({ ...changes, ...(restore ? { removedAt: null } : {}), updatedAt: ctx.now() })
          .where(eq(courses.id, course.id));
      });
      // A replaced or removed cover no block shows is deleted, so it stops counting against storage.
      if (changes.photoFileId !== undefined && course.photoFileId !== changes.photoFileId) await releaseFile(ctx, course.photoFileId);
      return courseWithCounts(school, course.id);
    },
  );

  app.delete(
    '/:school/courses/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Переместить курс в корзину: 7 дней его можно вернуть, затем он удаляется (администратор)',
        params: CourseParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const course = await findCourse(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId });
      // Out of sight everywhere at once: unpublished, out of the catalogue and of direct links.
      await ctx.db
        .update(courses)
        .set({ removedAt: ctx.now(), published: false, isCatalog: false, isDirect: false, updatedAt: ctx.now() })
        .where(eq(courses.id, course.id));
      return reply.code(204).send(null);
    },
  );
}


