import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { TSchema } from 'typebox';
import type { Db } from '../../shared/db/database.ts';

/**
 * What the student's view shows of their homework hand-ins. Homework (above learning) reads them and
 * hands them over where the server is wired (feature-routes.ts), as courses hands tariffs its course
 * count: learning imports nothing of homework.
 */
export interface HandInReads {
  /**
   * A column of a statement over `courses`: the student's hand-ins in the course as a JSON list of
   * [homework id, status], null when none. SQL, so the outline keeps reading them in its one statement.
   */
  statuses: (userId: SQLWrapper, courseId: SQLWrapper) => SQL<[number, string][] | null>;
  /** The mean of the student's accepted marks per course (two decimals); a course without one is left out. */
  averageMarks: (db: Db, userId: number, courseIds: number[]) => Promise<Map<number, number>>;
  /** The lesson page's `user_homework`: its schema, and the student's hand-in of a homework (null before one). */
  summary: TSchema;
  ofStudent: (db: Db, userId: number, homeworkId: number) => Promise<object | null>;
}

/** HandInReads.statuses. */
export type HandInStatuses = HandInReads['statuses'];
