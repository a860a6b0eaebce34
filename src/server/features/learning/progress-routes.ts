import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { Type, type Static, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { schoolMembers, users } from '../../shared/db/core-tables.ts';
import { forbidden, notFound } from '../../shared/errors.ts';
import { errors, Id, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole, type School } from '../../shared/security/school-access.ts';
import { courses, lessons } from '../courses/index.ts';
import { studentLessonAccess, studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import type { HandInReads } from './hand-in-reads.ts';
import { lessonCounts, type CourseCounts } from './progress.ts';
import { lessonVisible } from './student-access.ts';
import { lessonProgress } from './tables.ts';
import { videoCompletionRoutes } from './video-completion-routes.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const KindProgress = Type.Object({ completed_percent: Type.Number(), all_lessons: Type.Integer(), completed_lessons: Type.Integer() });

const CourseProgress = Type.Object({
  course_id: Type.Integer(),
  course_name: Type.String(),
  all_baselessons: Type.Integer(),
  completed_count: Type.Integer(),
  /** Percent with two decimals, rounded down (100 only when everything is done). */
  completed_percent: Type.Number(),
  /** The mean of the student's accepted homework marks; null: none yet. */
  average_mark: Nullable(Type.Number()),
  /** Plain lessons and webinars. */
  lessons: KindProgress,
  homeworks: KindProgress,
  tests: KindProgress,
  /** Place among the course's students by completed lessons (earlier finish first); null before the first. */
  rank_in_course: Type.Optional(Nullable(Type.Integer())),
  /** Share of the course's other students with fewer completed lessons (100 when alone). */
  better_than_percent: Type.Optional(Type.Number()),
});

const ProgressReport = Type.Object({
  student: Type.String({ description: 'e-mail ученика' }),
  school_id: Type.Integer(),
  school_name: Type.String(),
  courses: Type.Array(CourseProgress),
});

type CourseProgressBody = Static<typeof CourseProgress>;

/** Percent with two decimals, rounded down. */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((part * 10_000) / whole) / 100);

function kind(counts: CourseCounts | undefined, types: readonly string[]) {
  let all = 0;
  let done = 0;
  for (const type of types) {
    all += counts?.get(type)?.total ?? 0;
    done += counts?.get(type)?.completed ?? 0;
  }
  return { completed_percent: percent(done, all), all_lessons: all, completed_lessons: done };
}

/** A student's place in a course. */
interface Place {
  place: number;
  done: number;
  /** Students of the course with fewer completed lessons. */
  lower: number;
  enrolled: number;
}

const notInCourse = (courseId: number) => forbidden(`Студент в курсе course_id = ${courseId} не найден.`, 'STUDENT_NOT_IN_COURSE');
const studentNotFound = () => notFound('Студент не найден.', 'STUDENT_NOT_FOUND');

/**
 * The student's progress (reference §4.9 student_progress): per course the lessons they can see and
 * have completed, in all and by kind, the mean of their accepted homework marks and their place
 * among the course's students. Reads only (the original wrote on GET: a defect): a constant number
 * of statements whatever the number of courses, lessons or students. The marks are homework's
 * (above learning): feature-routes.ts hands in their read.
 */
export async function progressRoutes(app: App, averageMarks: HandInReads['averageMarks']): Promise<void> {
  const { ctx } = app;
  // Completing a lesson by watching its video is progress too.
  await videoCompletionRoutes(app);

  /** The report of one student's courses in the school (`courseId`: one of them; `teacherId`: only that teacher's groups). */
  async function report(school: School, student: { id: number; email: string }, options: { courseId?: number; teacherId?: number; rank: boolean }) {
    const enrolled = await ctx.db
      .select({ id: courses.id, name: courses.name })
      .from(studentsGroupMembers)
      .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
      .innerJoin(courses, eq(courses.id, studentsGroupMembers.courseId))
      .where(
        and(
          eq(studentsGroupMembers.userId, student.id),
          eq(courses.schoolId, school.id),
          isNull(courses.removedAt),
          eq(courses.isAccess, true),
          options.courseId === undefined ? undefined : eq(courses.id, options.courseId),
          options.teacherId === undefined ? undefined : eq(studentsGroups.teacherId, options.teacherId),
        ),
      )
      .orderBy(asc(courses.order), asc(courses.id));
    const ids = enrolled.map((c) => c.id);
    const counts = ids.length === 0 ? new Map<number, CourseCounts>() : await lessonCounts(ctx.db, student.id, ids);
    const marks = ids.length === 0 ? new Map<number, number>() : await averageMarks(ctx.db, student.id, ids);
    const ranks = ids.length === 0 || !options.rank ? new Map<number, Place>() : await places(student.id, ids);
    const list: CourseProgressBody[] = enrolled.map((course) => {
      const byType = counts.get(course.id);
      const all = kind(byType, ['lesson', 'webinar', 'homework', 'test']);
      const body: CourseProgressBody = {
        course_id: course.id,
        course_name: course.name,
        all_baselessons: all.all_lessons,
        completed_count: all.completed_lessons,
        completed_percent: all.completed_percent,
        average_mark: marks.get(course.id) ?? null,
        lessons: kind(byType, ['lesson', 'webinar']),
        homeworks: kind(byType, ['homework']),
        tests: kind(byType, ['test']),
      };
      if (!options.rank) return body;
      const place = ranks.get(course.id);
      return {
        ...body,
        rank_in_course: place && place.done > 0 ? place.place : null,
        better_than_percent: !place || place.enrolled <= 1 ? 100 : percent(place.lower, place.enrolled - 1),
      };
    });
    return { student: student.email, school_id: school.id, school_name: school.name, courses: list };
  }

  /**
   * The student's place in each course among all its students, by completed lessons they could
   * see (the earlier last completion first on a tie): one statement over the courses' members and
   * their progress rows (lesson_progress_course_user_idx).
   */
  async function places(userId: number, courseIds: number[]): Promise<Map<number, Place>> {
    const m = studentsGroupMembers;
    const counts = ctx.db.$with('counts').as(
      ctx.db
        .select({
          courseId: m.courseId,
          userId: m.userId,
          done: sql<number>`count(${lessonProgress.completedAt})::int`.as('done'),
          lastAt: sql<Date | null>`max(${lessonProgress.completedAt})`.as('last_at'),
        })
        .from(m)
        .leftJoin(
          lessonProgress,
          and(
            eq(lessonProgress.courseId, m.courseId),
            eq(lessonProgress.userId, m.userId),
            isNotNull(lessonProgress.completedAt),
            // Only lessons this student can see count, as in their own figures.
            sql`exists (select 1 from ${lessons} left join ${studentLessonAccess} on ${studentLessonAccess.userId} = ${m.userId} and ${studentLessonAccess.lessonId} = ${lessons.id}
              where ${lessons.id} = ${lessonProgress.lessonId} and ${lessons.active} and ${lessonVisible(m.groupId)})`,
          ),
        )
        .where(inArray(m.courseId, courseIds))
        .groupBy(m.courseId, m.userId),
    );
    const ranked = ctx.db.$with('ranked').as(
      ctx.db
        .with(counts)
        .select({
          courseId: counts.courseId,
          userId: counts.userId,
          done: counts.done,
          place: sql<number>`(row_number() over (partition by ${counts.courseId} order by ${counts.done} desc, ${counts.lastAt} asc nulls last, ${counts.userId}))::int`.as('place'),
          lower: sql<number>`(rank() over (partition by ${counts.courseId} order by ${counts.done}) - 1)::int`.as('lower'),
          enrolled: sql<number>`(count(*) over (partition by ${counts.courseId}))::int`.as('enrolled'),
        })
        .from(counts),
    );
    const rows = await ctx.db.with(counts, ranked).select().from(ranked).where(eq(ranked.userId, userId));
    return new Map(rows.map((row) => [row.courseId, { place: row.place, done: row.done, lower: row.lower, enrolled: row.enrolled }]));
  }

  async function ownEmail(userId: number): Promise<{ id: number; email: string }> {
    const [user] = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
    return user!;
  }

  /** A course of the school, live: another school's or an unknown id is 404. */
  async function courseOfSchool(schoolId: number, courseId: number): Promise<void> {
    const [course] = await ctx.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.id, courseId), eq(courses.schoolId, schoolId), isNull(courses.removedAt), eq(courses.isAccess, true)));
    if (!course) throw notFound('Курс не найден.', 'COURSE_NOT_FOUND');
  }

  /** One course of the calling student: 404 outside the school, 403 when they do not study it. */
  async function ownCourseReport(school: School, userId: number, courseId: number) {
    const result = await report(school, await ownEmail(userId), { courseId, rank: true });
    if (result.courses.length === 0) {
      await courseOfSchool(school.id, courseId);
      throw notInCourse(courseId);
    }
    return result;
  }

  const tags = ['learning'];
  const CourseQuery = Type.Object({ course_id: Id });

  app.get(
    '/:school/student_progress/get_student_progress_for_student/',
    {
      schema: {
        tags,
        summary: 'Прогресс ученика в своём курсе: уроки, домашние задания, тесты, средний балл, место среди учеников курса',
        params: Type.Object({ school: SchoolName }),
        querystring: CourseQuery,
        response: { 200: ProgressReport, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Student']);
      return ownCourseReport(school, request.auth!.userId, request.query.course_id);
    },
  );

  app.get(
    '/:school/student_progress/get_student_progress_for_admin_or_teacher/',
    {
      schema: {
        tags,
        summary: 'Прогресс ученика по его курсам (администратору — все курсы школы, преподавателю — курсы его групп)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ student_id: Id }),
        response: { 200: ProgressReport, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const [student] = await ctx.db
        .select({ id: users.id, email: users.email })
        .from(schoolMembers)
        .innerJoin(users, eq(users.id, schoolMembers.userId))
        .where(and(eq(schoolMembers.schoolId, school.id), eq(schoolMembers.userId, request.query.student_id), eq(schoolMembers.role, 'Student')));
      if (!student) throw studentNotFound();
      const teacherId = role === 'Teacher' ? request.auth!.userId : undefined;
      const result = await report(school, student, { rank: true, ...(teacherId === undefined ? {} : { teacherId }) });
      // A teacher sees the students of their groups only.
      if (teacherId !== undefined && result.courses.length === 0) throw studentNotFound();
      return result;
    },
  );

  app.get(
    '/:school/student_progress/homework_progress/',
    {
      schema: {
        tags,
        summary: 'Прогресс ученика: по одному курсу (course_id, с местом среди учеников) или по всем своим курсам',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ course_id: Type.Optional(Id) }),
        response: { 200: ProgressReport, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Student']);
      const userId = request.auth!.userId;
      const courseId = request.query.course_id;
      if (courseId !== undefined) return ownCourseReport(school, userId, courseId);
      return report(school, await ownEmail(userId), { rank: false });
    },
  );
}
