// The school's bonuses as the bonus page reads them: `GET {school}/school_bonuses/?p&s`, the
// server choosing by role (a student's active, unexpired bonuses of their groups; a teacher's of
// the groups they teach).
import { appSession } from '../../app-session.ts';

export interface Bonus {
  id: number;
  /** A signed link to the logo picture, or null. */
  logo: string | null;
  text: string;
  /** An absolute http(s) address (checked by the server). */
  link: string;
  /** ISO 8601; null: no end. */
  expire_date: string | null;
  active: boolean;
}

export interface BonusPage {
  count: number;
  results: Bonus[];
}

/** Bonuses per page. */
export const BONUSES_PAGE_SIZE = 12;

export const listBonuses = (school: string, page: number) =>
  appSession().api.get<BonusPage>(`${encodeURIComponent(school)}/school_bonuses/`, { query: { p: page, s: BONUSES_PAGE_SIZE } });
