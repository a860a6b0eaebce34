import { and, asc, eq, isNull } from 'drizzle-orm';
import { Type, type Static, type TSchema } from 'typebox';
import type { App, FastifyRequest } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../shared/errors.ts';
import { errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { IMPERSONATION_READ_ONLY, isImpersonating } from '../../shared/security/auth.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courses, lessons, sections, testSettings, type StudentTestQuestions } from '../courses/index.ts';
import { loadQuestions, presentQuestions } from './attempt-questions.ts';
import { attemptsLeft, attemptStats, closeLateAttempt, findOpenAttempt, isLate, startAttempt, type Attempt, type TestSettings } from './attempts.ts';
import { gradeAttempt } from './grading.ts';
import { markFinishedIfComplete, recordProgress } from './progress.ts';
import { lessonStates, openLesson, studentCourse, type Enrolment } from './student-access.ts';
import { testAttempts } from './tables.ts';

/**
 * Taking a test (reference §4.5, graded on the server as §5.2 defect 6 asks): the student's view
 * of the questions (the student branch of `tests/{id}/get_questions/`, which the courses feature
 * hands over to `studentQuestions`), the timer, sending answers, and the student's attempts.
 * Every route passes the lesson gate first (the course is the student's and open, the lesson
 * visible and not locked). The key is read only to grade, and shown after an attempt only when
 * the test says show_right_answers and the attempt was the last one (passed, or none left).
 */

const STUDENTS_ONLY_MESSAGE = 'Тесты проходить могут только ученики';
const START_STUDENTS_ONLY_MESSAGE = 'Только студенты могут начинать тест';
const TIME_EXPIRED_MESSAGE = 'Время прохождения теста истекло';
const TIMER_NOT_STARTED_MESSAGE = 'Таймер не был запущен или тест не начат';

const testNotFound = () => notFound('Тест не найден.', 'TEST_NOT_FOUND');
const timeExpired = () => forbidden(TIME_EXPIRED_MESSAGE, 'TIME_EXPIRED');
const timerNotStarted = () => badRequest(TIMER_NOT_STARTED_MESSAGE, undefined, 'TIMER_NOT_STARTED');

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Params = Type.Object({ school: SchoolName, id: Id });

export const StudentTestView = Type.Object({
  test_id: Type.Integer(),
  name: Type.String(),
  time_limit: Nullable(Type.String({ description: 'HH:MM:SS' })),
  has_timer: Type.Boolean(),
  attempt_limit: Type.Boolean(),
  attempts_left: Nullable(Type.Integer({ description: 'Попытки, включая текущую; null — без ограничения' })),
  success_percent: Type.Integer(),
  user_test_id: Type.Integer({ description: 'Текущая (открытая) попытка' }),
  deadline: Nullable(Type.String({ description: 'Когда истекает время попытки (ISO)' })),
  questions: Type.Array(
    Type.Object({
      question_id: Type.Integer(),
      question_type: Type.String({ description: 'single, multiple, text, number, order, match' }),
      multiple_answer: Type.Boolean(),
      body: Type.String(),
      picture: Nullable(Type.String()),
      answers: Type.Array(
        Type.Object({
          answer_id: Type.Integer({ description: 'У вопроса order — номер элемента в этой попытке' }),
          body: Type.String(),
          picture: Nullable(Type.String()),
        }),
        { description: 'У вопросов text и number ответов нет: их вводит ученик' },
      ),
      match_options: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), body: Type.String() }), { description: 'Вопрос match: варианты пар' })),
    }),
  ),
});
export type StudentTestView = Static<typeof StudentTestView>;

const strict = { additionalProperties: false } as const;
const MAX_ITEMS = 200;
const SubmittedAnswer = Type.Union([
  Type.Object({ question: Id, answers: Type.Array(Id, { maxItems: MAX_ITEMS }) }, strict),
  Type.Object({ question: Id, text: Text({ maxLength: 2000 }) }, strict),
  Type.Object({ question: Id, number: Type.Number() }, strict),
  Type.Object({ question: Id, order: Type.Array(Id, { maxItems: MAX_ITEMS }) }, strict),
  Type.Object({ question: Id, pairs: Type.Array(Type.Tuple([Id, Id]), { maxItems: MAX_ITEMS }) }, strict),
]);
const UserTestBody = Type.Object(
  { test: Id, answers: Type.Array(SubmittedAnswer, { maxItems: 500 }) },
  { description: 'Любые другие поля (success_percent, баллы) не читаются: оценивает сервер.' },
);

