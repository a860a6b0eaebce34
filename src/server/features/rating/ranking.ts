import { sql, type SQL } from 'drizzle-orm';
import { schoolMembers, users } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { courses } from '../courses/index.ts';
import { studentsGroupMembers } from '../groups/index.ts';
import { lessonProgress } from '../learning/index.ts';
import { userPseudonyms } from '../schools/index.ts';
import { ratingHiddenStudents } from './tables.ts';

/**
 * The two rankings of a school (reference §4.9, without its e-mails and its cap of 1000):
 * - 'lessons': lessons completed (lesson_progress rows with completed_at) in the school's courses;
 * - 'courses': the school's courses the student is in through a group (one group per course and
 *   student, so the members' rows of those courses count each course once).
 * Only the school's students take part, and only with a value above 0. Places are SQL's rank():
 * equal values share a place and the next place skips them (1, 2, 2, 4).
 */
export type RatingKind = 'lessons' | 'courses';

/**
 * Each student's value, one row per student with a value: read from the school's courses by
 * lesson_progress_course_user_idx or students_group_members_course_user_uq, then kept to the
 * school's students by school_members' unique (school, user) index.
 */
function scores(kind: RatingKind, schoolId: number): SQL {
  const counted =
    kind === 'lessons'
      ? sql`select ${lessonProgress.userId} as user_id, count(*)::int as value
            from ${courses} join ${lessonProgress} on ${lessonProgress.courseId} = ${courses.id} and ${lessonProgress.completedAt} is not null
            where ${courses.schoolId} = ${schoolId}
            group by ${lessonProgress.userId}`
      : sql`select ${studentsGroupMembers.userId} as user_id, count(*)::int as value
            from ${courses} join ${studentsGroupMembers} on ${studentsGroupMembers.courseId} = ${courses.id}
            where ${courses.schoolId} = ${schoolId}
            group by ${studentsGroupMembers.userId}`;
  return sql`select counted.user_id, counted.value
             from (${counted}) counted
             join ${schoolMembers} on ${schoolMembers.schoolId} = ${schoolId} and ${schoolMembers.userId} = counted.user_id and ${schoolMembers.role} = 'Student'`;
}

export interface RankedRow {
  userId: number;
  value: number;
  place: number;
  firstName: string;
  lastName: string;
  avatar: string | null;
  pseudonym: string | null;
  hidden: boolean;
}

const rowsOf = async <T>(db: Db, statement: SQL): Promise<T[]> => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/**
 * One page of a ranking and the number of ranked students, in one statement whatever the page:
 * the ranking is computed once (the CTE read twice is materialised), names, pseudonyms and the
 * hidden flag are joined for the page's rows only. Order: place, then the student's id.
 */
export async function rankingPage(db: Db, schoolId: number, kind: RatingKind, offset: number, limit: number): Promise<{ total: number; rows: RankedRow[] }> {
  const rows = await rowsOf<{
    total: number;
    user_id: number | null;
    value: number;
    place: number;
    first_name: string;
    last_name: string;
    avatar: string | null;
    pseudonym: string | null;
    hidden: boolean;
  }>(
    db,
    sql`with ranked as (
          select scores.user_id, scores.value, rank() over (order by scores.value desc)::int as place
          from (${scores(kind, schoolId)}) scores
        )
        select totals.total, page.*
        from (select count(*)::int as total from ranked) totals
        left join lateral (
          select ranked.user_id, ranked.value, ranked.place,
                 ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.avatar} as avatar,
                 ${userPseudonyms.pseudonym} as pseudonym, (${ratingHiddenStudents.userId} is not null) as hidden
          from ranked
          join ${users} on ${users.id} = ranked.user_id
          left join ${userPseudonyms} on ${userPseudonyms.schoolId} = ${schoolId} and ${userPseudonyms.userId} = ranked.user_id
          left join ${ratingHiddenStudents} on ${ratingHiddenStudents.schoolId} = ${schoolId} and ${ratingHiddenStudents.userId} = ranked.user_id
          order by ranked.place, ranked.user_id
          limit ${limit} offset ${offset}
        ) page on true
        order by page.place, page.user_id`,
  );
  const total = rows[0]?.total ?? 0;
  return {
    total,
    rows: rows
      .filter((row) => row.user_id !== null)
      .map((row) => ({
        userId: row.user_id!,
        value: row.value,
        place: row.place,
        firstName: row.first_name,
        lastName: row.last_name,
        avatar: row.avatar,
        pseudonym: row.pseudonym,
        hidden: row.hidden,
      })),
  };
}

export interface OwnStanding {
  completedLessons: number;
  /** 1 + the students with more; null when the value is 0. */
  lessonsPlace: number | null;
  availableCourses: number;
  coursesPlace: number | null;
  hidden: boolean;
}

/** A student's own values and places in both rankings, and whether they hid their name: one statement. */
export async function ownStanding(db: Db, schoolId: number, userId: number): Promise<OwnStanding> {
  const [row] = await rowsOf<{ lessons: number | null; lessons_above: number; courses: number | null; courses_above: number; hidden: boolean }>(
    db,
    sql`with by_lessons as (${scores('lessons', schoolId)}), by_courses as (${scores('courses', schoolId)}),
        mine as (select (select value from by_lessons where user_id = ${userId}) as lessons, (select value from by_courses where user_id = ${userId}) as courses)
        select mine.lessons, mine.courses,
               (select count(*)::int from by_lessons where by_lessons.value > mine.lessons) as lessons_above,
               (select count(*)::int from by_courses where by_courses.value > mine.courses) as courses_above,
               exists (select 1 from ${ratingHiddenStudents} where ${ratingHiddenStudents.schoolId} = ${schoolId} and ${ratingHiddenStudents.userId} = ${userId}) as hidden
        from mine`,
  );
  const lessons = row?.lessons ?? 0;
  const coursesCount = row?.courses ?? 0;
  return {
    completedLessons: lessons,
    lessonsPlace: lessons > 0 ? 1 + (row?.lessons_above ?? 0) : null,
    availableCourses: coursesCount,
    coursesPlace: coursesCount > 0 ? 1 + (row?.courses_above ?? 0) : null,
    hidden: Boolean(row?.hidden),
  };
}
