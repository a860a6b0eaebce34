import { ACCEPTED_HOMEWORK_STATUSES } from '#core/homework-status';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { Db } from '../../shared/db/database.ts';
import { courses, lessons, sections } from '../courses/index.ts';
import { groupLessonClosures, studentLessonAccess, studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { userHomeworks } from '../homework/index.ts';
import { lessonProgress, lessonVisible } from '../learning/index.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A course of the summary (contract: courses_stats/). */
export const CourseSummaryRow = Type.Object({
  course_id: Type.Integer(),
  course_name: Type.String(),
  groups: Type.Integer(),
  students: Type.Integer({ description: 'Ученики групп курса (преподавателю — его групп)' }),
  active_students: Type.Integer({ description: 'Из них с шагом в курсе (просмотр, сдача, прохождение) за последние 30 дней' }),
  average_progress: Nullable(Type.Number({ description: 'Средний прогресс учеников, % с двумя знаками; null — нет учеников' })),
  average_mark: Nullable(Type.Number({ description: 'Средняя оценка принятых домашних заданий этих учеников; null — нет оценок' })),
});
export type CourseSummaryRow = Static<typeof CourseSummaryRow>;

/** Whose groups the figures cover: the school's, or one teacher's in it. */
export interface SummaryScope {
  schoolId: number;
  /** Only the groups this teacher teaches; null: every group of the school. */
  teacherId: number | null;
}

/** How far back a student's step makes them active. */
export const ACTIVE_DAYS = 30;
const DAY_MS = 86_400_000;

/** The scope's groups of live courses (not in the bin, not closed by their original's school), as a condition over students_groups joined with courses. */
const inScope = (scope: SummaryScope): SQL =>
  and(
    eq(studentsGroups.schoolId, scope.schoolId),
    scope.teacherId === null ? undefined : eq(studentsGroups.teacherId, scope.teacherId),
    isNull(courses.removedAt),
    eq(courses.isAccess, true),
  )!;

const m = studentsGroupMembers;

/**
 * Of the course's active lessons, those hidden from the member: closed to their group or by their
 * own access, and not reopened to them. Read from the group's closures and the student's own
 * access rows only, never from every lesson of the course.
 */
const hiddenLessons = sql<number>`(select count(*) from ${lessons}
  join ${sections} on ${sections.id} = ${lessons.sectionId}
  left join ${studentLessonAccess} on ${studentLessonAccess.userId} = ${m.userId} and ${studentLessonAccess.lessonId} = ${lessons.id}
  where ${lessons.id} in (select gc.lesson_id from ${groupLessonClosures} gc where gc.group_id = ${m.groupId}
      union all select sa.lesson_id from ${studentLessonAccess} sa where sa.user_id = ${m.userId})
    and ${sections.courseId} = ${m.courseId} and ${lessons.active} and not ${lessonVisible(m.groupId)})::int`;

/** The member's completed lessons among the active ones they can see (by lesson_progress (course_id, user_id)). */
const completedLessons = sql<number>`(select count(*) from ${lessonProgress}
  join ${lessons} on ${lessons.id} = ${lessonProgress.lessonId}
  left join ${studentLessonAccess} on ${studentLessonAccess.userId} = ${m.userId} and ${studentLessonAccess.lessonId} = ${lessonProgress.lessonId}
  where ${lessonProgress.userId} = ${m.userId} and ${lessonProgress.courseId} = ${m.courseId}
    and ${lessonProgress.completedAt} is not null and ${lessons.active} and ${lessonVisible(m.groupId)})::int`;

/** Whether the member took a step in the course (viewed, handed in, completed) since `since`. */
const activeSince = (since: Date) => sql<boolean>`exists (select 1 from ${lessonProgress}
  where ${lessonProgress.userId} = ${m.userId} and ${lessonProgress.courseId} = ${m.courseId}
    and greatest(${lessonProgress.viewedAt}, ${lessonProgress.submittedAt}, ${lessonProgress.completedAt}) >= ${since.toISOString()}::timestamptz)`;

const acceptedStatuses = [...ACCEPTED_HOMEWORK_STATUSES];

/**
 * The course summary of the statistics: each live course with a group in the scope, by name, with
 * its groups, their students, the active ones, the students' mean progress and the mean of their
 * accepted homework marks. Progress is the student's own rule (learning's lessonCounts and the
 * progress report): completed lessons among the active lessons they can see, in percent with two
 * decimals rounded down; the course's mean of those is rounded to two decimals.
 *
 * Three statements whatever the number of courses and students: the courses and their groups (by
 * the school's or the teacher's groups index), the students' figures (each member's rows read by
 * their own indexes: progress by lesson_progress (course_id, user_id), hidden lessons by the
 * group's closures and the student's access, active lessons per course by sections and lessons),
 * and the marks (user_homeworks (user_id, course_id)).
 */
export async function courseSummary(db: Db, scope: SummaryScope, now: Date): Promise<CourseSummaryRow[]> {
  const where = inScope(scope);
  const courseRows = await db
    .select({ id: courses.id, name: courses.name, groups: count() })
    .from(studentsGroups)
    .innerJoin(courses, eq(courses.id, studentsGroups.courseId))
    .where(where)
    .groupBy(courses.id, courses.name)
    .orderBy(asc(courses.name), asc(courses.id));
  if (courseRows.length === 0) return [];
  const courseIds = courseRows.map((row) => row.id);

  // Each course's active lessons, once per statement.
  const sizes = db
    .select({ courseId: sections.courseId, lessons: sql<number>`count(*)::int`.as('lessons') })
    .from(sections)
    .innerJoin(lessons, eq(lessons.sectionId, sections.id))
    .where(and(inArray(sections.courseId, courseIds), eq(lessons.active, true)))
    .groupBy(sections.courseId)
    .as('sizes');
  const students = db
    .select({
      courseId: sql<number>`${m.courseId}`.as('course_id'),
      visible: sql<number>`(coalesce(${sizes.lessons}, 0) - ${hiddenLessons})`.as('visible'),
      completed: completedLessons.as('completed'),
      active: activeSince(new Date(now.getTime() - ACTIVE_DAYS * DAY_MS)).as('active'),
    })
    .from(m)
    .innerJoin(studentsGroups, eq(studentsGroups.id, m.groupId))
    .innerJoin(courses, eq(courses.id, studentsGroups.courseId))
    .leftJoin(sizes, eq(sizes.courseId, m.courseId))
    .where(where)
    .as('students');
  // A student's percent as their own progress shows it: two decimals, rounded down.
  const percent = sql`case when ${students.visible} > 0 then floor(${students.completed} * 10000.0 / ${students.visible}) / 100 else 0 end`;
  const figures = await db
    .select({
      courseId: students.courseId,
      students: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${students.active}))::int`,
      progress: sql<number>`round(avg(${percent}), 2)::float8`,
    })
    .from(students)
    .groupBy(students.courseId);

  // The marks of the scope's students only: a teacher's figures are their groups'.
  const marks = await db
    .select({ courseId: userHomeworks.courseId, mark: sql<number>`round(avg(${userHomeworks.mark}), 2)::float8` })
    .from(m)
    .innerJoin(studentsGroups, eq(studentsGroups.id, m.groupId))
    .innerJoin(courses, eq(courses.id, studentsGroups.courseId))
    .innerJoin(userHomeworks, and(eq(userHomeworks.userId, m.userId), eq(userHomeworks.courseId, m.courseId)))
    .where(and(where, inArray(userHomeworks.status, acceptedStatuses), isNotNull(userHomeworks.mark)))
    .groupBy(userHomeworks.courseId);

  const byCourse = new Map(figures.map((row) => [row.courseId, row]));
  const markOf = new Map(marks.map((row) => [row.courseId, row.mark]));
  return courseRows.map((course) => {
    const figure = byCourse.get(course.id);
    return {
      course_id: course.id,
      course_name: course.name,
      groups: course.groups,
      students: figure?.students ?? 0,
      active_students: figure?.active ?? 0,
      average_progress: figure ? Number(figure.progress) : null,
      average_mark: markOf.has(course.id) ? Number(markOf.get(course.id)) : null,
    };
  });
}
