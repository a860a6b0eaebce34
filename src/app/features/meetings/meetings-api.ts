// The school's meetings (spec §7 `{school}/school_meetings/`): the list (upcoming or past), the
// admin's create, change and delete, the upcoming count; the school's groups to choose from.
// Every call and shape comes from the API contract (#core apiCall).
import { apiCall, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

export const MEETINGS_PAGE_SIZE = 20;

export type MeetingsPage = ApiAnswer<'GET {school}/school_meetings/'>;
/** A meeting; student_groups are the admin's (all) and a teacher's (their own), not sent to students. */
export type Meeting = MeetingsPage['results'][number];
export type MeetingInput = ApiBody<'POST {school}/school_meetings/'>;

export const listMeetings = (school: string, page: number, past: boolean) =>
  apiCall(api(), 'GET {school}/school_meetings/', { path: { school }, query: { p: page, s: MEETINGS_PAGE_SIZE, ...(past ? { past: '1' as const } : {}) } });
export const createMeeting = (school: string, body: MeetingInput) => apiCall(api(), 'POST {school}/school_meetings/', { path: { school }, body });
export const patchMeeting = (school: string, id: number, body: ApiBody<'PATCH {school}/school_meetings/{id}/'>) =>
  apiCall(api(), 'PATCH {school}/school_meetings/{id}/', { path: { school, id }, body });
export const deleteMeeting = (school: string, id: number) => apiCall(api(), 'DELETE {school}/school_meetings/{id}/', { path: { school, id } });
export const countUpcomingMeetings = (school: string) => apiCall(api(), 'GET {school}/school_meetings/count/', { path: { school } });

/** The school's groups, the first 100 (the server's largest page). */
export const listSchoolGroups = (school: string) => apiCall(api(), 'GET {school}/students_group/', { path: { school }, query: { p: 1, s: 100 } }).then((page) => page.results);
