import { plural, pluralForm } from '#core/plural';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { Type, type Static, type TSchema } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { badRequest, fieldError } from '../../shared/errors.ts';
import { Detail, errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { isImpersonating } from '../../shared/security/auth.ts';
import { requireSchoolRole, type SchoolRole } from '../../shared/security/school-access.ts';
import { findLesson, findSection, type Lesson } from './course-access.ts';
import {
  applyHomeworkOptions,
  applyTestOptions,
  applyWebinarOptions,
  homeworkFields,
  HomeworkOptions,
  homeworkSettings,
  testFields,
  TestOptions,
  testSettings,
  webinarFields,
  WebinarOptions,
  webinarSettings,
  type LinkedAutowebinar,
} from './lesson-settings.ts';
import { childIds, lockParents, nextOrder, placeAt, renumber, withPositions } from './ordering.ts';
import { sanitizeRichText } from './rich-text.ts';
import { courses, lessons, sections } from './tables.ts';
import { FileBody } from './files.ts';
import { LessonContent, lessonContent } from './lesson-content.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Position = Type.Integer({ minimum: 1, maximum: 10_000 });

/** The four lesson types with their own paths (spec §7 {type}s CRUD) and type-specific id names. */
const KINDS = [
  { path: 'lessons', type: 'lesson', idField: 'lesson_id', title: 'урок', options: { description: Type.Optional(Text({ maxLength: 50_000 })) } },
  { path: 'tests', type: 'test', idField: 'test_id', title: 'тест', options: TestOptions },
  { path: 'homeworks', type: 'homework', idField: 'homework_id', title: 'домашнее задание', options: HomeworkOptions },
  { path: 'webinar_lessons', type: 'webinar', idField: 'webinar_id', title: 'вебинар', options: WebinarOptions },
] as const;
type Kind = (typeof KINDS)[number];

const Common = {
  name: Text({ minLength: 1, maxLength: 256 }),
  active: Type.Boolean(),
  points: Type.Integer({ minimum: 0, maximum: 1000 }),
};

/** A neighbour among the lessons the student can see, in course order. */
const Neighbour = Nullable(Type.Object({ type: Type.String(), id: Type.Integer(), section_id: Type.Integer() }));
const Optional = Type.Optional;

/** A lesson as its routes give it; `handIn`: the schema of a student's homework hand-in (homework's, handed in with StudentLessons). */
const lessonBodySchema = <H extends TSchema>(handIn: H) =>
  Type.Object(
    {
      id: Type.Integer(),
      baselesson_ptr_id: Type.Integer(),
      type: Type.String(),
      section: Type.Integer(),
      section_id: Type.Integer(),
      course_id: Type.Integer(),
      name: Type.String(),
      order: Type.Integer(),
      active: Type.Boolean(),
      points: Type.Integer(),
      author_id: Nullable(Type.Integer()),
      created_at: Type.String(),
      updated_at: Type.String(),
      blocks: Optional(LessonContent.properties.blocks),
      text_files: Optional(Type.Array(FileBody)),
      audio_files: Optional(Type.Array(FileBody)),
      // The type-specific id, the same number as id.
      lesson_id: Optional(Type.Integer()),
      test_id: Optional(Type.Integer()),
      homework_id: Optional(Type.Integer()),
      webinar_id: Optional(Type.Integer()),
      // A lesson's and a webinar's (sanitised HTML).
      description: Optional(Nullable(Type.String())),
      // A test's settings (lesson-settings.ts testFields).
      success_percent: Optional(Type.Number()),
      random_questions: Optional(Type.Boolean()),
      random_answers: Optional(Type.Boolean()),
      show_right_answers: Optional(Type.Boolean()),
      attempt_limit: Optional(Type.Boolean()),
      attempt_count: Optional(Type.Number()),
      points_per_answer: Optional(Type.Number()),
      balls_per_answer: Optional(Type.Number()),
      has_timer: Optional(Type.Boolean()),
      time_limit: Optional(Nullable(Type.String({ description: 'ЧЧ:ММ:СС' }))),
      random_test_generator: Optional(Type.Boolean()),
      num_questions: Optional(Type.Number()),
      tests_ids: Optional(Type.Array(Type.Integer())),
      // A homework's (homeworkFields).
      automate_accept: Optional(Type.Boolean()),
      time_accept: Optional(Nullable(Type.String({ description: 'ЧЧ:ММ:СС' }))),
      // A webinar's (webinarFields).
      autowebinar: Optional(Nullable(Type.Integer())),
      autowebinar_title: Optional(Nullable(Type.String())),
      webinar_url: Optional(Nullable(Type.String({ description: 'Страница автовебинара' }))),
      link: Optional(Nullable(Type.String())),
      starts_at: Optional(Nullable(Type.String())),
      duration_minutes: Optional(Nullable(Type.Number())),
      // A student's view (StudentLessons, learning's): neighbours, progress, a test's standing, the homework's hand-in.
      previous: Optional(Neighbour),
      next: Optional(Neighbour),
      viewed: Optional(Type.Boolean()),
      completed: Optional(Type.Boolean()),
      sended: Optional(Nullable(Type.Boolean())),
      attempts_left: Optional(Nullable(Type.Number({ description: 'null — без ограничения' }))),
      passed: Optional(Type.Boolean()),
      best_percent: Optional(Nullable(Type.Number())),
      questions_count: Optional(Type.Number()),
      user_homework: Optional(Nullable(handIn)),
    },
    // Nothing else is sent today; kept open as before so that a field added to the settings is not dropped unnamed.
    { additionalProperties: true },
  );

/** `linked`: a webinar's autowebinar, when it has one that still exists. */
function lessonBody(kind: Kind, lesson: Lesson, courseId: number, linked: LinkedAutowebinar | null = null) {
  const own =
    kind.type === 'test'
      ? testFields(testSettings(lesson.settings))
      : kind.type === 'homework'
        ? homeworkFields(homeworkSettings(lesson.settings))
        : kind.type === 'webinar'
          ? { description: lesson.description, ...webinarFields(webinarSettings(lesson.settings), linked) }
          : { description: lesson.description };
  return {
    [kind.idField]: lesson.id,
    id: lesson.id,
    baselesson_ptr_id: lesson.id,
    type: lesson.type,
    section: lesson.sectionId,
    section_id: lesson.sectionId,
    course_id: courseId,
    name: lesson.name,
    order: lesson.order,
    active: lesson.active,
    points: lesson.points,
    author_id: lesson.authorId,
    created_at: lesson.createdAt.toISOString(),
    updated_at: lesson.updatedAt.toISOString(),
    ...own,
  };
}

/** Tests a random test may draw questions from: other tests of the same course. */
async function assertSourceTests(db: Db, courseId: number, ids: readonly number[], self: number | null): Promise<void> {
  if (ids.length === 0) return;
  if (self !== null && ids.includes(self)) throw fieldError('tests_ids', 'Тест не может собирать вопросы из самого себя.');
  const found = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .where(and(inArray(lessons.id, [...ids]), eq(lessons.type, 'test'), eq(sections.courseId, courseId)));
  if (found.length !== new Set(ids).size) throw fieldError('tests_ids', 'Выберите тесты этого же курса.');
}

/**
 * The autowebinar `id` of school `schoolId` as a webinar lesson names it, or null (unknown, another
 * school's, deleted). The webinars feature, above courses, answers it: feature-routes.ts hands it in.
 */
export type FindAutowebinar = (db: Db, schoolId: number, id: number) => Promise<LinkedAutowebinar | null>;

/** What a student's lesson page adds to the lesson (StudentLessons.page). */
export interface StudentLessonFields {
  previous: Static<typeof Neighbour>;
  next: Static<typeof Neighbour>;
  viewed: boolean;
  completed: boolean;
  sended: boolean | null;
  /** A test's standing. */
  attempts_left?: number | null;
  passed?: boolean;
  best_percent?: number | null;
  questions_count?: number;
  /** A homework's hand-in. */
  user_homework?: unknown;
}

/**
 * A student's lesson page, which learning (above courses) answers: feature-routes.ts hands it in,
 * with the schema of a homework page's `user_homework` (a hand-in, which homework owns).
 */
export interface StudentLessons {
  handIn: TSchema;
  /**
   * GET {type}s/{id}/ for a student: the gates (their group's order, access period, lesson access),
   * the visit recorded unless `record` is false, then `detail` (the lesson as staff see it) with the
   * neighbours to go to and their own work on a test or a homework.
   */
  page<T extends object>(
    ctx: AppContext,
    type: string,
    schoolId: number,
    lessonId: number,
    userId: number,
    record: boolean,
    detail: (lesson: Lesson, course: { id: number; schoolId: number }) => Promise<T>,
  ): Promise<T & StudentLessonFields>;
}

/** Lessons, tests, homework and webinars (spec §7 Modules and lessons): admins build them; readers of the course read them, a student through `student`. */
export async function lessonRoutes(app: App, findAutowebinar: FindAutowebinar, student: StudentLessons): Promise<void> {
  const { ctx } = app;
  const LessonBody = lessonBodySchema(student.handIn);

  /** An autowebinar of the school a webinar lesson may link; another school's or an unknown id is a field error. */
  async function assertAutowebinar(schoolId: number, id: number | null): Promise<void> {
    if (id !== null && !(await findAutowebinar(ctx.db, schoolId, id))) throw fieldError('autowebinar', 'Автовебинар не найден в этой школе.', 'AUTOWEBINAR_NOT_FOUND');
  }

  /** A webinar lesson's autowebinar as the answer names it: null when none is linked or it was deleted since. */
  async function linkedAutowebinar(schoolId: number, lesson: Lesson): Promise<LinkedAutowebinar | null> {
    const id = webinarSettings(lesson.settings).autowebinarId;
    return id === null ? null : findAutowebinar(ctx.db, schoolId, id);
  }
  const READERS: SchoolRole[] = ['Admin', 'Teacher', 'Student'];

  for (const kind of KINDS) {
    const Params = Type.Object({ school: SchoolName, id: Id });
    const Create = Type.Object({ section: Id, name: Common.name, order: Type.Optional(Position), active: Type.Optional(Common.active), points: Type.Optional(Common.points), ...kind.options });
    const Patch = Type.Object({
      name: Type.Optional(Common.name),
      active: Type.Optional(Common.active),
      points: Type.Optional(Common.points),
      order: Type.Optional(Position),
      /** Another module of the same course to move it to (at `order`, else at the end). */
      section: Type.Optional(Id),
      ...kind.options,
    });

    /** The settings column after a body is applied to what is stored. */
    async function settingsFor(body: Record<string, unknown>, stored: unknown, schoolId: number, courseId: number, self: number | null) {
      if (kind.type === 'test') {
        const next = applyTestOptions(testSettings(stored), body);
        await assertSourceTests(ctx.db, courseId, next.testsIds, self);
        return next;
      }
      if (kind.type === 'homework') return applyHomeworkOptions(homeworkSettings(stored), body);
      if (kind.type === 'webinar') {
        // Only a newly given autowebinar is checked: a linked one deleted since stays, read as none.
        if (body.autowebinar !== undefined) await assertAutowebinar(schoolId, body.autowebinar as number | null);
        return applyWebinarOptions(webinarSettings(stored), body);
      }
      return {};
    }

    /** The lesson with its blocks and its attached documents and audio (one query each). */
    async function detail(lesson: Lesson, course: { id: number; schoolId: number }) {
      const courseId = course.id;
      const linked = kind.type === 'webinar' ? await linkedAutowebinar(course.schoolId, lesson) : null;
      return { ...lessonBody(kind, lesson, courseId, linked), ...(await lessonContent(ctx, lesson.id)) };
    }

    app.post(
      `/:school/${kind.path}/`,
      {
        schema: {
          tags: ['courses'],
          summary: `Добавить ${kind.title} в модуль (в конец или на место order; уроки модуля нумеруются заново) (администратор)`,
          params: Type.Object({ school: SchoolName }),
          body: Create,
          response: { 201: LessonBody, ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
        const body = request.body as Record<string, unknown> & { section: number; name: string; order?: number; active?: boolean; points?: number; description?: string };
        const name = body.name.trim();
        if (!name) throw fieldError('name', 'Поле не может быть пустым.');
        const [target] = await ctx.db
          .select({ sectionId: sections.id, courseId: sections.courseId })
          .from(sections)
          .innerJoin(courses, eq(courses.id, sections.courseId))
          .where(and(eq(sections.id, body.section), eq(courses.schoolId, school.id), isNull(courses.removedAt)));
        if (!target) throw fieldError('section', 'Указанный модуль не относится ни к одному курсу этой школы.', 'SECTION_NOT_FOUND');
        const settings = await settingsFor(body, {}, school.id, target.courseId, null);
        const lesson = await ctx.db.transaction(async (tx) => {
          await lockParents(tx, 'lessons', [target.sectionId]);
          const [row] = await tx
            .insert(lessons)
            .values({
              sectionId: target.sectionId,
              type: kind.type,
              name,
              order: await nextOrder(tx, 'lessons', target.sectionId),
              active: body.active ?? true,
              points: body.points ?? 0,
              description: body.description === undefined ? '' : sanitizeRichText(body.description),
              settings,
              authorId: request.auth!.userId,
            })
            .returning();
          // Inserted after the lesson at order-1: the module is numbered 1..n again (spec §4).
          if (body.order !== undefined) await renumber(tx, 'lessons', target.sectionId, placeAt(await childIds(tx, 'lessons', target.sectionId), row!.id, body.order));
          const [placed] = await tx.select().from(lessons).where(eq(lessons.id, row!.id));
          return placed!;
        });
        return reply.code(201).send(await detail(lesson, { id: target.courseId, schoolId: school.id }));
      },
    );

    app.get(
      `/:school/${kind.path}/:id/`,
      {
        schema: { tags: ['courses'], summary: `${kind.title[0]!.toUpperCase()}${kind.title.slice(1)} с блоками`, params: Params, response: { 200: LessonBody, ...errors(400, 401, 403, 404, 451) } },
      },
      async (request) => {
        const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, READERS);
        if (role === 'Student') return student.page(ctx, kind.type, school.id, request.params.id, request.auth!.userId, !isImpersonating(request), detail);
        const { lesson, course } = await findLesson(ctx.db, school.id, request.params.id, { role, userId: request.auth!.userId }, kind.type);
        return detail(lesson, course);
      },
    );

    app.patch(
      `/:school/${kind.path}/:id/`,
      {
        schema: {
          tags: ['courses'],
          summary: `Изменить ${kind.title}, переставить его или перенести в другой модуль курса (администратор)`,
          params: Params,
          body: Patch,
          response: { 200: LessonBody, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
        const { lesson, course } = await findLesson(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId }, kind.type);
        const body = request.body as Record<string, unknown> & { name?: string; active?: boolean; points?: number; order?: number; section?: number; description?: string };
        const name = body.name?.trim();
        if (name === '') throw fieldError('name', 'Поле не может быть пустым.');
        const settings = await settingsFor(body, lesson.settings, school.id, course.id, lesson.id);
        let targetSection = lesson.sectionId;
        if (body.section !== undefined && body.section !== lesson.sectionId) {
          const { course: other } = await findSection(ctx.db, school.id, body.section, { role: 'Admin', userId: request.auth!.userId });
          if (other.id !== course.id) throw fieldError('section', 'Урок можно перенести только в модуль того же курса.', 'SECTION_OF_OTHER_COURSE');
          targetSection = body.section;
        }
        await ctx.db.transaction(async (tx) => {
          await tx
            .update(lessons)
            .set({
              ...(name !== undefined ? { name } : {}),
              ...(body.active !== undefined ? { active: body.active } : {}),
              ...(body.points !== undefined ? { points: body.points } : {}),
              ...(body.description !== undefined ? { description: sanitizeRichText(body.description) } : {}),
              settings,
              updatedAt: ctx.now(),
            })
            .where(eq(lessons.id, lesson.id));
          if (targetSection !== lesson.sectionId) {
            await moveLessons(tx, [{ id: lesson.id, from: lesson.sectionId, to: targetSection, order: body.order }]);
          } else if (body.order !== undefined) {
            await lockParents(tx, 'lessons', [lesson.sectionId]);
            await renumber(tx, 'lessons', lesson.sectionId, placeAt(await childIds(tx, 'lessons', lesson.sectionId), lesson.id, body.order));
          }
        });
        const [updated] = await ctx.db.select().from(lessons).where(eq(lessons.id, lesson.id));
        return detail(updated!, course);
      },
    );

    app.delete(
      `/:school/${kind.path}/:id/`,
      {
        schema: {
          tags: ['courses'],
          summary: `Удалить ${kind.title}; уроки модуля нумеруются заново (администратор)`,
          params: Params,
          response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
        const { lesson } = await findLesson(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId }, kind.type);
        await ctx.db.transaction(async (tx) => {
          await lockParents(tx, 'lessons', [lesson.sectionId]);
          await tx.delete(lessons).where(eq(lessons.id, lesson.id));
          await renumber(tx, 'lessons', lesson.sectionId, await childIds(tx, 'lessons', lesson.sectionId));
        });
        return reply.code(204).send(null);
      },
    );
  }

  app.get(
    '/:school/tests/:id/previous_tests/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Тесты курса перед этим тестом (источники вопросов для случайного теста) (администратор)',
        params: Type.Object({ school: SchoolName, id: Id }),
        response: { 200: Type.Array(Type.Object({ test_id: Type.Integer(), name: Type.String(), section_id: Type.Integer() })), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { lesson, section, course } = await findLesson(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId }, 'test');
      const rows = await ctx.db
        .select({ id: lessons.id, name: lessons.name, sectionId: lessons.sectionId })
        .from(lessons)
        .innerJoin(sections, eq(sections.id, lessons.sectionId))
        .where(
          and(
            eq(sections.courseId, course.id),
            eq(lessons.type, 'test'),
            ne(lessons.id, lesson.id),
            // Earlier in the course: an earlier module, or earlier in the same module.
            sql`(${sections.order}, ${lessons.order}) < (${section.order}, ${lesson.order})`,
          ),
        )
        .orderBy(asc(sections.order), asc(lessons.order));
      return rows.map((row) => ({ test_id: row.id, name: row.name, section_id: row.sectionId }));
    },
  );

  app.post(
    '/:school/lesson_order/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Переставить уроки: [{baselesson_ptr_id, order, section_id?}], в том числе в другой модуль курса (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: Type.Array(Type.Object({ baselesson_ptr_id: Id, order: Position, section_id: Type.Optional(Id) }), { minItems: 1, maxItems: 500 }),
        response: { 200: Detail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const items = new Map(request.body.map((item) => [item.baselesson_ptr_id, item]));
      const found = await ctx.db
        .select({ id: lessons.id, sectionId: lessons.sectionId, courseId: sections.courseId })
        .from(lessons)
        .innerJoin(sections, eq(sections.id, lessons.sectionId))
        .innerJoin(courses, eq(courses.id, sections.courseId))
        .where(and(inArray(lessons.id, [...items.keys()]), eq(courses.schoolId, school.id), isNull(courses.removedAt)));
      const missing = [...items.keys()].filter((id) => !found.some((row) => row.id === id));
      if (missing.length > 0) throw badRequest(`Уроки с ID [${missing.join(', ')}] не найдены.`, undefined, 'LESSON_NOT_FOUND');
      const targets = [...new Set([...items.values()].map((item) => item.section_id).filter((id): id is number => id !== undefined))];
      const targetRows = targets.length
        ? await ctx.db
            .select({ id: sections.id, courseId: sections.courseId })
            .from(sections)
            .innerJoin(courses, eq(courses.id, sections.courseId))
            .where(and(inArray(sections.id, targets), eq(courses.schoolId, school.id), isNull(courses.removedAt)))
        : [];
      const moves = found.map((row) => {
        const item = items.get(row.id)!;
        const to = item.section_id ?? row.sectionId;
        const target = targetRows.find((s) => s.id === to);
        if (to !== row.sectionId && !target) throw badRequest(`Модули с ID [${to}] не найдены.`, undefined, 'SECTION_NOT_FOUND');
        if (target && target.courseId !== row.courseId) throw badRequest('Урок можно перенести только в модуль того же курса.', undefined, 'SECTION_OF_OTHER_COURSE');
        return { id: row.id, from: row.sectionId, to, order: item.order };
      });
      await ctx.db.transaction((tx) => moveLessons(tx, moves));
      return { detail: `${plural(items.size, ['урок', 'урока', 'уроков'])} ${pluralForm(items.size, ['обновлён', 'обновлены', 'обновлены'])}` };
    },
  );
}

/**
 * Puts lessons at their positions (in their module, or moved into another one) and numbers every
 * module involved 1..n again, with those modules locked. Moved rows park at orders no live row
 * has (below -1,000,000) on their way, so the unique (module, order) index never trips.
 */
async function moveLessons(tx: Db, moves: readonly { id: number; from: number; to: number; order: number | undefined }[]): Promise<void> {
  const sectionIds = [...new Set(moves.flatMap((move) => [move.from, move.to]))];
  await lockParents(tx, 'lessons', sectionIds);
  for (const move of moves) {
    if (move.to !== move.from) await tx.update(lessons).set({ sectionId: move.to, order: -1_000_000 - move.id }).where(eq(lessons.id, move.id));
  }
  for (const sectionId of sectionIds) {
    const wanted = new Map(moves.filter((move) => move.to === sectionId && move.order !== undefined).map((move) => [move.id, move.order!]));
    const ids = await childIds(tx, 'lessons', sectionId);
    // A lesson moved in without a position goes to the end (its parked order sorts it first).
    const arrived = moves.filter((move) => move.to === sectionId && move.to !== move.from && move.order === undefined).map((move) => move.id);
    const ordered = withPositions(
      ids.filter((id) => !arrived.includes(id)),
      wanted,
    );
    await renumber(tx, 'lessons', sectionId, [...ordered, ...arrived]);
  }
}
