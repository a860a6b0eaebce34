import { and, asc, count, desc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { isUniqueViolation } from '../../shared/db/errors.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courses, lessons, sections } from '../courses/index.ts';
import { lessonStates, markFinishedIfComplete, openLesson, recordProgress, studentCourse } from '../learning/index.ts';
import { autoAcceptAt, handInNotFound, HOMEWORK_EXISTS_MESSAGE, HOMEWORK_TEXT_MAX, SUBMISSION_LOCKED_MESSAGE, visibleTo, type Viewer } from './homework-access.ts';
import { homeworkFileRoutes } from './homework-file-routes.ts';
import { FileIds, takePendingFiles } from './pending-files.ts';
import { markSeen } from './review-reads.ts';
import { homeworkHandedIn } from './homework-events.ts';
import { HOMEWORK_STATUSES, userHomeworkChecks, userHomeworks, type HomeworkStatus } from './tables.ts';
import { handInItem, handInsWithNames, homeworkSchemas, threadOf, UserHomeworkItem, type UserHomeworkBody } from './thread.ts';

/**
 * Homework hand-ins (contract: Homework; reference §4.6): a student hands in a homework once (a
 * unique index decides, not a read before the write), through the lesson's gates; the hand-in
 * and the first message of its thread are written together, with the files uploaded for it
 * (file_ids, pending-files.ts): a refused file refuses the hand-in. A group without a teacher
 * accepts at once. Lists: a student's own, a teacher's groups', the whole school for admins.
 */
export async function userHomeworkRoutes(app: App): Promise<void> {
  const { ctx } = app;
  // The files a hand-in or an answer names are uploaded here first.
  await homeworkFileRoutes(app);

  /** A hand-in the viewer may see, with its thread. */
  async function detail(schoolId: number, id: number, viewer: Viewer): Promise<UserHomeworkBody> {
    const [row] = await handInsWithNames(ctx.db).where(and(eq(userHomeworks.id, id), eq(userHomeworks.schoolId, schoolId), visibleTo(viewer)));
    if (!row) throw handInNotFound();
    return { ...handInItem(row, viewer), checks: await threadOf(ctx, row.handIn, viewer) };
  }

  app.post(
    '/:school/user_homeworks/',
    {
      schema: {
        tags: ['homework'],
        summary: 'Сдать домашнее задание (ученик)',
        description:
          'Одна сдача на ученика и задание. Файлы загружаются заранее (homework_files/) и перечисляются в file_ids: работа сдаётся вместе с ними или не сдаётся. В группе без преподавателя работа принимается сразу.',
        params: Type.Object({ school: SchoolName }),
        body: Type.Object({
          homework: Id,
          course_id: Type.Optional(Id),
          text: Type.Optional(Text({ maxLength: HOMEWORK_TEXT_MAX })),
          file_ids: FileIds(),
        }),
        response: { 201: homeworkSchemas().UserHomeworkBody, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Student']);
      const userId = request.auth!.userId;
      const { homework, course_id: courseId, text = '', file_ids: fileIds = [] } = request.body;
      const now = ctx.now();
      const [lesson] = await ctx.db
        .select({ id: lessons.id, type: lessons.type, settings: lessons.settings, courseId: sections.courseId })
        .from(lessons)
        .innerJoin(sections, eq(sections.id, lessons.sectionId))
        .innerJoin(courses, eq(courses.id, sections.courseId))
        .where(and(eq(lessons.id, homework), eq(lessons.type, 'homework'), eq(courses.schoolId, school.id)));
      if (!lesson) throw notFound('Домашнее задание не найдено.', 'HOMEWORK_NOT_FOUND');
      if (courseId !== undefined && courseId !== lesson.courseId) throw fieldError('course_id', 'Домашнее задание не из этого курса.');
      // The lesson's own gates: the course open to the student, the lesson visible and unlocked.
      const { enrolment } = await studentCourse(ctx.db, school.id, lesson.courseId, userId, now);
      const states = await lessonStates(ctx.db, enrolment, now);
      openLesson(states, lesson.id);
      if (enrolment.taskSubmissionLock) throw forbidden(SUBMISSION_LOCKED_MESSAGE, 'SUBMISSION_LOCKED');
      const status: HomeworkStatus = enrolment.withTeacher ? 'pending' : 'accepted';
      let id: number;
      try {
        id = await ctx.db.transaction(async (tx) => {
          const [handIn] = await tx
            .insert(userHomeworks)
            .values({
              schoolId: school.id,
              homeworkId: lesson.id,
              courseId: lesson.courseId,
              userId,
              groupId: enrolment.groupId,
              teacherId: enrolment.withTeacher ? enrolment.teacherId : null,
              text,
              status,
              autoAcceptAt: status === 'pending' ? autoAcceptAt(lesson.settings, now) : null,
              lastReplyAt: now,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: userHomeworks.id });
          const [first] = await tx
            .insert(userHomeworkChecks)
            .values({ userHomeworkId: handIn!.id, authorId: userId, text, status, createdAt: now, updatedAt: now })
            .returning({ id: userHomeworkChecks.id });
          // Before anything is accepted: a file that is not the student's pending upload undoes it all.
          await takePendingFiles(tx, school.id, userId, first!.id, fileIds);
          await recordProgress(tx, enrolment, lesson, 'submitted', now);
          if (status === 'accepted') {
            await recordProgress(tx, enrolment, lesson, 'completed', now);
            const after = states.map((state) => (state.id === lesson.id ? { ...state, submitted: true, completed: true } : state));
            await markFinishedIfComplete(tx, enrolment, after, now);
          }
          return handIn!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'user_homeworks_homework_user_uq')) throw badRequest(HOMEWORK_EXISTS_MESSAGE, undefined, 'HOMEWORK_EXISTS');
        throw error;
      }
      if (status === 'pending') await homeworkHandedIn.emit(ctx, { homeworkId: lesson.id, userId, teacherId: enrolment.teacherId });
      return reply.code(201).send(await detail(school.id, id, { role: 'Student', userId }));
    },
  );

  app.get(
    '/:school/user_homeworks/',
    {
      schema: {
        tags: ['homework'],
        summary: 'Сданные работы: ученику — свои, преподавателю — его групп, администратору — все в школе',
        description: 'Сначала те, где переписка менялась последней.',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ ...PageQuery, homework: Type.Optional(Id), status: Type.Optional(Type.Enum([...HOMEWORK_STATUSES])) }),
        response: { 200: Page(UserHomeworkItem), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const viewer: Viewer = { role, userId: request.auth!.userId };
      const { p: page = 1, s: size = 20, homework, status } = request.query;
      // Admins read the school's (school, last_reply_at, id) index in its order; the others their few rows.
      const where = and(
        eq(userHomeworks.schoolId, school.id),
        visibleTo(viewer),
        homework !== undefined ? eq(userHomeworks.homeworkId, homework) : undefined,
        status !== undefined ? eq(userHomeworks.status, status) : undefined,
      );
      const [total] = await ctx.db.select({ n: count() }).from(userHomeworks).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      const order = slice.fromEnd ? [asc(userHomeworks.lastReplyAt), asc(userHomeworks.id)] : [desc(userHomeworks.lastReplyAt), desc(userHomeworks.id)];
      const rows = await handInsWithNames(ctx.db)
        .where(where)
        .orderBy(...order)
        .limit(slice.limit)
        .offset(slice.offset);
      if (slice.fromEnd) rows.reverse();
      return pageEnvelope(
        request,
        rows.map((row) => handInItem(row, viewer)),
        countAll,
        page,
        size,
      );
    },
  );

  app.get(
    '/:school/user_homeworks/:id/',
    {
      schema: {
        tags: ['homework'],
        summary: 'Сданная работа с перепиской по ней',
        params: Type.Object({ school: SchoolName, id: Id }),
        response: { 200: homeworkSchemas().UserHomeworkBody, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const body = await detail(school.id, request.params.id, { role, userId: request.auth!.userId });
      // Staff opening it have read it (the review queue's `unread`).
      if (role !== 'Student') await markSeen(ctx.db, body.user_homework_id, request.auth!.userId, ctx.now());
      return body;
    },
  );
}
