import { sql, type SQL } from 'drizzle-orm';
import { schoolMembers, users } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { userPseudonyms } from '../schools/index.ts';
import { ratingHiddenStudents, ratingScores } from './tables.ts';

/**
 * The two rankings of a school (reference §4.9, without its e-mails and its cap of 1000):
 * - 'lessons': lessons completed (lesson_progress rows with completed_at) in the school's courses;
 * - 'courses': the school's courses the student is in through a group.
 * Both are kept per school and student in rating_scores by triggers (migration 0019). Only the
 * school's students take part, and only with a value above 0. Places are SQL's rank(): equal
 * values share a place and the next place skips them (1, 2, 2, 4).
 */
export type RatingKind = 'lessons' | 'courses';

const valueOf = (kind: RatingKind) => (kind === 'lessons' ? ratingScores.completedLessons : ratingScores.availableCourses);

/**
 * The school's students with a value, in the ranking's order: the partial index
 * rating_scores_{lessons,courses}_idx read from its start (so `desc nulls last`, as it is built),
 * each row kept if school_members' unique (school, user) index says the user is a student.
 */
function ranked(kind: RatingKind, schoolId: number): SQL {
  const value = valueOf(kind);
  return sql`select ${ratingScores.userId} as user_id, ${value} as value, rank() over (order by ${value} desc nulls last)::int as place
             from ${ratingScores}
             join ${schoolMembers} on ${schoolMembers.schoolId} = ${ratingScores.schoolId} and ${schoolMembers.userId} = ${ratingScores.userId} and ${schoolMembers.role} = 'Student'
             where ${ratingScores.schoolId} = ${schoolId} and ${value} > 0
             order by ${value} desc nulls last, ${ratingScores.userId}`;
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

/** The school's students with more than `above` (a SQL value) in a ranking: a range of its partial index. */
function countAbove(kind: RatingKind, schoolId: number, above: SQL | number): SQL {
  const value = valueOf(kind);
  return sql`select count(*)::int from ${ratingScores}
             join ${schoolMembers} on ${schoolMembers.schoolId} = ${ratingScores.schoolId} and ${schoolMembers.userId} = ${ratingScores.userId} and ${schoolMembers.role} = 'Student'
             where ${ratingScores.schoolId} = ${schoolId} and ${value} > 0 and ${value} > ${above}`;
}

/**
 * One page of a ranking and the number of ranked students, in one statement whatever the page: the
 * page's rows are read in order from the index up to the page's end (rank() needs the rows before
 * them, nothing after), then names, pseudonyms and the hidden flag are joined for those rows only.
 * Order: place, then the student's id.
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
    sql`select totals.total, page.*
        from (${countAbove(kind, schoolId, 0)}) totals (total)
        left join lateral (
          select ranked.user_id, ranked.value, ranked.place,
                 ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.avatar} as avatar,
                 ${userPseudonyms.pseudonym} as pseudonym, (${ratingHiddenStudents.userId} is not null) as hidden
          from (${ranked(kind, schoolId)} limit ${limit} offset ${offset}) ranked
          join ${users} on ${users.id} = ranked.user_id
          left join ${userPseudonyms} on ${userPseudonyms.schoolId} = ${schoolId} and ${userPseudonyms.userId} = ranked.user_id
          left join ${ratingHiddenStudents} on ${ratingHiddenStudents.schoolId} = ${schoolId} and ${ratingHiddenStudents.userId} = ranked.user_id
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
    sql`select mine.lessons, mine.courses,
               (${countAbove('lessons', schoolId, sql`mine.lessons`)}) as lessons_above,
               (${countAbove('courses', schoolId, sql`mine.courses`)}) as courses_above,
               exists (select 1 from ${ratingHiddenStudents} where ${ratingHiddenStudents.schoolId} = ${schoolId} and ${ratingHiddenStudents.userId} = ${userId}) as hidden
        from (select 1) one
        left join (
          select ${ratingScores.completedLessons} as lessons, ${ratingScores.availableCourses} as courses
          from ${ratingScores} where ${ratingScores.schoolId} = ${schoolId} and ${ratingScores.userId} = ${userId}
        ) mine on true`,
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
