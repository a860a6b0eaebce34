import { isAcceptedHomeworkStatus } from '#core/homework-status';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { ServerConfig } from '../../config.ts';
import { schoolMembers, users } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { notFound } from '../../shared/errors.ts';
import { avatarUrl } from '../../shared/uploads/avatars.ts';
import { courses, lessons, sections } from '../courses/index.ts';
import { studentLessonAccess, studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { HOMEWORK_STATUSES, userHomeworks } from '../homework/index.ts';
import { lessonProgress, lessonVisible, testAttempts } from '../learning/index.ts';
import type { SummaryScope } from './course-summary.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const LESSON_STATUSES = ['completed', 'submitted', 'viewed', 'not_started'] as const;

const SectionLesson = Type.Object({
  lesson_id: Type.Integer(),
  type: Type.String(),
  name: Type.String(),
  status: Type.Enum([...LESSON_STATUSES]),
  mark: Nullable(Type.Number({ description: 'Оценка принятого задания или лучший результат теста, %' })),
  viewed_at: Nullable(Type.String()),
  completed_at: Nullable(Type.String()),
  homework_status: Nullable(Type.Enum([...HOMEWORK_STATUSES])),
  user_homework_id: Nullable(Type.Integer()),
});

const StudentGroupData = Type.Object({
  group_id: Type.Integer(),
  group_name: Type.String(),
  course_id: Type.Integer(),
  course_name: Type.String(),
  date_added: Type.String(),
  last_active: Nullable(Type.String({ description: 'Последний шаг ученика в курсе' })),
  tests_time_seconds: Type.Integer({ description: 'Время на тестах: сумма длительностей отправленных попыток, с' }),
  sections: Type.Array(Type.Object({ section_id: Type.Integer(), name: Type.String(), lessons: Type.Array(SectionLesson) })),
});

export const StudentSections = Type.Object({
  school_name: Type.String(),
  student_id: Type.Integer(),
  student: Type.Object({
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    avatar: Nullable(Type.String()),
    last_login: Nullable(Type.String()),
  }),
  student_data: Type.Array(StudentGroupData),
});
export type StudentSections = Static<typeof StudentSections>;
type GroupData = Static<typeof StudentGroupData>;
type LessonBody = Static<typeof SectionLesson>;

export const studentNotFound = () => notFound('Ученик не найден.', 'STUDENT_NOT_FOUND');

const m = studentsGroupMembers;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A lesson's status from its progress row: the furthest step. */
function statusOf(row: { viewedAt: Date | null; submittedAt: Date | null; completedAt: Date | null }): LessonBody['status'] {
  if (row.completedAt) return 'completed';
  if (row.submittedAt) return 'submitted';
  return row.viewedAt ? 'viewed' : 'not_started';
}

/**
 * A student's statistics by group (contract: schools/{id}/section_student/, the teacher's
 * student-stats screen): per group of theirs in the scope, the course's modules with the lessons
 * the student can see (the student's own rule: active, their own access else their group's
 * closures), each lesson's furthest step, its times, the accepted homework mark or best test
 * result, the hand-in; the last step in the course and the time spent on tests (submitted minus
 * started, summed over the sent attempts: the one duration the platform records).
 *
 * A student not of the school, or (for a teacher) in none of their groups, is 404. Four
 * statements whatever the number of groups and lessons: the student, their groups with the
 * figures, the courses' modules, and the visible lessons with the student's rows.
 */
export async function studentSections(db: Db, config: ServerConfig, scope: SummaryScope & { schoolName: string }, studentId: number): Promise<StudentSections> {
  const [student] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, avatar: users.avatar, lastLogin: users.lastLogin })
    .from(schoolMembers)
    .innerJoin(users, eq(users.id, schoolMembers.userId))
    .where(and(eq(schoolMembers.schoolId, scope.schoolId), eq(schoolMembers.userId, studentId), eq(schoolMembers.role, 'Student')));
  if (!student) throw studentNotFound();

  const groups = await db
    .select({
      groupId: studentsGroups.id,
      groupName: studentsGroups.name,
      courseId: courses.id,
      courseName: courses.name,
      added: m.createdAt,
      lastActive: sql<Date | null>`(select max(greatest(${lessonProgress.viewedAt}, ${lessonProgress.submittedAt}, ${lessonProgress.completedAt})) from ${lessonProgress}
        where ${lessonProgress.userId} = ${m.userId} and ${lessonProgress.courseId} = ${m.courseId})`.mapWith(lessonProgress.viewedAt),
      testsSeconds: sql<number>`(select coalesce(round(sum(extract(epoch from (${testAttempts.submittedAt} - ${testAttempts.startedAt})))), 0)::int
        from ${testAttempts} join ${lessons} on ${lessons.id} = ${testAttempts.testId} join ${sections} on ${sections.id} = ${lessons.sectionId}
        where ${testAttempts.userId} = ${m.userId} and ${testAttempts.submittedAt} is not null and ${sections.courseId} = ${m.courseId})`,
    })
    .from(m)
    .innerJoin(studentsGroups, eq(studentsGroups.id, m.groupId))
    .innerJoin(courses, eq(courses.id, m.courseId))
    .where(
      and(
        eq(m.userId, studentId),
        eq(studentsGroups.schoolId, scope.schoolId),
        scope.teacherId === null ? undefined : eq(studentsGroups.teacherId, scope.teacherId),
        isNull(courses.removedAt),
        eq(courses.isAccess, true),
      ),
    )
    .orderBy(asc(courses.order), asc(courses.id));
  // A teacher sees the students of their groups only.
  if (scope.teacherId !== null && groups.length === 0) throw studentNotFound();

  const body: StudentSections = {
    school_name: scope.schoolName,
    student_id: studentId,
    student: { first_name: student.firstName, last_name: student.lastName, email: student.email, avatar: avatarUrl(config, student.avatar), last_login: iso(student.lastLogin) },
    student_data: [],
  };
  if (groups.length === 0) return body;
  const courseIds = groups.map((group) => group.courseId);
  const groupIds = groups.map((group) => group.groupId);

  const modules = await db
    .select({ id: sections.id, courseId: sections.courseId, name: sections.name })
    .from(sections)
    .where(inArray(sections.courseId, courseIds))
    .orderBy(asc(sections.courseId), asc(sections.order));
  const lessonRows = await db
    .select({
      id: lessons.id,
      sectionId: lessons.sectionId,
      type: lessons.type,
      name: lessons.name,
      viewedAt: lessonProgress.viewedAt,
      submittedAt: lessonProgress.submittedAt,
      completedAt: lessonProgress.completedAt,
      handInId: userHomeworks.id,
      handInStatus: userHomeworks.status,
      handInMark: userHomeworks.mark,
      bestTest: sql<number | null>`case when ${lessons.type} = 'test' then (select max(${testAttempts.successPercent}) from ${testAttempts}
        where ${testAttempts.testId} = ${lessons.id} and ${testAttempts.userId} = ${m.userId} and ${testAttempts.submittedAt} is not null) end`,
    })
    .from(m)
    .innerJoin(sections, eq(sections.courseId, m.courseId))
    .innerJoin(lessons, eq(lessons.sectionId, sections.id))
    .leftJoin(studentLessonAccess, and(eq(studentLessonAccess.userId, m.userId), eq(studentLessonAccess.lessonId, lessons.id)))
    .leftJoin(lessonProgress, and(eq(lessonProgress.userId, m.userId), eq(lessonProgress.lessonId, lessons.id)))
    .leftJoin(userHomeworks, and(eq(userHomeworks.homeworkId, lessons.id), eq(userHomeworks.userId, m.userId)))
    .where(and(eq(m.userId, studentId), inArray(m.groupId, groupIds), eq(lessons.active, true), lessonVisible(m.groupId)))
    .orderBy(asc(lessons.sectionId), asc(lessons.order));

  const bySection = new Map<number, LessonBody[]>();
  for (const row of lessonRows) {
    const homework = row.type === 'homework';
    const accepted = homework && row.handInStatus !== null && isAcceptedHomeworkStatus(row.handInStatus);
    let list = bySection.get(row.sectionId);
    if (!list) bySection.set(row.sectionId, (list = []));
    list.push({
      lesson_id: row.id,
      type: row.type,
      name: row.name,
      status: statusOf(row),
      mark: accepted ? row.handInMark : row.bestTest === null ? null : Number(row.bestTest),
      viewed_at: iso(row.viewedAt),
      completed_at: iso(row.completedAt),
      homework_status: homework ? ((row.handInStatus as LessonBody['homework_status']) ?? null) : null,
      user_homework_id: homework ? row.handInId : null,
    });
  }
  const byCourse = new Map<number, GroupData['sections']>();
  for (const module of modules) {
    let list = byCourse.get(module.courseId);
    if (!list) byCourse.set(module.courseId, (list = []));
    list.push({ section_id: module.id, name: module.name, lessons: bySection.get(module.id) ?? [] });
  }
  body.student_data = groups.map((group) => ({
    group_id: group.groupId,
    group_name: group.groupName,
    course_id: group.courseId,
    course_name: group.courseName,
    date_added: group.added.toISOString(),
    last_active: iso(group.lastActive),
    tests_time_seconds: group.testsSeconds,
    sections: byCourse.get(group.courseId) ?? [],
  }));
  return body;
}
