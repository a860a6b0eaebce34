// The school's bonuses as the bonus page reads them: `GET {school}/school_bonuses/?p&s`, the
// server choosing by role (a student's active, unexpired bonuses of their groups; a teacher's of
// the groups they teach). Shapes from the API contract (#core apiCall).
import { apiCall, type ApiAnswer } from '#core';
import { appSession } from '../../app-session.ts';

export type BonusPage = ApiAnswer<'GET {school}/school_bonuses/'>;
/** A bonus; logo_file and student_groups come to staff only. */
export type Bonus = BonusPage['results'][number];

/** Bonuses per page. */
export const BONUSES_PAGE_SIZE = 12;

export const listBonuses = (school: string, page: number) =>
  apiCall(appSession().api, 'GET {school}/school_bonuses/', { path: { school }, query: { p: page, s: BONUSES_PAGE_SIZE } });
