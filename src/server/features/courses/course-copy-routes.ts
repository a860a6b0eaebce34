import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, FastifyRequest } from '../../context.ts';
import { normaliseEmail } from '../../shared/contacts.ts';
import type { Db } from '../../shared/db/database.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { AppError, badRequest, fieldError, notFound } from '../../shared/errors.ts';
import { Detail, Email, errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { assertCourseLimit } from '../tariffs/index.ts';
import { liveCourseCount } from './course-counts.ts';
import { findCourse, type Course } from './course-access.ts';
import { testSettings, webinarSettings } from './lesson-settings.ts';
import { answers, courses, lessonBlocks, lessons, questions, sections } from './tables.ts';

const CopyParams = Type.Object({ school: SchoolName, id: Id });

export const CLONE_NEEDS_POST = 'Курс не скопирован: копирование выполняется запросом POST на этот же адрес.';

/** A request without a body (the original sent these in the query string) is an empty one. */
async function emptyBody(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/**
 * A full copy of `source` into school `schoolId`: the course (unpublished, outside the catalogue),
 * its modules, lessons with their settings (a random test's sources point at the copied tests),
 * blocks, questions and answers. Uploaded videos and pictures stay the original school's: the
 * copy's blocks keep outside links only. A webinar lesson copied into another school loses its
 * autowebinar, which is the original school's (its broadcast link stays). Comments and students
 * are not copied.
 */
async function copyCourse(tx: Db, source: Course, schoolId: number, now: Date): Promise<number> {
  const [last] = await tx.select({ n: sql<number>`coalesce(max(${courses.order}), 0)::int` }).from(courses).where(eq(courses.schoolId, schoolId));
  const [course] = await tx
    .insert(courses)
    .values({
      schoolId,
      name: source.name,
      description: source.description,
      format: source.format,
      durationDays: source.durationDays,
      price: source.price,
      photo: source.photo,
      order: (last?.n ?? 0) + 1,
      copiedFromId: source.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: courses.id });
  const courseId = course!.id;
  const sectionRows = await tx.select().from(sections).where(eq(sections.courseId, source.id)).orderBy(asc(sections.order));
  if (sectionRows.length === 0) return courseId;
  const newSections = await tx
    .insert(sections)
    .values(sectionRows.map((section) => ({ courseId, name: section.name, order: section.order })))
    .returning({ id: sections.id });
  const sectionIds = new Map(sectionRows.map((section, i) => [section.id, newSections[i]!.id]));
  const lessonRows = await tx.select().from(lessons).where(inArray(lessons.sectionId, [...sectionIds.keys()])).orderBy(asc(lessons.id));
  if (lessonRows.length === 0) return courseId;
  const newLessons = await tx
    .insert(lessons)
    .values(
      lessonRows.map(({ id: _id, sectionId, createdAt: _c, updatedAt: _u, ...lesson }) => ({
        ...lesson,
        ...(lesson.type === 'webinar' && schoolId !== source.schoolId ? { settings: { ...webinarSettings(lesson.settings), autowebinarId: null } } : {}),
        sectionId: sectionIds.get(sectionId)!,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: lessons.id });
  const lessonIds = new Map(lessonRows.map((lesson, i) => [lesson.id, newLessons[i]!.id]));
  // A random test draws from tests of its own course: the copies of its sources.
  for (const lesson of lessonRows.filter((row) => row.type === 'test')) {
    const settings = testSettings(lesson.settings);
    if (settings.testsIds.length === 0) continue;
    const testsIds = settings.testsIds.map((id) => lessonIds.get(id)).filter((id): id is number => id !== undefined);
    await tx.update(lessons).set({ settings: { ...settings, testsIds } }).where(eq(lessons.id, lessonIds.get(lesson.id)!));
  }
  const blockRows = await tx.select().from(lessonBlocks).where(inArray(lessonBlocks.lessonId, [...lessonIds.keys()]));
  if (blockRows.length > 0) {
    await tx.insert(lessonBlocks).values(
      blockRows.map((block) => {
        const { file_id: _file, file_name: _name, ...content } = block.content as Record<string, unknown>;
        return { lessonId: lessonIds.get(block.lessonId)!, type: block.type, order: block.order, content, createdAt: now, updatedAt: now };
      }),
    );
  }
  const questionRows = await tx.select().from(questions).where(inArray(questions.lessonId, [...lessonIds.keys()])).orderBy(asc(questions.id));
  if (questionRows.length === 0) return courseId;
  const newQuestions = await tx
    .insert(questions)
    .values(questionRows.map(({ id: _id, lessonId, createdAt: _c, updatedAt: _u, ...question }) => ({ ...question, lessonId: lessonIds.get(lessonId)!, createdAt: now, updatedAt: now })))
    .returning({ id: questions.id });
  const questionIds = new Map(questionRows.map((question, i) => [question.id, newQuestions[i]!.id]));
  const answerRows = await tx.select().from(answers).where(inArray(answers.questionId, [...questionIds.keys()]));
  if (answerRows.length > 0) {
    await tx
      .insert(answers)
      .values(answerRows.map(({ id: _id, questionId, createdAt: _c, updatedAt: _u, ...answer }) => ({ ...answer, questionId: questionIds.get(questionId)!, createdAt: now, updatedAt: now })));
  }
  return courseId;
}

/**
 * Copies of a course for another owner's schools (spec §7 Courses: clone, get_course_copy_owners,
 * delete_course_access). The spec's clone is a GET; here it is a POST, since a GET must change
 * nothing (and a "view as" session may send any GET). A copy is a course of its own school: its
 * admin edits it freely; the original's school can only close it again (is_access false).
 */
export async function courseCopyRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.post(
    '/:school/courses/:id/clone/',
    {
      preValidation: emptyBody,
      schema: {
        tags: ['courses'],
        summary: 'Скопировать курс во все школы владельца с этим email (или вернуть доступ к его копии) (администратор)',
        params: CopyParams,
        // The person's email in the body, or in the query string as the original sent it.
        querystring: Type.Object({ user_email: Type.Optional(Email) }),
        body: Type.Object({ user_email: Type.Optional(Email) }),
        response: { 200: Detail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const source = await findCourse(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId });
      const email = request.body.user_email ?? request.query.user_email;
      if (!email) throw fieldError('user_email', 'Обязательное поле.');
      const [person] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, normaliseEmail(email)));
      if (!person) throw notFound('Пользователь с таким email не найден.', 'USER_NOT_FOUND');
      const targets = await ctx.db
        .select({ id: schools.id })
        .from(schools)
        .where(and(eq(schools.ownerId, person.id), ne(schools.id, school.id)))
        .orderBy(asc(schools.id));
      if (targets.length === 0) throw badRequest('Пользователь должен быть владельцем хотя бы одной школы.', undefined, 'NOT_AN_OWNER');
      const changed = await ctx.db.transaction(async (tx) => {
        let count = 0;
        for (const target of targets) {
          const [copy] = await tx
            .select({ id: courses.id, isAccess: courses.isAccess })
            .from(courses)
            .where(and(eq(courses.schoolId, target.id), eq(courses.copiedFromId, source.id), isNull(courses.removedAt)));
          if (copy?.isAccess) continue;
          if (copy) await tx.update(courses).set({ isAccess: true, updatedAt: ctx.now() }).where(eq(courses.id, copy.id));
          else {
            await assertCourseLimit(tx, target.id, liveCourseCount);
            await copyCourse(tx, source, target.id, ctx.now());
          }
          count += 1;
        }
        return count;
      });
      if (changed === 0) throw badRequest('У пользователя уже есть копия данного курса с доступом.', undefined, 'COPY_EXISTS');
      return { detail: 'Копирование курса успешно завершено.' };
    },
  );

  // Spec §7 has clone as a GET. A GET that copies could be set off by a link, a prefetch or a "view
  // as" session, so the GET copies nothing: after the same checks as the POST it answers 405 with
  // Allow: POST and says so (README, Decisions).
  app.get(
    '/:school/courses/:id/clone/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Не копирует: копирование курса меняет данные и выполняется только запросом POST на этот адрес (ответ 405, Allow: POST) (администратор)',
        params: CopyParams,
        querystring: Type.Object({ user_email: Type.Optional(Email) }),
        response: errors(400, 401, 403, 404, 405),
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      await findCourse(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId });
      reply.header('allow', 'POST');
      throw new AppError(405, 'CLONE_NEEDS_POST', CLONE_NEEDS_POST);
    },
  );

  /** Owners of the schools that hold an open copy of the course. */
  async function copyOwners(courseId: number) {
    return ctx.db
      .selectDistinct({ id: users.id, email: users.email })
      .from(courses)
      .innerJoin(schools, eq(schools.id, courses.schoolId))
      .innerJoin(users, eq(users.id, schools.ownerId))
      .where(and(eq(courses.copiedFromId, courseId), eq(courses.isAccess, true), isNull(courses.removedAt)))
      .orderBy(asc(users.email));
  }

  app.get(
    '/:school/courses/:id/get_course_copy_owners/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Владельцы школ с открытой копией курса (администратор)',
        params: CopyParams,
        querystring: Type.Object({ course_name: Type.Optional(Text({ maxLength: 256 })) }),
        response: { 200: Type.Array(Type.Object({ email: Type.String() })), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const source = await findCourse(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId });
      return (await copyOwners(source.id)).map((owner) => ({ email: owner.email }));
    },
  );

  app.patch(
    '/:school/courses/:id/delete_course_access/',
    {
      preValidation: emptyBody,
      schema: {
        tags: ['courses'],
        summary: 'Закрыть копии курса в школах владельцев с этими email (через запятую) (администратор)',
        params: CopyParams,
        // The emails comma-separated in the query string (as the original sent them), or a list in the body.
        querystring: Type.Object({ user_emails: Type.Optional(Text({ minLength: 1, maxLength: 5000 })), course_name: Type.Optional(Text({ maxLength: 256 })) }),
        body: Type.Object({ user_emails: Type.Optional(Type.Array(Email, { minItems: 1, maxItems: 100 })) }),
        response: { 200: Detail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const source = await findCourse(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId });
      const given = request.body.user_emails ?? request.query.user_emails?.split(',') ?? [];
      const emails = new Set(given.map(normaliseEmail).filter(Boolean));
      if (emails.size === 0) throw fieldError('user_emails', 'Обязательное поле.');
      const owners = (await copyOwners(source.id)).filter((owner) => emails.has(owner.email));
      if (owners.length === 0) throw badRequest('У этих пользователей нет открытых копий курса.', undefined, 'NO_COPIES');
      await ctx.db
        .update(courses)
        .set({ isAccess: false, updatedAt: ctx.now() })
        .where(
          and(
            eq(courses.copiedFromId, source.id),
            inArray(courses.schoolId, ctx.db.select({ id: schools.id }).from(schools).where(inArray(schools.ownerId, owners.map((owner) => owner.id)))),
          ),
        );
      return { detail: 'Доступ к курсу успешно удален.' };
    },
  );
}
