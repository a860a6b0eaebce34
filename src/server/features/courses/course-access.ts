import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { notFound } from '../../shared/errors.ts';
import type { SchoolRole } from '../../shared/security/school-access.ts';
import { courseMembers } from './course-members.ts';
import { courses, lessons, sections } from './tables.ts';

export const courseNotFound = () => notFound('Курс не найден.', 'COURSE_NOT_FOUND');
export const sectionNotFound = () => notFound('Модуль не найден.', 'SECTION_NOT_FOUND');
export const lessonNotFound = () => notFound('Урок не найден.', 'LESSON_NOT_FOUND');

export type Course = typeof courses.$inferSelect;
export type Section = typeof sections.$inferSelect;
export type Lesson = typeof lessons.$inferSelect;

/**
 * Who may read a course: the school's admins, the teacher of one of its groups, and a student of
 * one of them while it is published (the learning issue adds the group's own gates); a copy whose
 * original's school closed it (delete_course_access) is closed to everyone. A condition on the
 * course row, so lists filter by it in SQL; groups tells its teachers and students (course-members.ts).
 */
export function readableBy(role: SchoolRole, userId: number) {
  const open = eq(courses.isAccess, true);
  if (role === 'Admin' || role === 'SuperAdmin') return open;
  if (role === 'Teacher') return and(open, courseMembers().teaches(courses.id, userId));
  return and(open, eq(courses.published, true), courseMembers().studies(courses.id, userId));
}

interface Reader {
  role: SchoolRole;
  userId: number;
}

/**
 * A course of the school the caller may read; another school's id, a course in the recycle bin
 * (unless asked for) and one the caller may not read are all "not found", never "forbidden", so
 * ids of other schools' courses reveal nothing.
 */
export async function findCourse(db: Db, schoolId: number, courseId: number, reader: Reader, options: { removed?: boolean } = {}): Promise<Course> {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.schoolId, schoolId), options.removed ? undefined : isNull(courses.removedAt), readableBy(reader.role, reader.userId)));
  if (!course) throw courseNotFound();
  return course;
}

/** A module of a live course of the school, with its course. */
export async function findSection(db: Db, schoolId: number, sectionId: number, reader: Reader): Promise<{ section: Section; course: Course }> {
  const [row] = await db
    .select({ section: sections, course: courses })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(sections.id, sectionId), eq(courses.schoolId, schoolId), isNull(courses.removedAt), readableBy(reader.role, reader.userId)));
  if (!row) throw sectionNotFound();
  return row;
}

/** A lesson (of `type`, when given) of a live course of the school, with its module and course. */
export async function findLesson(db: Db, schoolId: number, lessonId: number, reader: Reader, type?: string): Promise<{ lesson: Lesson; section: Section; course: Course }> {
  const [row] = await db
    .select({ lesson: lessons, section: sections, course: courses })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(
      and(
        eq(lessons.id, lessonId),
        type ? eq(lessons.type, type) : undefined,
        eq(courses.schoolId, schoolId),
        isNull(courses.removedAt),
        readableBy(reader.role, reader.userId),
        // Only admins see lessons that are switched off.
        reader.role === 'Admin' ? undefined : eq(lessons.active, true),
      ),
    );
  if (!row) throw lessonNotFound();
  return row;
}
