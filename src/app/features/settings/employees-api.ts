// The calls of the settings tab «Сотрудники»: the school's users ({school}/all_users/), its owner
// (schools/{id}/), invitations (invite/, {school}/invitations/) and role changes
// (school-new-roles/assign_role/, remove_role/: removing the main role removes the member).
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

export const USERS_PAGE_SIZE = 20;
export const INVITATIONS_PAGE_SIZE = 20;

/** The roles a staff member may be invited with or given here. */
export const STAFF_ROLES = ['Admin', 'Teacher'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** A member's main role; Student too, for a staff member moved back to learning. */
export const MEMBER_ROLES = ['Admin', 'Teacher', 'Student'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface SchoolUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  pseudonym: string | null;
}

export interface SchoolInvitation {
  invitation_id: number;
  email: string;
  role: string;
  created_at: string;
  expires_at: string;
}

export interface ListPage<T> {
  count: number;
  results: T[];
}

/** How a member reads in the table and the dialogs: the name, or the email without one. */
export function memberName(user: Pick<SchoolUser, 'first_name' | 'last_name' | 'email'>): string {
  return [user.last_name, user.first_name].filter(Boolean).join(' ') || user.email;
}

export const listUsers = (school: string, filter: 'student' | 'staff', page: number) =>
  api().get<ListPage<SchoolUser>>(at(school, 'all_users/'), { query: { role: filter, p: page, s: USERS_PAGE_SIZE } });

/** The school's owner: the one member whose role nobody changes. */
export const getSchoolOwner = async (schoolId: number) => (await api().get<{ owner: number | null }>(`schools/${schoolId}/`)).owner;

export const inviteStaff = (school: string, email: string, role: StaffRole) => api().post<SchoolInvitation>('invite/', { school, email, role });

export const listInvitations = (school: string, page: number) =>
  api().get<ListPage<SchoolInvitation>>(at(school, 'invitations/'), { query: { p: page, s: INVITATIONS_PAGE_SIZE } });

export const revokeInvitation = (school: string, id: number) => api().delete<null>(at(school, `invitations/${id}/`));

export const assignRole = (schoolId: number, userId: number, role: MemberRole) =>
  api().post<{ detail: string }>('school-new-roles/assign_role/', { school_id: schoolId, user_id: userId, role_name: role });

/** Takes the member's main role away, which takes them out of the school. */
export const removeFromSchool = (schoolId: number, userId: number, role: string) =>
  api().request<null>('school-new-roles/remove_role/', { method: 'DELETE', body: { school_id: schoolId, user_id: userId, role_name: role } });
