import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Who reads a course besides the school's admins, and how many study it: the teachers and students
 * of its groups, whom groups (above courses) keeps. SQL on a course's id column, so lists filter
 * and count in the same statement.
 */
export interface CourseMembers {
  /** The user teaches a group of the course. */
  teaches(courseId: AnyPgColumn, userId: number): SQL;
  /** The user studies in a group of the course. */
  studies(courseId: AnyPgColumn, userId: number): SQL;
  /** How many students the course's groups have, each once (a course's students_count). */
  studentCount(courseId: AnyPgColumn): SQL<number>;
}

// One for the process, not per app: readableBy is asked deep in findCourse/findLesson, whose many
// callers pass a database handle only, and the conditions are plain SQL on the schema, the same in
// every app.
let wired: CourseMembers | undefined;

/** Groups' members read courses from now on (feature-routes.ts, before any route answers). */
export function readersOfCourses(members: CourseMembers): void {
  wired = members;
}

/** The wired members; a server wired without them cannot tell a teacher's or a student's courses. */
export function courseMembers(): CourseMembers {
  if (!wired) throw new Error('courses: the course members are not wired (readersOfCourses in feature-routes.ts)');
  return wired;
}
