import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { AppError, badRequest, forbidden } from '../../shared/errors.ts';
import { lessons, questions, sections, type testSettings } from '../courses/index.ts';
import { studentsGroupMembers } from '../groups/index.ts';
import type { Enrolment } from './student-access.ts';
import { testAttempts } from './tables.ts';

/**
 * A student's attempts at a test (reference UserTest, graded on the server). At most one attempt
 * of a student at a test is open (`submitted_at` null): it is created, under the lock of the
 * student's row in their group, only when none is open, so two first requests at once share one.
 * Its questions are drawn when it is created and kept in `question_ids`, so what is graded is what
 * was shown. A timed attempt has a deadline; sent more than TIMER_GRACE_MS after it, or found open
 * after it, the attempt is closed as failed with 0 points (it still counts against the limit).
 */

export type Attempt = typeof testAttempts.$inferSelect;
export type TestSettings = ReturnType<typeof testSettings>;

/** What a timed attempt may be late by and still be graded: the answer's way over the network. */
export const TIMER_GRACE_MS = 5_000;

export const TEST_ALREADY_PASSED_MESSAGE = 'Этот тест уже пройден пользователем';
export const ATTEMPTS_EXHAUSTED_MESSAGE = 'Попытки закончились.';
export const NO_QUESTIONS_MESSAGE = 'random_test_generator=True, Вопросы не найдены.';

export const testAlreadyPassed = () => badRequest(TEST_ALREADY_PASSED_MESSAGE, undefined, 'TEST_ALREADY_PASSED');
export const attemptsExhausted = () => forbidden(ATTEMPTS_EXHAUSTED_MESSAGE, 'ATTEMPTS_EXHAUSTED');

/** A student's graded attempts at a test, whether one passed, and their best percent. */
export interface AttemptStats {
  graded: number;
  passed: boolean;
  bestPercent: number | null;
}

/** One query (the test and user index). */
export async function attemptStats(db: Db, testId: number, userId: number): Promise<AttemptStats> {
  const [row] = await db
    .select({
      graded: sql<number>`count(${testAttempts.submittedAt})::int`,
      passed: sql<boolean>`coalesce(bool_or(${testAttempts.passed}), false)`,
      best: sql<string | null>`max(${testAttempts.successPercent})::text`,
    })
    .from(testAttempts)
    .where(and(eq(testAttempts.testId, testId), eq(testAttempts.userId, userId)));
  return { graded: row?.graded ?? 0, passed: row?.passed ?? false, bestPercent: row?.best === null || row?.best === undefined ? null : Number(row.best) };
}

/** Attempts still to be graded (the open one included); null: no limit. */
export function attemptsLeft(settings: Pick<TestSettings, 'attemptLimit' | 'attemptCount'>, graded: number): number | null {
  return settings.attemptLimit ? Math.max(0, settings.attemptCount - graded) : null;
}

/** The student's open attempt at the test, if any. */
export async function findOpenAttempt(db: Db, testId: number, userId: number): Promise<Attempt | null> {
  const [row] = await db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.testId, testId), eq(testAttempts.userId, userId), isNull(testAttempts.submittedAt)))
    .orderBy(desc(testAttempts.id))
    .limit(1);
  return row ?? null;
}

/** Whether an open attempt's time is over, grace included. */
export const isLate = (attempt: Pick<Attempt, 'deadline'>, now: Date): boolean => attempt.deadline !== null && now.getTime() > attempt.deadline.getTime() + TIMER_GRACE_MS;

/** Closes a late attempt as failed with 0 points, unless it was graded meanwhile. */
export async function closeLateAttempt(db: Db, attempt: Attempt, settings: TestSettings): Promise<void> {
  await db
    .update(testAttempts)
    .set({ submittedAt: attempt.deadline, points: 0, maxPoints: attempt.questionIds.length * Math.max(0, settings.pointsPerAnswer), successPercent: 0, passed: false })
    .where(and(eq(testAttempts.id, attempt.id), isNull(testAttempts.submittedAt)));
}

/** `count` items of `items` drawn at random, in the order drawn (all of them shuffled when count ≥ length). */
export function drawRandom<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/**
 * The questions of a new attempt: the test's own in order (shuffled with random_questions), or
 * for a random test num_questions drawn from the questions of its source tests (tests of the same
 * course; none: 400 as in the original).
 */
export async function drawQuestions(db: Db, test: { id: number; courseId: number }, settings: TestSettings): Promise<number[]> {
  if (settings.randomTestGenerator) {
    const rows =
      settings.testsIds.length === 0
        ? []
        : await db
            .select({ id: questions.id })
            .from(questions)
            .innerJoin(lessons, eq(lessons.id, questions.lessonId))
            .innerJoin(sections, eq(sections.id, lessons.sectionId))
            .where(and(inArray(lessons.id, settings.testsIds), eq(lessons.type, 'test'), eq(sections.courseId, test.courseId)))
            .orderBy(asc(questions.id));
    if (rows.length === 0) throw badRequest(NO_QUESTIONS_MESSAGE, undefined, 'QUESTIONS_NOT_FOUND');
    return drawRandom(
      rows.map((row) => row.id),
      settings.numQuestions,
    );
  }
  const rows = await db.select({ id: questions.id }).from(questions).where(eq(questions.lessonId, test.id)).orderBy(asc(questions.order), asc(questions.id));
  const ids = rows.map((row) => row.id);
  return settings.randomQuestions ? drawRandom(ids, ids.length) : ids;
}

/**
 * The student's open attempt, or a new one when none is open and the rules allow it (not passed
 * yet, attempts left): 400 TEST_ALREADY_PASSED, 403 ATTEMPTS_EXHAUSTED. A late open attempt is
 * closed first. A new timed attempt's deadline is `now` + the time limit.
 */
export async function startAttempt(db: Db, test: { id: number; courseId: number }, enrolment: Pick<Enrolment, 'groupId' | 'userId'>, settings: TestSettings, now: Date): Promise<Attempt> {
  return db.transaction(async (tx) => {
    // One student's attempt rules are checked and applied one request at a time.
    const [member] = await tx
      .select({ userId: studentsGroupMembers.userId })
      .from(studentsGroupMembers)
      .where(and(eq(studentsGroupMembers.groupId, enrolment.groupId), eq(studentsGroupMembers.userId, enrolment.userId)))
      .for('update');
    if (!member) throw new AppError(404, 'TEST_NOT_FOUND', 'Тест не найден.');
    const open = await findOpenAttempt(tx, test.id, enrolment.userId);
    if (open && !isLate(open, now)) return open;
    if (open) await closeLateAttempt(tx, open, settings);
    const stats = await attemptStats(tx, test.id, enrolment.userId);
    if (stats.passed) throw testAlreadyPassed();
    if (attemptsLeft(settings, stats.graded) === 0) throw attemptsExhausted();
    const questionIds = await drawQuestions(tx, test, settings);
    const deadline = settings.hasTimer && settings.timeLimit ? new Date(now.getTime() + settings.timeLimit * 1000) : null;
    const [row] = await tx.insert(testAttempts).values({ testId: test.id, userId: enrolment.userId, questionIds, startedAt: now, deadline }).returning();
    return row!;
  });
}
