// The student rating (issue 13 item 3, contract: Rating): the school's switch, a student's own
// standing and hidden name, the ranking page by page. One function per call, under the school's URL name.
import { PAGE_SIZE } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

/** The rating's page size (spec §9; the server's default and maximum). */
export const RATING_PAGE_SIZE = PAGE_SIZE.rating;

/** 'lessons': completed lessons; 'courses': courses available through groups. */
export type RatingKind = 'lessons' | 'courses';

export interface RatingSettings {
  enabled: boolean;
}

export const getRatingSettings = (school: string) => api().get<RatingSettings>(at(school, 'rating_settings/'));
export const setRatingEnabled = (school: string, enabled: boolean) => api().patch<RatingSettings>(at(school, 'rating_settings/'), { enabled });

/** A student's own values and places (null while the value is 0). */
export interface OwnRating {
  completed_lessons: number;
  top_by_lessons_num: number | null;
  available_courses: number;
  top_by_courses_num: number | null;
  hidden: boolean;
}

export const getOwnRating = (school: string) => api().get<OwnRating>(at(school, 'student_rating/individual_rating/'));
export const setNameHidden = (school: string, hidden: boolean) => api().patch<{ hidden: boolean }>(at(school, 'student_rating/visibility/'), { hidden });

/** A row of the ranking: no e-mail; other students' ids only for staff. */
export interface RatingRow {
  place: number;
  student_id: number | null;
  name: string;
  avatar: string | null;
  completed_lessons?: number;
  available_courses?: number;
  is_me: boolean;
}

export interface RatingPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: RatingRow[];
}

/** The flags as the original client sends them (Python's True). */
export const listRating = (school: string, kind: RatingKind, page: number) =>
  api().get<RatingPage>(at(school, 'student_rating/all_rating/'), {
    query: { [kind === 'lessons' ? 'lessons_flag' : 'courses_flag']: 'True', p: page, s: RATING_PAGE_SIZE },
  });
