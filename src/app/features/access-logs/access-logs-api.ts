// The school's request log (spec §7: GET api-request-logs/ with filters). The server counts a
// filter up to 10 000 rows; a narrower period finds the rest.
import { appSession } from '../../app-session.ts';

export const ACCESS_LOGS_PAGE_SIZE = 20;
/** The server's cap on the count (access-logs COUNT_CAP). */
export const ACCESS_LOGS_COUNT_CAP = 10_000;

export interface AccessLogEntry {
  id: number;
  user_id: number | null;
  user_email: string | null;
  /** The admin who made the request while viewing the platform as this user. */
  impersonator_id: number | null;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  ip: string;
  event: string | null;
  /** ISO 8601. */
  created_at: string;
}

export interface AccessLogPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: AccessLogEntry[];
}

/** The filters as the server takes them; empty values are left out by the API client. */
export type AccessLogQuery = Partial<Record<'user_id' | 'method' | 'status' | 'path' | 'date_from' | 'date_to', string>>;

export const listAccessLogs = (school: string, page: number, query: AccessLogQuery) =>
  appSession().api.get<AccessLogPage>('api-request-logs/', { query: { ...query, school, p: page, s: ACCESS_LOGS_PAGE_SIZE } });