const RightAnswer = Type.Object({
  question: Type.Integer(),
  correct: Type.Boolean({ description: 'Ответ ученика верен' }),
  points: Type.Integer(),
  answers: Type.Optional(Type.Array(Type.Integer())),
  texts: Type.Optional(Type.Array(Type.String())),
  ranges: Type.Optional(Type.Array(Type.Object({ from: Type.Number(), to: Type.Number() }))),
  order: Type.Optional(Type.Array(Type.Integer())),
  pairs: Type.Optional(Type.Array(Type.Tuple([Type.Integer(), Type.Integer()]))),
});

const UserTestResult = Type.Object({
  user_test_id: Type.Integer(),
  test: Type.Integer(),
  success_percent: Type.Number(),
  status: Type.Boolean({ description: 'Тест пройден' }),
  points: Type.Integer(),
  max_points: Type.Integer(),
  attempt_count: Type.Integer({ description: 'Проверенные попытки ученика, эта включительно' }),
  attempts_left: Nullable(Type.Integer()),
  right_answers: Type.Optional(Type.Array(RightAnswer, { description: 'Только с show_right_answers и после последней попытки' })),
});

const UserTest = Type.Object({
  user_test_id: Type.Integer(),
  success_percent: Nullable(Type.Number()),
  status: Nullable(Type.Boolean({ description: 'null — попытка ещё идёт' })),
  points: Nullable(Type.Integer()),
  max_points: Nullable(Type.Integer()),
  created_at: Type.String(),
  submitted_at: Nullable(Type.String()),
});

const StartResult = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  user_test_id: Type.Integer(),
  start_time: Type.String(),
  deadline: Nullable(Type.String()),
});

const TimerResult = Type.Union([
  Type.Object({ status: Type.Literal('No Timer') }),
  Type.Object({ status: Type.Literal('Time Remaining'), remaining_time: Type.Integer({ description: 'Секунды' }) }),
]);

function formatDuration(total: number | null): string | null {
  if (total === null) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

interface StudentTest {
  test: { id: number; name: string; courseId: number };
  enrolment: Enrolment;
  settings: TestSettings;
}

/**
 * A test of the school the student may take now: a test of another school, of a course they do
 * not study or that they cannot see is 404 TEST_NOT_FOUND; a closed course, an access period over
 * or a locked lesson 403 with the reason.
 */
async function studentTest(db: Db, schoolId: number, testId: number, userId: number, now: Date): Promise<StudentTest> {
  const [row] = await db
    .select({ id: lessons.id, name: lessons.name, settings: lessons.settings, courseId: sections.courseId })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(lessons.id, testId), eq(lessons.type, 'test'), eq(courses.schoolId, schoolId), isNull(courses.removedAt)));
  if (!row) throw testNotFound();
  try {
    const { enrolment } = await studentCourse(db, schoolId, row.courseId, userId, now);
    openLesson(await lessonStates(db, enrolment, now), row.id);
    return { test: { id: row.id, name: row.name, courseId: row.courseId }, enrolment, settings: testSettings(row.settings) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw testNotFound();
    throw error;
  }
}

/** The school and a student caller; staff get 403 with `message`. */
async function requireStudent(app: App, request: FastifyRequest, schoolName: string, message: string) {
  const { school, role } = await requireSchoolRole(app, request, { name: schoolName }, ['Admin', 'Teacher', 'Student']);
  if (role !== 'Student') throw forbidden(message, 'STUDENTS_ONLY');
  return school;
}

/** The open attempt to work on: the current one, or a new one (a late one is closed first). */
async function currentAttempt(db: Db, taken: StudentTest, now: Date): Promise<Attempt> {
  const open = await findOpenAttempt(db, taken.test.id, taken.enrolment.userId);
  if (open && !isLate(open, now)) return open;
  return startAttempt(db, taken.test, taken.enrolment, taken.settings, now);
}

/**
 * `GET {school}/tests/{id}/get_questions/` for a student (the courses feature's route calls this
 * for the Student role): the questions of their open attempt, without the key; an untimed test's
 * attempt is opened now when none is, a timed one only by start-test.
 */
