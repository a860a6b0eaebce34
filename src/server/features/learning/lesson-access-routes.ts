import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { schoolMembers } from '../../shared/db/core-tables.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../shared/errors.ts';
import { Detail, errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole, schoolNotFound } from '../../shared/security/school-access.ts';
import { courses, lessons, sections } from '../courses/index.ts';
import { findGroup, groupLessonClosures, NOT_IN_GROUP, parseInstant, studentLessonAccess, studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { remainingDays } from './student-access.ts';
import { lessonProgress } from './tables.ts';

const GroupLesson = Type.Object({
  lesson_id: Type.Integer(),
  type: Type.String(),
  name: Type.String(),
  /** Open to the group (lesson-enrollment/); for one student, open to them. */
  availability: Type.Boolean(),
  active: Type.Boolean(),
  order: Type.Integer(),
});
const StudentLesson = Type.Object({
  ...GroupLesson.properties,
  /** Open to this student only from then (lesson-availability/ access_time); null: no such date. */
  access_time: Type.Union([Type.String(), Type.Null()]),
  completed: Type.Boolean(),
});
const Section = <T extends typeof GroupLesson | typeof StudentLesson>(lesson: T) =>
  Type.Object({ section_id: Type.Integer(), name: Type.String(), order: Type.Integer(), lessons: Type.Array(lesson) });

const SectionStudentGroup = Type.Object({ group_id: Type.Integer(), course_id: Type.Integer(), sections: Type.Array(Section(GroupLesson)) });
const SectionStudent = Type.Object({
  school_name: Type.String(),
  student_id: Type.Integer(),
  student_data: Type.Array(
    Type.Object({
      group_id: Type.Integer(),
      group_name: Type.String(),
      course_id: Type.Integer(),
      course_name: Type.String(),
      remaining_period: Type.Union([Type.Integer(), Type.Null()]),
      sections: Type.Array(Section(StudentLesson)),
    }),
  ),
});

const LessonSwitch = { lesson_id: Id, available: Type.Boolean() };
const EnrollmentBody = Type.Object({ student_group_id: Id, lesson_data: Type.Array(Type.Object(LessonSwitch), { minItems: 1, maxItems: 1000 }) });
const AvailabilityBody = Type.Object({
  student_ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
  lesson_data: Type.Array(
    Type.Object({
      ...LessonSwitch,
      // Null first: with type coercion a string branch first would turn null into ''.
      access_time: Type.Optional(Type.Union([Type.Null(), Text({ maxLength: 40 })])),
      /** The original's countdown flag: the app shows it; nothing on the server depends on it. */
      visible_timer: Type.Optional(Type.Boolean()),
    }),
    { minItems: 1, maxItems: 1000 },
  ),
});
const ResetBody = Type.Object({ group_id: Id, student_id: Id });

/** The most student-lesson rows one lesson-availability/ call may write. */
const MAX_CELLS = 20_000;

const notInGroup = (field: string) => fieldError(field, NOT_IN_GROUP, 'NOT_IN_GROUP');

/** Lesson switches by id; a lesson named twice takes its last switch. */
const byLesson = <T extends { lesson_id: number }>(items: readonly T[]) => [...new Map(items.map((item) => [item.lesson_id, item])).values()];

/** Every one of `lessonIds` must be a lesson of `where`'s courses; others (any school's) answer alike. */
async function assertLessons(db: Db, lessonIds: number[], where: SQL | undefined): Promise<void> {
  const rows = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(inArray(lessons.id, lessonIds), where));
  const found = new Set(rows.map((row) => row.id));
  const missing = lessonIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw fieldError('lesson_data', `Уроки не найдены в курсе: ${missing.join(', ')}.`, 'LESSON_NOT_FOUND');
}

const courseLessons = (db: Db, courseId: number) =>
  db.select({ id: lessons.id }).from(lessons).innerJoin(sections, eq(sections.id, lessons.sectionId)).where(eq(sections.courseId, courseId));

/** Rows of modules with their lessons (a module without lessons: one row of nulls) → the outline. */
function outline<R extends { sectionId: number; sectionName: string; sectionOrder: number; lessonId: number | null }, L>(rows: readonly R[], lesson: (row: R) => L) {
  const out: { section_id: number; name: string; order: number; lessons: L[] }[] = [];
  for (const row of rows) {
    let section = out.at(-1);
    if (section?.section_id !== row.sectionId) out.push((section = { section_id: row.sectionId, name: row.sectionName, order: row.sectionOrder, lessons: [] }));
    if (row.lessonId !== null) section.lessons.push(lesson(row));
  }
  return out;
}

/**
 * Who may open which lesson (spec §7 Lesson access, reference §4.7): lessons closed to a whole
 * group (lesson-enrollment/) and one student's own access over their group's, optionally from a
 * date (lesson-availability/, reset_to_group/). The admin writes; the group's teacher reads.
 */
