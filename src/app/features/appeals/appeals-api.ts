// The school's appeals (spec §7 Catalogue: {school}/course-appeals/): the list, one appeal, and the
// admin's change (read or not, its status). One function per call, under the school's URL name;
// every call and shape comes from the API contract (#core apiCall).
import { apiCall, type ApiAnswer, type ApiBody, type ApiQuery } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

/** The server's page size for appeals. */
export const APPEALS_PAGE_SIZE = 20;

export type AppealsPage = ApiAnswer<'GET {school}/course-appeals/'>;
export type Appeal = AppealsPage['results'][number];
export type AppealStatus = Appeal['status'];
/** The statuses in the order the filter and the select offer them. */
export const APPEAL_STATUSES = ['new', 'in_progress', 'done'] as const satisfies readonly AppealStatus[];
export type AppealsQuery = Pick<ApiQuery<'GET {school}/course-appeals/'>, 'status' | 'is_read'>;

export const listAppeals = (school: string, page: number, query: AppealsQuery) =>
  apiCall(api(), 'GET {school}/course-appeals/', { path: { school }, query: { ...query, p: page, s: APPEALS_PAGE_SIZE } });

export const updateAppeal = (school: string, id: number, change: ApiBody<'PATCH {school}/course-appeals/{id}/'>) =>
  apiCall(api(), 'PATCH {school}/course-appeals/{id}/', { path: { school, id }, body: change });

export const countUnreadAppeals = (school: string) => apiCall(api(), 'GET {school}/course-appeals/unread/', { path: { school } });
