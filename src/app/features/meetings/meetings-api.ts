// The school's meetings (spec §7 `{school}/school_meetings/`): the list (upcoming or past), the
// admin's create, change and delete, the upcoming count; the school's groups to choose from.
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

export const MEETINGS_PAGE_SIZE = 20;

export interface Meeting {
  id: number;
  title: string;
  /** ISO 8601. */
  starts_at: string;
  ends_at: string;
  duration_minutes: number;
  link: string;
  description: string;
  /** The admin's (all) and a teacher's (their own); not sent to students. */
  student_groups?: number[];
}

export interface MeetingsPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: Meeting[];
}

export interface MeetingInput {
  title: string;
  starts_at: string;
  duration_minutes: number;
  link: string;
  description: string;
  student_groups: number[];
}

export const listMeetings = (school: string, page: number, past: boolean) =>
  api().get<MeetingsPage>(at(school, 'school_meetings/'), { query: { p: page, s: MEETINGS_PAGE_SIZE, ...(past ? { past: 1 } : {}) } });
export const createMeeting = (school: string, body: MeetingInput) => api().post<Meeting>(at(school, 'school_meetings/'), body);
export const patchMeeting = (school: string, id: number, body: Partial<MeetingInput>) => api().patch<Meeting>(at(school, `school_meetings/${id}/`), body);
export const deleteMeeting = (school: string, id: number) => api().delete<null>(at(school, `school_meetings/${id}/`));
export const countUpcomingMeetings = (school: string) => api().get<{ upcoming: number }>(at(school, 'school_meetings/count/'));

export interface SchoolGroup {
  group_id: number;
  name: string;
  course_name?: string;
}

/** The school's groups, the first 100 (the server's largest page). */
export const listSchoolGroups = (school: string) =>
  api().get<{ count: number; results: SchoolGroup[] }>(at(school, 'students_group/'), { query: { p: 1, s: 100 } }).then((page) => page.results);
