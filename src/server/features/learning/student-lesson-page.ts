import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { questions, testSettings, type StudentLessons } from '../courses/index.ts';
import { attemptsLeft, attemptStats } from './attempts.ts';
import type { HandInReads } from './hand-in-reads.ts';
import { openLessonForStudent, type LessonRow } from './student-lesson.ts';

/** A test's start screen: the student's attempts, and how many questions an attempt has. */
async function testProgress(ctx: AppContext, lesson: LessonRow, userId: number) {
  const settings = testSettings(lesson.settings);
  const [stats, [own]] = await Promise.all([attemptStats(ctx.db, lesson.id, userId), ctx.db.select({ n: count() }).from(questions).where(eq(questions.lessonId, lesson.id))]);
  return {
    attempts_left: attemptsLeft(settings, stats.graded),
    passed: stats.passed,
    best_percent: stats.bestPercent,
    // A random test draws up to num_questions from its sources (fewer when they have fewer).
    questions_count: settings.randomTestGenerator ? settings.numQuestions : own!.n,
  };
}

/**
 * A student's lesson page, for courses' lesson routes (feature-routes.ts hands it to lessonRoutes):
 * the gates (their group's order, access period, lesson access), the visit recorded, the neighbours
 * to go to, and their own work on a test, or on a homework as homework reads it (`handIns`).
 */
export function studentLessonPage(handIns: Pick<HandInReads, 'summary' | 'ofStudent'>): StudentLessons {
  return {
    handIn: handIns.summary,
    async page(ctx, type, schoolId, lessonId, userId, record, detail) {
      const opened = await openLessonForStudent(ctx, schoolId, lessonId, userId, type, { record });
      const { lesson, course, state } = opened;
      const own =
        type === 'test'
          ? await testProgress(ctx, lesson, userId)
          : type === 'homework'
            ? { user_homework: await handIns.ofStudent(ctx.db, userId, lesson.id) }
            : {};
      return {
        ...(await detail(lesson, course)),
        previous: opened.previous,
        next: opened.next,
        viewed: state.viewed,
        completed: state.completed,
        sended: type === 'homework' || type === 'test' ? state.submitted : null,
        ...own,
      };
    },
  };
}
