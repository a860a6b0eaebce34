import { isAcceptedHomeworkStatus } from '#core/homework-status';
import { and, eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import { fieldError, forbidden } from '../../shared/errors.ts';
import { errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { lessons } from '../courses/index.ts';
import { studentCourse } from '../learning/index.ts';
import { notAccepted } from './accepted.ts';
import { scheduleAutoAccept } from './auto-accept.ts';
import { checkNotFound } from './check-files.ts';
import { completeHandIn } from './complete-hand-in.ts';
import {
  assertMayWrite,
  autoAcceptAt,
  findHandIn,
  homeworkAccepted,
  HOMEWORK_TEXT_MAX,
  lastCheckId,
  NOT_OWN_CHECK_MESSAGE,
  notTeacher,
  SUBMISSION_LOCKED_MESSAGE,
  teachesHandIn,
  type HandIn,
  type Viewer,
} from './homework-access.ts';
import { FileIds, takePendingFiles } from './pending-files.ts';
import { homeworkChecked, homeworkHandedIn } from './homework-events.ts';
import { HOMEWORK_STATUSES, userHomeworkChecks, userHomeworks, type HomeworkStatus } from './tables.ts';
import { homeworkSchemas, threadOf, type CheckBody } from './thread.ts';

/** What a teacher or an admin may set; 'pending' is the student's answer, 'auto_check' the job runner's. */
const REVIEW_STATUSES = ['revision', 'rejected', 'accepted'] as const;
const Mark = Type.Union([Type.Integer({ minimum: 0, maximum: 1000 }), Type.Null()]);
const Status = Type.Enum([...HOMEWORK_STATUSES]);

/** A reviewer's status: one of the review statuses, else a field error. */
function reviewStatus(status: Static<typeof Status> | undefined): HomeworkStatus | undefined {
  if (status !== undefined && !(REVIEW_STATUSES as readonly string[]).includes(status)) throw fieldError('status', 'Недопустимое значение.');
  return status;
}

/**
 * The thread of a hand-in (contract: user_homework_checks; reference §4.6): the student answers
 * (the hand-in goes back to 'pending'), its teacher or an admin reviews (revision, rejected,
 * accepted, a mark). Each message's status and mark become the hand-in's. Once accepted nobody
 * writes: the hand-in's row is updated only while it is not accepted (a conditional update), so of
 * two writes at once after which it would be accepted, only the first passes.
 */
export async function checkRoutes(app: App): Promise<void> {
  const { ctx } = app;
  scheduleAutoAccept(ctx);

  /** One message of the thread as the viewer sees it. */
  async function checkBody(handIn: HandIn, checkId: number, viewer: Viewer): Promise<CheckBody> {
    const thread = await threadOf(ctx, handIn, viewer);
    return thread.find((check) => check.user_homework_check_id === checkId)!;
  }

  app.post(
    '/:school/user_homework_checks/',
    {
      schema: {
        tags: ['homework'],
        summary: 'Ответить в переписке по сданной работе: ученик — ответ, преподаватель или администратор — проверка',
        description:
          'Ответ ученика возвращает работу на проверку; преподаватель ставит статус (revision, rejected, accepted) и оценку 0–1000. Файлы загружаются заранее (homework_files/) и перечисляются в file_ids: запись сохраняется вместе с ними или не сохраняется.',
        params: Type.Object({ school: SchoolName }),
        body: Type.Object({
          user_homework: Id,
          text: Type.Optional(Text({ maxLength: HOMEWORK_TEXT_MAX })),
          status: Type.Optional(Status),
          mark: Type.Optional(Mark),
          file_ids: FileIds(),
        }),
        response: { 201: homeworkSchemas().CheckBody, ...errors(400, 401, 403, 404, 409, 451) },
      },
    },
    async (request, reply) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const viewer: Viewer = { role, userId: request.auth!.userId };
      const { user_homework: id, text = '' } = request.body;
      const now = ctx.now();
      const found = await findHandIn(ctx.db, school.id, id);
      assertMayWrite(found, viewer);
      if (isAcceptedHomeworkStatus(found.handIn.status)) throw homeworkAccepted();
      const asStudent = viewer.role === 'Student';
      let status: HomeworkStatus;
      let mark: number | null | undefined;
      let dueAt: Date | null;
      if (asStudent) {
        // The student answers while their course is open to them; what they send as a status or a mark is not theirs to set.
        const { enrolment } = await studentCourse(ctx.db, school.id, found.handIn.courseId, viewer.userId, now);
        if (enrolment.taskSubmissionLock) throw forbidden(SUBMISSION_LOCKED_MESSAGE, 'SUBMISSION_LOCKED');
        const [homework] = await ctx.db.select({ settings: lessons.settings }).from(lessons).where(eq(lessons.id, found.handIn.homeworkId));
        status = 'pending';
        mark = undefined;
        dueAt = autoAcceptAt(homework?.settings, now);
      } else {
        status = reviewStatus(request.body.status) ?? (found.handIn.status as HomeworkStatus);
        mark = request.body.mark;
        // A reviewer's word stops a pending automatic acceptance, unless the hand-in is still waiting.
        dueAt = status === 'pending' ? found.handIn.autoAcceptAt : null;
      }
      const checkId = await ctx.db.transaction(async (tx) => {
        const [handIn] = await tx
          .update(userHomeworks)
          .set({
            status,
            ...(mark !== undefined ? { mark } : {}),
            // The teacher who checks it is its teacher from now on (a group's new teacher takes it over).
            ...(viewer.role === 'Teacher' ? { teacherId: viewer.userId } : {}),
            autoAcceptAt: dueAt,
            lastReplyAt: now,
            updatedAt: now,
          })
          .where(and(eq(userHomeworks.id, id), notAccepted()))
          .returning();
        if (!handIn) throw homeworkAccepted();
        const [check] = await tx
          .insert(userHomeworkChecks)
          .values({ userHomeworkId: id, authorId: viewer.userId, text, status, mark: mark ?? null, createdAt: now, updatedAt: now })
          .returning({ id: userHomeworkChecks.id });
        await takePendingFiles(tx, school.id, viewer.userId, check!.id, request.body.file_ids ?? []);
        if (status === 'accepted') await completeHandIn(tx, handIn, now);
        return check!.id;
      });
      const { homeworkId, userId } = found.handIn;
      if (asStudent) await homeworkHandedIn.emit(ctx, { homeworkId, userId, teacherId: found.handIn.teacherId ?? found.groupTeacherId });
      else await homeworkChecked.emit(ctx, { homeworkId, userId, status, mark: mark === undefined ? found.handIn.mark : mark });
      return reply.code(201).send(await checkBody(found.handIn, checkId, viewer));
    },
  );

  app.patch(
    '/:school/user_homework_checks/:id/',
    {
      schema: {
        tags: ['homework'],
        summary: 'Исправить свою запись в переписке (текст; преподавателю — статус и оценку)',
        params: Type.Object({ school: SchoolName, id: Id }),
        body: Type.Object({
          text: Type.Optional(Text({ maxLength: HOMEWORK_TEXT_MAX })),
          status: Type.Optional(Status),
          mark: Type.Optional(Mark),
        }),
        response: { 200: homeworkSchemas().CheckBody, ...errors(400, 401, 403, 404, 409, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const viewer: Viewer = { role, userId: request.auth!.userId };
      const now = ctx.now();
      const [own] = await ctx.db
        .select({ check: userHomeworkChecks, lastId: lastCheckId })
        .from(userHomeworkChecks)
        .innerJoin(userHomeworks, eq(userHomeworks.id, userHomeworkChecks.userHomeworkId))
        .where(and(eq(userHomeworkChecks.id, request.params.id), eq(userHomeworks.schoolId, school.id)));
      if (!own) throw checkNotFound();
      const found = await findHandIn(ctx.db, school.id, own.check.userHomeworkId);
      if (own.check.authorId !== viewer.userId) throw forbidden(NOT_OWN_CHECK_MESSAGE, 'NOT_CHECK_AUTHOR');
      if (isAcceptedHomeworkStatus(found.handIn.status)) throw homeworkAccepted();
      const { text } = request.body;
      const reviewer = viewer.role !== 'Student';
      // A student's status and mark are not theirs to set (as in a new message).
      const status = reviewer ? reviewStatus(request.body.status) : undefined;
      const mark = reviewer ? request.body.mark : undefined;
      if (viewer.role === 'Teacher' && (status !== undefined || mark !== undefined) && !teachesHandIn(found, viewer.userId)) throw notTeacher();
      // The newest message's status and mark are the hand-in's.
      const latest = own.check.id === own.lastId;
      await ctx.db.transaction(async (tx) => {
        const [handIn] = await tx
          .update(userHomeworks)
          .set({
            ...(latest && status !== undefined ? { status, autoAcceptAt: null } : {}),
            ...(latest && mark !== undefined ? { mark } : {}),
            updatedAt: now,
          })
          .where(and(eq(userHomeworks.id, found.handIn.id), notAccepted()))
          .returning();
        if (!handIn) throw homeworkAccepted();
        await tx
          .update(userHomeworkChecks)
          .set({ ...(text !== undefined ? { text } : {}), ...(status !== undefined ? { status } : {}), ...(mark !== undefined ? { mark } : {}), updatedAt: now })
          .where(eq(userHomeworkChecks.id, own.check.id));
        if (latest && status === 'accepted') await completeHandIn(tx, handIn, now);
      });
      return checkBody(found.handIn, own.check.id, viewer);
    },
  );
}
