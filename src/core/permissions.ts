import { Role, routeRole, type RoleId, type RouteRole } from './roles.ts';

/** Spec §6, as named abilities. Manager and Editor have none: their sets are not specified. */
export type Permission =
  | 'selectTariff'
  | 'createCourse'
  | 'emailNewsletter'
  | 'banner'
  | 'appeals'
  | 'webinars'
  | 'schoolMeetings'
  | 'accessLogs'
  | 'logs'
  | 'settings'
  | 'manageRoles'
  | 'impersonate'
  | 'chat'
  | 'checkHomework'
  | 'groups'
  | 'courseStats'
  | 'studentStats'
  | 'study'
  | 'bonuses'
  | 'meetings'
  | 'rating';

const PERMISSIONS: Readonly<Record<RouteRole, readonly Permission[]>> = {
  Admin: [
    'selectTariff', 'createCourse', 'emailNewsletter', 'banner', 'appeals', 'webinars', 'schoolMeetings',
    'accessLogs', 'settings', 'manageRoles', 'impersonate', 'chat', 'checkHomework', 'courseStats', 'rating',
  ],
  SuperAdmin: ['logs', 'settings'],
  Teacher: ['checkHomework', 'groups', 'courseStats', 'studentStats', 'meetings'],
  Student: ['study', 'bonuses', 'meetings', 'rating'],
};

export function can(role: RoleId | null | undefined, permission: Permission): boolean {
  const name = routeRole(role);
  return name ? PERMISSIONS[name].includes(permission) : false;
}

/** Spec §4: only an Admin starts impersonation, and only a Student can be the target. */
export function canImpersonate(actor: RoleId | null | undefined, target: RoleId | null | undefined): boolean {
  return actor === Role.Admin && target === Role.Student;
}
