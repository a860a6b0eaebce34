import { plural, pluralForm } from '#core/plural';
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { containsPattern } from '../../shared/db/like-pattern.ts';
import { badRequest, fieldError } from '../../shared/errors.ts';
import { Detail, errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { sendSerializedJson } from '../../shared/http/serialized-json.ts';
import { requireSchoolRole, type SchoolRole } from '../../shared/security/school-access.ts';
import { courseProgress, lessonStates, outlineStates, remainingDays, studentCourse, type Enrolment, type LessonState } from '../learning/index.ts';
import { courseNotFound, findCourse, findSection, sectionNotFound } from './course-access.ts';
import type { OutlineSection } from './course-outline.ts';
import { GroupSettingsBody, LessonItem, lessonItem, ProgressBody, studentLessonItem } from './lesson-item.ts';
import { studentOutlineJson } from './student-outline-json.ts';
import { childIds, lockParents, nextOrder, placeAt, renumber, withPositions } from './ordering.ts';
import { courses, lessonBlocks, lessons, sections } from './tables.ts';

const READERS: SchoolRole[] = ['Admin', 'Teacher', 'Student'];

const SectionBody = Type.Object({
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

/** The outline's answer; a student's is serialised by hand (studentOutline), checked against this in its tests. */
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

function sectionHead(section: SectionRow) {
  return { section_id: section.id, section: section.id, course: section.courseId, name: section.name, section_name: section.name, order: section.order };
}

/** A module as a student sees it: the lessons open to them, with their progress and locks. */
function studentSectionBody(section: SectionRow, states: readonly LessonState[]) {
  return { ...sectionHead(section), lessons: states.filter((state) => state.sectionId === section.id).map(studentLessonItem) };
}

const groupSettings = (enrolment: Enrolment) => ({
  strict_task_order: enrolment.strictTaskOrder,
  task_submission_lock: enrolment.taskSubmissionLock,
  submit_homework_to_go_on: enrolment.submitHomeworkToGoOn,
  submit_test_to_go_on: enrolment.submitTestToGoOn,
  success_test_to_go_on: enrolment.successTestToGoOn,
});

/** Modules and the course outline (spec §7 Modules and lessons). Admins write; readers of the course read. */
export async function sectionRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const reader = (role: SchoolRole, userId: number) => ({ role, userId });

  /** The lessons of some modules in order: one query for any number of modules. */
  async function lessonsOf(sectionIds: number[], role: SchoolRole, search?: string): Promise<Map<number, LessonRow[]>> {
    const bySection = new Map<number, LessonRow[]>(sectionIds.map((id) => [id, []]));
    if (sectionIds.length === 0) return bySection;
    const pattern = search ? containsPattern(search) : null;
    const rows = await ctx.db
      .select()
      .from(lessons)
      .where(
        and(
          inArray(lessons.sectionId, sectionIds),
          // Only admins see lessons that are switched off.
          role === 'Admin' ? undefined : eq(lessons.active, true),
          pattern
            ? or(
                ilike(lessons.name, pattern),
                sql`exists (select 1 from ${lessonBlocks} where ${lessonBlocks.lessonId} = ${lessons.id} and ${lessonBlocks.content}->>'description' ilike ${pattern})`,
              )
            : undefined,
        ),
      )
      .orderBy(asc(lessons.sectionId), asc(lessons.order));
    for (const row of rows) bySection.get(row.sectionId)!.push(row);
    return bySection;
  }

  /**
   * A course the student studies, past its gates (404 outside it, 403 closed or expired), with the
   * lessons they can see and their states: two statements, whatever the number of lessons.
   */
  async function studentView(schoolId: number, courseId: number, userId: number) {
    const now = ctx.now();
    const { course, enrolment } = await studentCourse(ctx.db, schoolId, courseId, userId, now);
    return { course, enrolment, now, states: await lessonStates(ctx.db, enrolment, now) };
  }

  /**
   * The student's outline: modules in order (empty ones kept), the lessons open to them, their group
   * and progress. Serialised here from parts encoded once per course outline (student-outline-json.ts).
   */
  async function studentOutline(schoolId: number, courseId: number, userId: number, search: string | undefined): Promise<Buffer> {
    const now = ctx.now();
    const { course, enrolment } = await studentCourse(ctx.db, schoolId, courseId, userId, now);
    const { outline, states } = await outlineStates(ctx.db, enrolment, now);
    let shown: readonly OutlineSection[] = outline.sections;
    let visible = states;
    if (search) {
      // The same search as everyone's, kept to what the student can see; the progress stays the course's.
      const found = new Set([...(await lessonsOf(shown.map((s) => s.id), 'Student', search)).values()].flat().map((row) => row.id));
      visible = states.filter((state) => found.has(state.id));
      const lower = search.toLowerCase();
      shown = shown.filter((s) => visible.some((state) => state.sectionId === s.id) || s.name.toLowerCase().includes(lower));
    }
    const head = {
      course_id: course.id,
      course_name: course.name,
      group_id: enrolment.groupId,
      teacher_id: enrolment.teacherId,
      group_settings: groupSettings(enrolment),
      remaining_period: remainingDays(enrolment, now),
      certificate: enrolment.certificate,
      progress: courseProgress(states),
      finished: enrolment.finishedAt !== null,
    };
    return studentOutlineJson(head, outline, shown, visible);
  }

  /** A module of a live course of the school (any reader may ask; the student's gates come after). */
  async function sectionOfSchool(schoolId: number, sectionId: number, courseId?: number): Promise<SectionRow> {
    const [row] = await ctx.db
      .select({ section: sections })
      .from(sections)
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .where(and(eq(sections.id, sectionId), eq(courses.schoolId, schoolId), isNull(courses.removedAt), courseId === undefined ? undefined : eq(courses.id, courseId)));
    if (!row) throw sectionNotFound();
    return row.section;
  }

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
      if (role === 'Student') return sendSerializedJson(reply, await studentOutline(school.id, request.params.id, request.auth!.userId, search));
      const course = await findCourse(ctx.db, school.id, request.params.id, reader(role, request.auth!.userId));
      const sectionRows = await ctx.db.select().from(sections).where(eq(sections.courseId, course.id)).orderBy(asc(sections.order));
      const bySection = await lessonsOf(
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
        response: {
          200: Type.Object({
            section_id: Type.Integer(),
            section_name: Type.String(),
            course_id: Type.Integer(),
            group_id: Type.Optional(Type.Integer()),
            group_settings: Type.Optional(GroupSettingsBody),
            lessons: Type.Array(LessonItem),
          }),
          ...errors(400, 401, 403, 404, 451),
        },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
      if (role === 'Student') {
        const { course, enrolment, states } = await studentView(school.id, request.params.course, request.auth!.userId);
        const section = await sectionOfSchool(school.id, request.params.id, course.id);
        const body = studentSectionBody(section, states);
        return { section_id: section.id, section_name: section.name, course_id: course.id, group_id: enrolment.groupId, group_settings: groupSettings(enrolment), lessons: body.lessons };
      }
      const { section, course } = await findSection(ctx.db, school.id, request.params.id, reader(role, request.auth!.userId));
      if (course.id !== request.params.course) throw courseNotFound();
      const bySection = await lessonsOf([section.id], role);
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
      if (role === 'Student') {
        const section = await sectionOfSchool(school.id, request.params.id);
        return studentSectionBody(section, (await studentView(school.id, section.courseId, request.auth!.userId)).states);
      }
      const { section } = await findSection(ctx.db, school.id, request.params.id, reader(role, request.auth!.userId));
      return sectionBody(section, (await lessonsOf([section.id], role)).get(section.id)!);
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
      return sectionBody(updated!, (await lessonsOf([section.id], 'Admin')).get(section.id)!);
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
