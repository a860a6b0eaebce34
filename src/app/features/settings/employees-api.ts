// The calls of the settings tab «Сотрудники»: the school's users ({school}/all_users/), its owner
// (schools/{id}/), invitations (invite/, {school}/invitations/) and role changes
// (school-new-roles/assign_role/, remove_role/: removing the main role removes the member).
// Every call and shape comes from the API contract (#core apiCall).
import { apiCall, type ApiAnswer } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

export const USERS_PAGE_SIZE = 20;
export const INVITATIONS_PAGE_SIZE = 20;

/** The roles a staff member may be invited with or given here. */
export const STAFF_ROLES = ['Admin', 'Teacher'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** A member's main role; Student too, for a staff member moved back to learning. */
export const MEMBER_ROLES = ['Admin', 'Teacher', 'Student'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export type SchoolUser = ApiAnswer<'GET {school}/all_users/'>['results'][number];
export type SchoolInvitation = ApiAnswer<'POST invite/'>;

/** How a member reads in the table and the dialogs: the name, or the email without one. */
export function memberName(user: Pick<SchoolUser, 'first_name' | 'last_name' | 'email'>): string {
  return [user.last_name, user.first_name].filter(Boolean).join(' ') || user.email;
}

export const listUsers = (school: string, filter: 'student' | 'staff', page: number) =>
  apiCall(api(), 'GET {school}/all_users/', { path: { school }, query: { role: filter, p: page, s: USERS_PAGE_SIZE } });

/** The school's owner: the one member whose role nobody changes. */
export const getSchoolOwner = async (schoolId: number) => (await apiCall(api(), 'GET schools/{id}/', { path: { id: schoolId } })).owner;

export const inviteStaff = (school: string, email: string, role: StaffRole) => apiCall(api(), 'POST invite/', { body: { school, email, role } });

export const listInvitations = (school: string, page: number) =>
  apiCall(api(), 'GET {school}/invitations/', { path: { school }, query: { p: page, s: INVITATIONS_PAGE_SIZE } });

export const revokeInvitation = (school: string, id: number) => apiCall(api(), 'DELETE {school}/invitations/{id}/', { path: { school, id } });

export const assignRole = (schoolId: number, userId: number, role: MemberRole) =>
  apiCall(api(), 'POST school-new-roles/assign_role/', { body: { school_id: schoolId, user_id: userId, role_name: role } });

/** Takes the member's main role away, which takes them out of the school. */
export const removeFromSchool = (schoolId: number, userId: number, role: string) =>
  apiCall(api(), 'DELETE school-new-roles/remove_role/', { body: { school_id: schoolId, user_id: userId, role_name: role } });