export async function studentQuestions(app: App, request: FastifyRequest, schoolId: number, testId: number): Promise<StudentTestView> {
  const { ctx } = app;
  const now = ctx.now();
  const taken = await studentTest(ctx.db, schoolId, testId, request.auth!.userId, now);
  // A timed test's questions are read only once it is begun (start-test): reading them must not
  // start the clock while the student is still on the rules, nor show them before it runs. Viewing
  // as the student (read-only) must not open an attempt in their name.
  const open = await findOpenAttempt(ctx.db, taken.test.id, taken.enrolment.userId);
  const current = open && !isLate(open, now) ? open : null;
  if (!current && taken.settings.hasTimer) throw timerNotStarted();
  if (!current && isImpersonating(request)) throw forbidden(IMPERSONATION_READ_ONLY, 'IMPERSONATION_READ_ONLY');
  const attempt = current ?? (await startAttempt(ctx.db, taken.test, taken.enrolment, taken.settings, now));
  const [stats, loaded] = await Promise.all([attemptStats(ctx.db, taken.test.id, taken.enrolment.userId), loadQuestions(ctx.db, attempt.questionIds)]);
  const { settings } = taken;
  return {
    test_id: taken.test.id,
    name: taken.test.name,
    time_limit: formatDuration(settings.timeLimit),
    has_timer: settings.hasTimer,
    attempt_limit: settings.attemptLimit,
    attempts_left: attemptsLeft(settings, stats.graded),
    success_percent: settings.successPercent,
    user_test_id: attempt.id,
    deadline: attempt.deadline?.toISOString() ?? null,
    questions: presentQuestions(loaded, { secret: ctx.config.secret, attemptId: attempt.id, randomAnswers: settings.randomAnswers }).map((q) => q.view),
  };
}

