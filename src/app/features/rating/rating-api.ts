// The student rating (issue 13 item 3, contract: Rating): the school's switch, a student's own
// standing and hidden name, the ranking page by page. Every call and shape comes from the API
// contract (#core apiCall), under the school's URL name.
import { apiCall, PAGE_SIZE, type ApiAnswer } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

/** The rating's page size (spec §9; the server's default and maximum). */
export const RATING_PAGE_SIZE = PAGE_SIZE.rating;

/** 'lessons': completed lessons; 'courses': courses available through groups. */
export type RatingKind = 'lessons' | 'courses';

export type RatingSettings = ApiAnswer<'GET {school}/rating_settings/'>;
/** A student's own values and places (null while the value is 0). */
export type OwnRating = ApiAnswer<'GET {school}/student_rating/individual_rating/'>;
export type RatingPage = ApiAnswer<'GET {school}/student_rating/all_rating/'>;
/** A row of the ranking: no e-mail; other students' ids only for staff. */
export type RatingRow = RatingPage['results'][number];

export const getRatingSettings = (school: string) => apiCall(api(), 'GET {school}/rating_settings/', { path: { school } });
export const setRatingEnabled = (school: string, enabled: boolean) => apiCall(api(), 'PATCH {school}/rating_settings/', { path: { school }, body: { enabled } });
export const getOwnRating = (school: string) => apiCall(api(), 'GET {school}/student_rating/individual_rating/', { path: { school } });
export const setNameHidden = (school: string, hidden: boolean) => apiCall(api(), 'PATCH {school}/student_rating/visibility/', { path: { school }, body: { hidden } });

/** The flags as the original client sends them (Python's True). */
export const listRating = (school: string, kind: RatingKind, page: number) =>
  apiCall(api(), 'GET {school}/student_rating/all_rating/', {
    path: { school },
    query: { [kind === 'lessons' ? 'lessons_flag' : 'courses_flag']: 'True', p: page, s: RATING_PAGE_SIZE },
  });