export async function lessonAccessRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/students_group/:id/section_student_group/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Модули и уроки курса группы: какие открыты группе (администратор, преподаватель группы)',
        params: Type.Object({ school: SchoolName, id: Id }),
        response: { 200: SectionStudentGroup, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const group = await findGroup(ctx.db, school.id, request.params.id, { role, userId: request.auth!.userId });
      const rows = await ctx.db
        .select({
          sectionId: sections.id,
          sectionName: sections.name,
          sectionOrder: sections.order,
          lessonId: lessons.id,
          type: lessons.type,
          name: lessons.name,
          active: lessons.active,
          order: lessons.order,
          closed: sql<boolean>`exists (select 1 from ${groupLessonClosures} where ${groupLessonClosures.groupId} = ${group.id} and ${groupLessonClosures.lessonId} = ${lessons.id})`,
        })
        .from(sections)
        .leftJoin(lessons, eq(lessons.sectionId, sections.id))
        .where(eq(sections.courseId, group.courseId))
        .orderBy(asc(sections.order), asc(lessons.order));
      return {
        group_id: group.id,
        course_id: group.courseId,
        sections: outline(rows, (row) => ({ lesson_id: row.lessonId!, type: row.type!, name: row.name!, availability: !row.closed, active: row.active!, order: row.order! })),
      };
    },
  );

  app.post(
    '/:school/lesson-enrollment/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Открыть или закрыть уроки курса для всей группы (администратор)',
        body: EnrollmentBody,
        params: Type.Object({ school: SchoolName }),
        response: { 200: Detail, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const group = await findGroup(ctx.db, school.id, request.body.student_group_id, { role: 'Admin', userId: request.auth!.userId });
      const items = byLesson(request.body.lesson_data);
      await assertLessons(
        ctx.db,
        items.map((item) => item.lesson_id),
        eq(courses.id, group.courseId),
      );
      const open = items.filter((item) => item.available).map((item) => item.lesson_id);
      const closed = items.filter((item) => !item.available).map((item) => item.lesson_id);
      await ctx.db.transaction(async (tx) => {
        if (open.length) await tx.delete(groupLessonClosures).where(and(eq(groupLessonClosures.groupId, group.id), inArray(groupLessonClosures.lessonId, open)));
        if (closed.length) await tx.insert(groupLessonClosures).values(closed.map((lessonId) => ({ groupId: group.id, lessonId }))).onConflictDoNothing();
      });
      return { detail: 'Доступность уроков для группы студентов обновлена.' };
    },
  );

  app.get(
    '/:school/schools/:id/section_student/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Уроки ученика по его группам: открыт ли каждый ему, с какого времени, пройден ли (администратор; преподаватель — свои группы; ученик — себя)',
        params: Type.Object({ school: SchoolName, id: Id }),
        querystring: Type.Object({ student_id: Type.Optional(Id), course_id: Type.Optional(Id) }),
        response: { 200: SectionStudent, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      if (school.id !== request.params.id) throw schoolNotFound();
      const me = request.auth!.userId;
      let studentId = request.query.student_id;
      if (role === 'Student') {
        if (studentId !== undefined && studentId !== me) throw forbidden('Ученик может смотреть только свои уроки.');
        studentId = me;
      } else {
        if (studentId === undefined) throw fieldError('student_id', 'Не указан ID студента', 'STUDENT_REQUIRED');
        const [member] = await ctx.db
          .select({ id: schoolMembers.id })
          .from(schoolMembers)
          .where(and(eq(schoolMembers.schoolId, school.id), eq(schoolMembers.userId, studentId), eq(schoolMembers.role, 'Student')));
        if (!member) throw notFound('Ученик не найден.', 'STUDENT_NOT_FOUND');
      }
      const memberships = await ctx.db
        .select({
          groupId: studentsGroups.id,
          groupName: studentsGroups.name,
          courseId: courses.id,
          courseName: courses.name,
          accessFrom: studentsGroupMembers.accessFrom,
          durationDays: studentsGroupMembers.durationDays,
          trainingDuration: studentsGroups.trainingDuration,
        })
        .from(studentsGroupMembers)
        .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
        .innerJoin(courses, eq(courses.id, studentsGroups.courseId))
        .where(
          and(
            eq(studentsGroupMembers.userId, studentId),
            eq(studentsGroups.schoolId, school.id),
            isNull(courses.removedAt),
            role === 'Teacher' ? eq(studentsGroups.teacherId, me) : undefined,
            request.query.course_id === undefined ? undefined : eq(studentsGroups.courseId, request.query.course_id),
          ),
        )
        .orderBy(asc(studentsGroups.id));
      const courseIds = memberships.map((m) => m.courseId);
      const rows = courseIds.length
        ? await ctx.db
            .select({
              courseId: sections.courseId,
              sectionId: sections.id,
              sectionName: sections.name,
              sectionOrder: sections.order,
              lessonId: lessons.id,
              type: lessons.type,
              name: lessons.name,
              active: lessons.active,
              order: lessons.order,
              ownAvailable: studentLessonAccess.available,
              availableFrom: studentLessonAccess.availableFrom,
              completedAt: lessonProgress.completedAt,
              // Closed to the student's group in this course (one group per course).
              closedForGroup: sql<boolean>`exists (select 1 from ${groupLessonClosures} c join ${studentsGroupMembers} m on m.group_id = c.group_id
                where m.user_id = ${studentId} and m.course_id = ${sections.courseId} and c.lesson_id = ${lessons.id})`,
            })
            .from(sections)
            .leftJoin(lessons, eq(lessons.sectionId, sections.id))
            .leftJoin(studentLessonAccess, and(eq(studentLessonAccess.userId, studentId), eq(studentLessonAccess.lessonId, lessons.id)))
            .leftJoin(lessonProgress, and(eq(lessonProgress.userId, studentId), eq(lessonProgress.lessonId, lessons.id)))
            .where(inArray(sections.courseId, courseIds))
            .orderBy(asc(sections.courseId), asc(sections.order), asc(lessons.order))
        : [];
      const now = ctx.now();
      const lessonOf = (row: (typeof rows)[number]) => ({
        lesson_id: row.lessonId!,
        type: row.type!,
        name: row.name!,
        availability: row.ownAvailable ?? !row.closedForGroup,
        active: row.active!,
        order: row.order!,
        access_time: row.availableFrom?.toISOString() ?? null,
        completed: row.completedAt !== null,
      });
      // A student sees only what they can open (or will, from its date), as in their course outline.
      const shown = role === 'Student' ? rows.filter((row) => row.lessonId === null || (row.active && (row.ownAvailable ?? !row.closedForGroup))) : rows;
      return {
        school_name: school.name,
        student_id: studentId,
        student_data: memberships.map((m) => ({
          group_id: m.groupId,
          group_name: m.groupName,
          course_id: m.courseId,
          course_name: m.courseName,
          remaining_period: remainingDays({ accessFrom: m.accessFrom, durationDays: m.durationDays ?? m.trainingDuration }, now),
          sections: outline(
            shown.filter((row) => row.courseId === m.courseId),
            lessonOf,
          ),
        })),
      };
    },
  );

  app.post(
    '/:school/lesson-availability/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Открыть или закрыть уроки отдельным ученикам поверх настроек группы, можно с даты открытия (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: AvailabilityBody,
        response: { 200: Detail, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const studentIds = [...new Set(request.body.student_ids)];
      const items = byLesson(request.body.lesson_data).map((item) => ({
        lessonId: item.lesson_id,
        available: item.available,
        availableFrom: item.available && item.access_time?.trim() ? parseInstant('access_time', item.access_time) : null,
      }));
      if (studentIds.length * items.length > MAX_CELLS) throw badRequest(`Не больше ${MAX_CELLS} пар «ученик — урок» за один раз.`, undefined, 'TOO_MANY_ITEMS');
      const students = await ctx.db
        .select({ userId: schoolMembers.userId })
        .from(schoolMembers)
        .where(and(eq(schoolMembers.schoolId, school.id), eq(schoolMembers.role, 'Student'), inArray(schoolMembers.userId, studentIds)));
      const found = new Set(students.map((row) => row.userId));
      const missing = studentIds.filter((id) => !found.has(id));
      if (missing.length) throw fieldError('student_ids', `Эти пользователи не являются учениками вашей школы: ${missing.join(', ')}.`, 'NOT_A_STUDENT');
      await assertLessons(
        ctx.db,
        items.map((item) => item.lessonId),
        and(eq(courses.schoolId, school.id), isNull(courses.removedAt)),
      );
      const now = ctx.now();
      await ctx.db
        .insert(studentLessonAccess)
        .values(studentIds.flatMap((userId) => items.map((item) => ({ userId, ...item, updatedAt: now }))))
        .onConflictDoUpdate({
          target: [studentLessonAccess.userId, studentLessonAccess.lessonId],
          set: { available: sql`excluded.available`, availableFrom: sql`excluded.available_from`, updatedAt: now },
        });
      return { detail: 'Доступность уроков обновлена.' };
    },
  );

  app.post(
    '/:school/lesson-availability/reset_to_group/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Вернуть ученику доступ к урокам курса таким, как у его группы (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: ResetBody,
        response: { 200: Detail, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const group = await findGroup(ctx.db, school.id, request.body.group_id, { role: 'Admin', userId: request.auth!.userId });
      const [member] = await ctx.db
        .select({ userId: studentsGroupMembers.userId })
        .from(studentsGroupMembers)
        .where(and(eq(studentsGroupMembers.groupId, group.id), eq(studentsGroupMembers.userId, request.body.student_id)));
      if (!member) throw notInGroup('student_id');
      await ctx.db.delete(studentLessonAccess).where(and(eq(studentLessonAccess.userId, member.userId), inArray(studentLessonAccess.lessonId, courseLessons(ctx.db, group.courseId))));
      return { detail: 'Доступы студента к урокам обновлены до групповых.' };
    },
  );
}
