// The school's request log (spec §7: GET api-request-logs/ with filters). The server counts a
// filter up to 10 000 rows; a narrower period finds the rest. Every call and shape comes from the
// API contract (#core apiCall).
import { apiCall, type ApiAnswer, type ApiQuery } from '#core';
import { appSession } from '../../app-session.ts';

export const ACCESS_LOGS_PAGE_SIZE = 20;
/** The server's cap on the count (access-logs COUNT_CAP). */
export const ACCESS_LOGS_COUNT_CAP = 10_000;

export type AccessLogPage = ApiAnswer<'GET api-request-logs/'>;
/** A request; impersonator_id: the admin who made it while viewing the platform as this user. */
export type AccessLogEntry = AccessLogPage['results'][number];
/** The filters as the server takes them; empty values are left out by the API client. */
export type AccessLogQuery = Omit<ApiQuery<'GET api-request-logs/'>, 'school' | 'p' | 's'>;

export const listAccessLogs = (school: string, page: number, query: AccessLogQuery) =>
  apiCall(appSession().api, 'GET api-request-logs/', { query: { ...query, school, p: page, s: ACCESS_LOGS_PAGE_SIZE } });
