import { plural, pluralForm } from '#core/plural';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { Type, type Static, type TSchema } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { badRequest, fieldError } from '../../shared/errors.ts';
import { Detail, errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { sendSerializedJson } from '../../shared/http/serialized-json.ts';
import { requireSchoolRole, type SchoolRole } from '../../shared/security/school-access.ts';
import { courseNotFound, findCourse, findSection } from './course-access.ts';
import { GroupSettingsBody, LessonItem, lessonItem, ProgressBody } from './lesson-item.ts';
import { moduleLessons } from './module-lessons.ts';
import { childIds, lockParents, nextOrder, placeAt, renumber, withPositions } from './ordering.ts';
import { courses, sections, type lessons } from './tables.ts';

const READERS: SchoolRole[] = ['Admin', 'Teacher', 'Student'];

export const SectionBody = Type.Object({
  section_id: Type.Integer(),
  section: Type.Integer(),
  course: Type.Integer(),
  name: Type.String(),
  section_name: Type.String(),
  order: Type.Integer(),
  lessons: Type.Array(LessonItem),
});

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** What a student's outline adds: their group, its settings, their access period and progress. */
const StudentFields = {
  group_id: Type.Optional(Type.Integer()),
  teacher_id: Type.Optional(Nullable(Type.Integer())),
  group_settings: Type.Optional(GroupSettingsBody),
  /** Whole days of access left; null: no end. */
  remaining_period: Type.Optional(Nullable(Type.Integer())),
  certificate: Type.Optional(Type.Boolean()),
  progress: Type.Optional(ProgressBody),
  finished: Type.Optional(Type.Boolean()),
};

/** The outline's answer; a student's is serialised by hand (learning's student-outline.ts), checked against this in its tests. */
export const Outline = Type.Object({
  course_id: Type.Integer(),
  course_name: Type.String(),
  ...StudentFields,
  sections: Type.Array(SectionBody),
});

const SectionParams = Type.Object({ school: SchoolName, id: Id });
const Position = Type.Integer({ minimum: 1, maximum: 10_000 });

type SectionRow = typeof sections.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;

function sectionBody(section: SectionRow, lessonRows: LessonRow[]) {
  return { ...sectionHead(section), lessons: lessonRows.map(lessonItem) };
}

/** A module's own fields (SectionBody without its lessons). */
export function sectionHead(section: SectionRow) {
  return { section_id: section.id, section: section.id, course: section.courseId, name: section.name, section_name: section.name, order: section.order };
}

/** One module's lessons (sections/{id}/lessons/{course}/); a student's adds their group and its settings. */
const SectionLessons = Type.Object({
  section_id: Type.Integer(),
  section_name: Type.String(),
  course_id: Type.Integer(),
  group_id: Type.Optional(Type.Integer()),
  group_settings: Type.Optional(GroupSettingsBody),
  lessons: Type.Array(LessonItem),
});

/**
 * The student's side of the outline routes, past their gates (404 outside the course, 403 closed,
 * expired or locked): learning (above courses) answers it and feature-routes.ts hands it in.
 */
export interface StudentOutline {
  /** GET courses/{id}/sections/: the student's outline, serialised (Outline); `search` as everyone's, kept to what they see. */
  outline(ctx: AppContext, schoolId: number, courseId: number, userId: number, search: string | undefined): Promise<Buffer>;
  /** GET sections/{id}/lessons/{course}/. */
  sectionLessons(ctx: AppContext, schoolId: number, sectionId: number, courseId: number, userId: number): Promise<Static<typeof SectionLessons>>;
  /** GET sections/{id}/. */
  section(ctx: AppContext, schoolId: number, sectionId: number, userId: number): Promise<Static<typeof SectionBody>>;
}

/** Modules and the course outline (spec §7 Modules and lessons). Admins write; readers of the course read; a student's view comes from `student`. */
export async function sectionRoutes(app: App, student: StudentOutline): Promise<void> {
  const { ctx } = app;
  const reader = (role: SchoolRole, userId: number) => ({ role, userId });

  app.get(
    '/:school/courses/:id/sections/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Программа курса: модули и их уроки по порядку (search_query ищет в названиях и тексте уроков)',
        params: SectionParams,
        querystring: Type.Object({ search_query: Type.Optional(Text({ maxLength: 100 })) }),
        response: { 200: Outline, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
      const search = request.query.search_query?.trim() || undefined;
      if (role === 'Student') return sendSerializedJson(reply, await student.outline(ctx, school.id, request.params.id, request.auth!.userId, search));
      const course = await findCourse(ctx.db, school.id, request.params.id, reader(role, request.auth!.userId));
      const sectionRows = await ctx.db.select().from(sections).where(eq(sections.courseId, course.id)).orderBy(asc(sections.order));
      const bySection = await moduleLessons(
        ctx.db,
        sectionRows.map((s) => s.id),
        role,
        search,
      );
      const lower = search?.toLowerCase();
      const shown = lower ? sectionRows.filter((s) => bySection.get(s.id)!.length > 0 || s.name.toLowerCase().includes(lower)) : sectionRows;
      return { course_id: course.id, course_name: course.name, sections: shown.map((s) => sectionBody(s, bySection.get(s.id)!)) };
    },
  );

  app.get(
    '/:school/sections/:id/lessons/:course/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Уроки модуля по порядку',
        params: Type.Object({ school: SchoolName, id: Id, course: Id }),
        response: { 200: SectionLessons, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
      if (role === 'Student') return student.sectionLessons(ctx, school.id, request.params.id, request.params.course, request.auth!.userId);
      const { section, course } = await findSection(ctx.db, school.id, request.params.id, reader(role, request.auth!.userId));
      if (course.id !== request.params.course) throw courseNotFound();
      const bySection = await moduleLessons(ctx.db, [section.id], role);
      return { section_id: section.id, section_name: section.name, course_id: course.id, lessons: bySection.get(section.id)!.map(lessonItem) };
    },
  );

  app.get(
    '/:school/sections/:id/',
    {
      schema: { tags: ['courses'], summary: 'Модуль с уроками', params: SectionParams, response: { 200: SectionBody, ...errors(400, 401, 403, 404, 451) } },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
      if (role === 'Student') return student.section(ctx, school.id, request.params.id, request.auth!.userId);
      const { section } = await findSection(ctx.db, school.id, request.params.id, reader(role, request.auth!.userId));
      return sectionBody(section, (await moduleLessons(ctx.db, [section.id], role)).get(section.id)!);
    },
  );

  app.post(
    '/:school/sections/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Добавить модуль (в конец или на место order; модули курса нумеруются заново) (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: Type.Object({ course: Id, name: Text({ minLength: 1, maxLength: 256 }), order: Type.Optional(Position) }),
        response: { 201: SectionBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { course: courseId, order } = request.body;
      const name = request.body.name.trim();
      if (!name) throw fieldError('name', 'Поле не может быть пустым.');
      const [course] = await ctx.db.select({ id: courses.id }).from(courses).where(and(eq(courses.id, courseId), eq(courses.schoolId, school.id), isNull(courses.removedAt)));
      if (!course) throw fieldError('course', 'Указанный курс не относится к этой школе.', 'COURSE_NOT_FOUND');
      const section = await ctx.db.transaction(async (tx) => {
        await lockParents(tx, 'sections', [course.id]);
        const [row] = await tx.insert(sections).values({ courseId: course.id, name, order: await nextOrder(tx, 'sections', course.id) }).returning();
        if (order !== undefined) await renumber(tx, 'sections', course.id, placeAt(await childIds(tx, 'sections', course.id), row!.id, order));
        const [placed] = await tx.select().from(sections).where(eq(sections.id, row!.id));
        return placed!;
      });
      return reply.code(201).send(sectionBody(section, []));
    },
  );

  app.patch(
    '/:school/sections/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Переименовать модуль или переставить его на место order (администратор)',
        params: SectionParams,
        body: Type.Object({ name: Type.Optional(Text({ minLength: 1, maxLength: 256 })), order: Type.Optional(Position) }),
        response: { 200: SectionBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { section } = await findSection(ctx.db, school.id, request.params.id, reader('Admin', request.auth!.userId));
      const name = request.body.name?.trim();
      if (name === '') throw fieldError('name', 'Поле не может быть пустым.');
      await ctx.db.transaction(async (tx) => {
        if (name !== undefined) await tx.update(sections).set({ name }).where(eq(sections.id, section.id));
        if (request.body.order !== undefined) {
          await lockParents(tx, 'sections', [section.courseId]);
          await renumber(tx, 'sections', section.courseId, placeAt(await childIds(tx, 'sections', section.courseId), section.id, request.body.order));
        }
      });
      const [updated] = await ctx.db.select().from(sections).where(eq(sections.id, section.id));
      return sectionBody(updated!, (await moduleLessons(ctx.db, [section.id], 'Admin')).get(section.id)!);
    },
  );

  app.delete(
    '/:school/sections/:id/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Удалить модуль с его уроками; остальные модули нумеруются заново (администратор)',
        params: SectionParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { section } = await findSection(ctx.db, school.id, request.params.id, reader('Admin', request.auth!.userId));
      await ctx.db.transaction(async (tx) => {
        await lockParents(tx, 'sections', [section.courseId]);
        await tx.delete(sections).where(eq(sections.id, section.id));
        await renumber(tx, 'sections', section.courseId, await childIds(tx, 'sections', section.courseId));
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:school/section_order/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Переставить модули: [{section_id, order}]; модули каждого курса нумеруются заново (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: Type.Array(Type.Object({ section_id: Id, order: Position }), { minItems: 1, maxItems: 500 }),
        response: { 200: Detail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const wanted = new Map(request.body.map((item) => [item.section_id, item.order]));
      const found = await ctx.db
        .select({ id: sections.id, courseId: sections.courseId })
        .from(sections)
        .innerJoin(courses, eq(courses.id, sections.courseId))
        .where(and(inArray(sections.id, [...wanted.keys()]), eq(courses.schoolId, school.id), isNull(courses.removedAt)));
      const missing = [...wanted.keys()].filter((id) => !found.some((row) => row.id === id));
      if (missing.length > 0) throw badRequest(`Модули с ID [${missing.join(', ')}] не найдены.`, undefined, 'SECTION_NOT_FOUND');
      const courseIds = [...new Set(found.map((row) => row.courseId))];
      await ctx.db.transaction(async (tx) => {
        await lockParents(tx, 'sections', courseIds);
        for (const courseId of courseIds) await renumber(tx, 'sections', courseId, withPositions(await childIds(tx, 'sections', courseId), wanted));
      });
      return { detail: `${plural(wanted.size, ['модуль', 'модуля', 'модулей'])} ${pluralForm(wanted.size, ['обновлён', 'обновлены', 'обновлены'])}` };
    },
  );
}
