// The school's appeals (spec §7 Catalogue: {school}/course-appeals/): the list, one appeal, and the
// admin's change (read or not, its status). One function per call, under the school's URL name.
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/course-appeals/${path}`;

/** The server's page size for appeals. */
export const APPEALS_PAGE_SIZE = 20;

export const APPEAL_STATUSES = ['new', 'in_progress', 'done'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

export interface Appeal {
  id: number;
  course_id: number;
  course_name: string;
  name: string;
  email: string | null;
  phone: string | null;
  message: string;
  is_read: boolean;
  status: AppealStatus;
  /** ISO 8601. */
  created_at: string;
}

export interface AppealsPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: Appeal[];
}

export interface AppealsQuery {
  status?: AppealStatus;
  is_read?: boolean;
}

export const listAppeals = (school: string, page: number, query: AppealsQuery) =>
  api().get<AppealsPage>(at(school, ''), { query: { ...query, p: page, s: APPEALS_PAGE_SIZE } });

export const updateAppeal = (school: string, id: number, change: { is_read?: boolean; status?: AppealStatus }) => api().patch<Appeal>(at(school, `${id}/`), change);

export const countUnreadAppeals = (school: string) => api().get<{ unread: number }>(at(school, 'unread/'));
