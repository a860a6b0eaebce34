import { rolesMessages } from './messages.ts';

/** Spec §6: the numeric roles. A missing role is Unknown. */
export const Role = {
  Unknown: 0,
  Student: 1,
  Teacher: 2,
  Manager: 3,
  Editor: 4,
  SuperAdmin: 5,
  Admin: 6,
} as const;

export type RoleName = keyof typeof Role;
export type RoleId = (typeof Role)[RoleName];

/** The roles that own a route set in the platform app. */
export type RouteRole = 'SuperAdmin' | 'Admin' | 'Teacher' | 'Student';

const ROLE_NAMES = Object.keys(Role) as RoleName[];

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && Object.values(Role).includes(value as RoleId);
}

/** The server sends role names ("Admin"); anything unknown or missing is Unknown. */
export function roleFromName(name: string | null | undefined): RoleId {
  return name && (ROLE_NAMES as string[]).includes(name) ? Role[name as RoleName] : Role.Unknown;
}

export function roleName(role: RoleId | null | undefined): RoleName {
  return ROLE_NAMES.find((name) => Role[name] === role) ?? 'Unknown';
}

/** The route-level name of a role, or null when the role has no routes (Unknown, Manager, Editor). */
export function routeRole(role: RoleId | null | undefined): RouteRole | null {
  const name = roleName(role);
  return name === 'SuperAdmin' || name === 'Admin' || name === 'Teacher' || name === 'Student' ? name : null;
}

/** The Russian label shown in the UI (rolesMessages, the one source), or the bare role name when there is none. */
export function roleTitle(role: RoleId | null | undefined): string {
  const name = roleName(role);
  return Object.hasOwn(rolesMessages, name) ? rolesMessages[name as keyof typeof rolesMessages] : name;
}
