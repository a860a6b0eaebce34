import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../shared/errors.ts';
import { courses, lessons, sections, type OpenStudentLesson } from '../courses/index.ts';
import { lessonVideos } from './lesson-videos.ts';
import { markFinishedIfComplete, recordProgress, stepCompletes } from './progress.ts';
import { lessonStates, openLesson, studentCourse, type Course, type Enrolment, type LessonState } from './student-access.ts';

export type LessonRow = typeof lessons.$inferSelect;

/** A neighbouring lesson of the page («Назад», «Далее»). */
export interface Neighbour {
  type: string;
  id: number;
  section_id: number;
}

export interface StudentLesson {
  lesson: LessonRow;
  course: Course;
  /** The lesson's state after this visit (viewed; a webinar or a plain lesson without a video also completed). */
  state: LessonState;
  /** The lessons before and after it among those the student can see, in course order (locked or not). */
  previous: Neighbour | null;
  next: Neighbour | null;
  /** The enrolment, `finishedAt` set when this visit finished the course. */
  enrolment: Enrolment;
}

const lessonNotFound = () => notFound('Урок не найден.', 'LESSON_NOT_FOUND');
const neighbour = (state: LessonState | undefined): Neighbour | null => (state ? { type: state.type, id: state.id, section_id: state.sectionId } : null);

/**
 * A student opens a lesson page (any type: `type` is the route's). The gates first: a lesson of
 * another school, of a course they are not in, switched off or closed to them is 404; an
 * unpublished course, an access period over or a lock (strict order, opening date) is 403 with
 * the reason. Then the visit is recorded (a webinar or a plain lesson without a video is completed
 * by it; a video is to be watched: video-completion.ts) and, when
 * that completes the course, the course is finished for them (and its chained groups joined).
 * Three reads whatever the course's size (four for a plain lesson not yet completed: its videos); a
 * repeated visit writes nothing.
 */
export async function openLessonForStudent(
  ctx: AppContext,
  schoolId: number,
  lessonId: number,
  userId: number,
  type: string,
  options: { record: boolean } = { record: true },
): Promise<StudentLesson> {
  const now = ctx.now();
  const [row] = await ctx.db
    .select({ lesson: lessons, courseId: sections.courseId })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.type, type), eq(courses.schoolId, schoolId), isNull(courses.removedAt)));
  if (!row) throw lessonNotFound();
  let opened: Awaited<ReturnType<typeof studentCourse>>;
  try {
    opened = await studentCourse(ctx.db, schoolId, row.courseId, userId, now);
  } catch (error) {
    // Not in the course: the lesson is as unknown as any other id.
    throw error instanceof AppError && error.status === 404 ? lessonNotFound() : error;
  }
  const { course, enrolment } = opened;
  const states = await lessonStates(ctx.db, enrolment, now);
  const before = openLesson(states, lessonId);
  const index = states.indexOf(before);
  // Someone viewing as the student (impersonation is read-only) sees the page as it is, recording nothing.
  if (!options.record) return { lesson: row.lesson, course, state: before, previous: neighbour(states[index - 1]), next: neighbour(states[index + 1]), enrolment };
  const video = type === 'lesson' && !before.completed && (await lessonVideos(ctx.db, lessonId)).count > 0;
  const completes = stepCompletes(type, 'viewed', video);
  if (!before.viewed || (completes && !before.completed)) await recordProgress(ctx.db, enrolment, { id: lessonId, type, video }, 'viewed', now);
  const state: LessonState = { ...before, viewed: true, completed: before.completed || completes };
  // The states as they are now, without reading them again (no write unless this completes the course).
  const after = states.map((s, i) => (i === index ? state : s));
  const finishedAt = (await markFinishedIfComplete(ctx.db, enrolment, after, now)) ? now : enrolment.finishedAt;
  return { lesson: row.lesson, course, state, previous: neighbour(states[index - 1]), next: neighbour(states[index + 1]), enrolment: { ...enrolment, finishedAt } };
}

/** A student's gates to a lesson, read only, for courses' block routes (feature-routes.ts hands it to blockRoutes). */
export const openStudentLesson: OpenStudentLesson = (ctx, schoolId, lessonId, userId, type) => openLessonForStudent(ctx, schoolId, lessonId, userId, type, { record: false });