export async function testRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.post(
    '/:school/tests/:id/start-test/',
    {
      // Clients send `{}` or nothing at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['learning'],
        summary: 'Начать тест (ученик): открывает попытку или возвращает открытую; у теста с таймером — её срок',
        params: Params,
        body: Type.Object({}, { description: 'Пустое тело' }),
        response: { 200: StartResult, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const school = await requireStudent(app, request, request.params.school, START_STUDENTS_ONLY_MESSAGE);
      const now = ctx.now();
      const taken = await studentTest(ctx.db, school.id, request.params.id, request.auth!.userId, now);
      const attempt = await currentAttempt(ctx.db, taken, now);
      return {
        status: 'Success' as const,
        message: 'Тест успешно начат',
        user_test_id: attempt.id,
        start_time: attempt.startedAt.toISOString(),
        deadline: attempt.deadline?.toISOString() ?? null,
      };
    },
  );

  app.get(
    '/:school/tests/:id/check-timer/',
    {
      schema: {
        tags: ['learning'],
        summary: 'Сколько времени осталось у открытой попытки (ученик)',
        description: "{status: 'No Timer'} | {status: 'Time Remaining', remaining_time}; 403 TIME_EXPIRED; 400 TIMER_NOT_STARTED.",
        params: Params,
        response: { 200: TimerResult, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const school = await requireStudent(app, request, request.params.school, STUDENTS_ONLY_MESSAGE);
      const now = ctx.now();
      const taken = await studentTest(ctx.db, school.id, request.params.id, request.auth!.userId, now);
      if (!taken.settings.hasTimer) return { status: 'No Timer' } as const;
      const open = await findOpenAttempt(ctx.db, taken.test.id, taken.enrolment.userId);
      if (!open) throw timerNotStarted();
      // Begun before the test had a timer: this attempt has none.
      if (open.deadline === null) return { status: 'No Timer' } as const;
      const remaining = Math.ceil((open.deadline.getTime() - now.getTime()) / 1000);
      if (remaining <= 0) throw timeExpired();
      return { status: 'Time Remaining', remaining_time: remaining } as const;
    },
  );

  app.post(
    '/:school/usertest/',
    {
      schema: {
        tags: ['learning'],
        summary: 'Отправить ответы попытки (ученик); оценивает сервер',
        description:
          'answers: [{question, answers: [id]} | {question, text} | {question, number} | {question, order: [id]} | {question, pairs: [[answer_id, match_option_id]]}]. Оценивается открытая попытка; без неё (тест без таймера) попытка открывается и оценивается сразу. 403 ATTEMPTS_EXHAUSTED, 400 TEST_ALREADY_PASSED, 403 TIME_EXPIRED (срок + 5 с), 409 ATTEMPT_ALREADY_SUBMITTED.',
        params: Type.Object({ school: SchoolName }),
        body: UserTestBody,
        response: { 201: UserTestResult, ...errors(400, 401, 403, 404, 409, 451) },
      },
    },
    async (request, reply) => {
      const school = await requireStudent(app, request, request.params.school, STUDENTS_ONLY_MESSAGE);
      const now = ctx.now();
      const taken = await studentTest(ctx.db, school.id, request.body.test, request.auth!.userId, now);
      const { test, enrolment, settings } = taken;
      let attempt = await findOpenAttempt(ctx.db, test.id, enrolment.userId);
      if (attempt && isLate(attempt, now)) {
        await closeLateAttempt(ctx.db, attempt, settings);
        throw timeExpired();
      }
      if (!attempt) {
        // A timed test is begun first (start-test or get_questions), so its clock runs from then.
        if (settings.hasTimer) throw timerNotStarted();
        attempt = await startAttempt(ctx.db, test, enrolment, settings, now);
      }
      const keyed = presentQuestions(await loadQuestions(ctx.db, attempt.questionIds), { secret: ctx.config.secret, attemptId: attempt.id, randomAnswers: settings.randomAnswers });
      const grade = gradeAttempt(keyed, request.body.answers, { pointsPerAnswer: settings.pointsPerAnswer, successPercent: settings.successPercent });
      // Graded once: of two requests sending the same attempt, one finds it already sent.
      const [graded] = await ctx.db
        .update(testAttempts)
        .set({ submittedAt: now, answers: request.body.answers, points: grade.points, maxPoints: grade.maxPoints, successPercent: grade.percent, passed: grade.passed })
        .where(and(eq(testAttempts.id, attempt.id), isNull(testAttempts.submittedAt)))
        .returning({ id: testAttempts.id });
      if (!graded) throw conflict('Эта попытка уже отправлена.', 'ATTEMPT_ALREADY_SUBMITTED');

      await recordProgress(ctx.db, enrolment, { id: test.id, type: 'test' }, 'submitted', now);
      if (grade.passed) {
        await recordProgress(ctx.db, enrolment, { id: test.id, type: 'test' }, 'completed', now);
        // Course chaining (joinChainedGroups) belongs inside markFinishedIfComplete, so that every
        // way of finishing a course chains alike (see the TODO there); nothing more to do here.
        await markFinishedIfComplete(ctx.db, enrolment, await lessonStates(ctx.db, enrolment, now), now);
      }
      const stats = await attemptStats(ctx.db, test.id, enrolment.userId);
      const left = attemptsLeft(settings, stats.graded);
      const final = grade.passed || left === 0;
      return reply.code(201).send({
        user_test_id: attempt.id,
        test: test.id,
        success_percent: grade.percent,
        status: grade.passed,
        points: grade.points,
        max_points: grade.maxPoints,
        attempt_count: stats.graded,
        attempts_left: left,
        ...(settings.showRightAnswers && final ? { right_answers: grade.results } : {}),
      });
    },
  );

  app.get(
    '/:school/tests/:id/usertests/',
    {
      schema: {
        tags: ['learning'],
        summary: 'Попытки ученика по тесту, по порядку (ученик)',
        params: Params,
        response: { 200: Type.Array(UserTest), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const school = await requireStudent(app, request, request.params.school, STUDENTS_ONLY_MESSAGE);
      const now = ctx.now();
      const { test, enrolment } = await studentTest(ctx.db, school.id, request.params.id, request.auth!.userId, now);
      const rows = await ctx.db
        .select()
        .from(testAttempts)
        .where(and(eq(testAttempts.testId, test.id), eq(testAttempts.userId, enrolment.userId)))
        .orderBy(asc(testAttempts.id));
      return rows.map((row) => ({
        user_test_id: row.id,
        success_percent: row.successPercent,
        status: row.passed,
        points: row.points,
        max_points: row.maxPoints,
        created_at: row.startedAt.toISOString(),
        submitted_at: row.submittedAt?.toISOString() ?? null,
      }));
    },
  );
}

/** A student's test for courses' tests/{id}/get_questions/ (feature-routes.ts hands it to questionRoutes). */
export const studentTestQuestions: StudentTestQuestions = { view: StudentTestView, questions: studentQuestions };
