import type { RouteRole } from './roles.ts';
import { SCHOOL_STATIC_PAGES } from './routes.ts';

// Spec §2 "Role route sets": the children of /school/{school_name}/ each role may open.
// ':name' matches one path segment.
const CREATE_COURSE_TABS = ['banner', 'constructor', 'student', 'settings', 'page', 'comments', 'materials', 'certificates'];

export const SUPER_ADMIN_SETTINGS = ['main', 'employees', 'logs', 'payment-methods', 'decoration', 'passport', 'domain', 'promo', 'bonuses', 'invites'] as const;
export const ADMIN_SETTINGS = ['main', 'employees', 'decoration', 'passport', 'payment-methods', 'domain', 'promo', 'email-newsletter', 'banner', 'bonuses', 'invites'] as const;

const HOMEWORK_CHECK = 'home-work/:lesson_id/:studentHomeworkId/:courseId';
/** The chat list and one open chat. */
const CHAT = ['chat', 'chat/:chat_id'];

export const ROLE_ROUTES: Readonly<Record<RouteRole, readonly string[]>> = {
  SuperAdmin: ['profile', 'settings', ...SUPER_ADMIN_SETTINGS.map((tab) => `settings/${tab}`), 'help-center', 'tariff-plans', 'pwa'],
  Admin: [
    'courses',
    'courses/group/:group_id',
    'courses/create-course/:course_id',
    ...CREATE_COURSE_TABS.map((tab) => `courses/create-course/:course_id/${tab}`),
    'profile',
    'courses-stats',
    'courses-stats/:course_id/students',
    'settings',
    ...ADMIN_SETTINGS.map((tab) => `settings/${tab}`),
    'home-work',
    HOMEWORK_CHECK,
    'help-center',
    'tariff-plans',
    'school-appeals',
    'meetings',
    'webinars',
    'rating',
    'access-logs',
    'pwa',
    'chat',
    'chat/:chat_id',
  ],
  Teacher: [
    'profile',
    // The menu's 'Группы': the teacher's groups; a group's own page below it.
    'group',
    'group/:group_id',
    'home-work',
    HOMEWORK_CHECK,
    'courses-stats',
    'courses',
    'courses/bonus',
    'student-stats/:student_id',
    'help-center',
    'tariff-plans',
    'meetings',
    'pwa',
    // Issue 15: teachers and students chat too (the spec lists `chat` for the admin only).
    ...CHAT,
  ],
  Student: [
    'profile',
    'student-courses',
    'student-courses/bonus',
    'student-course/:course_id',
    'student-course/:course_id/module/:section_id/:lesson_type/:lesson_id',
    'help-center',
    'tariff-plans',
    'meetings',
    'rating',
    'pwa',
    ...CHAT,
  ],
};

/** Where a role lands when it opens its school area with no child path. */
export const ROLE_HOME: Readonly<Record<RouteRole, string>> = {
  SuperAdmin: 'settings/main',
  Admin: 'courses',
  Teacher: 'courses',
  Student: 'student-courses',
};

/** Index paths that open one of their children (spec §2): settings → main, a course → its constructor. */
const INDEX_REDIRECTS: readonly (readonly [index: string, child: string])[] = [
  ['settings', 'main'],
  ['courses/create-course/:course_id', 'constructor'],
];

/**
 * The child path an index path of the role's set opens, e.g. 'settings' → 'settings/main', or null
 * when the path is no such index or the role may not open the child.
 */
export function indexRedirect(role: RouteRole | null, childPath: string): string | null {
  if (!role) return null;
  const path = childPath.replace(/^\/+|\/+$/g, '');
  for (const [index, child] of INDEX_REDIRECTS) {
    const target = `${path}/${child}`;
    if (matchesRoute(index, path) && ROLE_ROUTES[role].some((pattern) => matchesRoute(pattern, target))) return target;
  }
  return null;
}

/** The tabs of the role's settings screen, in its route set's order (empty without settings). */
export function settingsTabs(role: RouteRole | null): string[] {
  if (!role) return [];
  return ROLE_ROUTES[role].filter((route) => route.startsWith('settings/')).map((route) => route.slice('settings/'.length));
}

export function matchesRoute(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.replace(/^\/+|\/+$/g, '').split('/');
  return want.length === have.length && want.every((part, i) => (part.startsWith(':') ? Boolean(have[i]) : part === have[i]));
}

/** The values of a pattern's ':name' segments in a path it matches, e.g. 'group/:group_id' + 'group/7' → {group_id: '7'}. */
export function routeParams(pattern: string, path: string): Record<string, string> {
  const have = path.replace(/^\/+|\/+$/g, '').split('/');
  const params: Record<string, string> = {};
  pattern.split('/').forEach((part, i) => {
    if (part.startsWith(':')) params[part.slice(1)] = have[i] ?? '';
  });
  return params;
}

/** Whether a role may open a child path of its school area (static pages are open to all). */
export function canOpenSchoolRoute(role: RouteRole | null, childPath: string): boolean {
  const path = childPath.replace(/^\/+|\/+$/g, '');
  if ((SCHOOL_STATIC_PAGES as readonly string[]).includes(path)) return true;
  if (!role) return false;
  if (path === '') return true;
  return ROLE_ROUTES[role].some((pattern) => matchesRoute(pattern, path));
}
