import { describe, expect, it } from 'vitest';
import { ADMIN_SETTINGS, canOpenSchoolRoute, indexRedirect, matchesRoute, ROLE_HOME, routeParams, ROLE_ROUTES, settingsTabs, SUPER_ADMIN_SETTINGS } from './role-routes.ts';

describe('matchesRoute', () => {
  it.each([
    ['courses', 'courses', true],
    ['courses', '/courses/', true],
    ['courses/group/:group_id', 'courses/group/12', true],
    ['courses/group/:group_id', 'courses/group/', false],
    ['courses/group/:group_id', 'courses/group/12/x', false],
    ['home-work/:lesson_id/:studentHomeworkId/:courseId', 'home-work/1/2/3', true],
  ])('%s ~ %s → %s', (pattern, path, result) => {
    expect(matchesRoute(pattern, path)).toBe(result);
  });
});

describe('canOpenSchoolRoute: the role route sets of spec §2', () => {
  it.each([
    // Super admin: profile, reduced settings (with logs, without email-newsletter or banner), help, tariffs, pwa.
    ['SuperAdmin', 'profile', true],
    ['SuperAdmin', 'settings/logs', true],
    ['SuperAdmin', 'settings/invites', true],
    ['SuperAdmin', 'settings/email-newsletter', false],
    ['SuperAdmin', 'settings/banner', false],
    ['SuperAdmin', 'courses', false],
    ['SuperAdmin', 'tariff-plans', true],
    // Admin: courses and the course constructor tabs, stats, full settings, homework, appeals …
    ['Admin', 'courses', true],
    ['Admin', 'courses/group/4', true],
    ['Admin', 'courses/create-course/9', true],
    ['Admin', 'courses/create-course/9/constructor', true],
    ['Admin', 'courses/create-course/9/certificates', true],
    ['Admin', 'courses/create-course/9/unknown-tab', false],
    ['Admin', 'courses-stats/9/students', true],
    ['Admin', 'settings/email-newsletter', true],
    ['Admin', 'settings/banner', true],
    ['Admin', 'settings/logs', false],
    ['Admin', 'home-work/1/2/3', true],
    ['Admin', 'school-appeals', true],
    ['Admin', 'webinars', true],
    ['Admin', 'access-logs', true],
    ['Admin', 'chat', true],
    ['Admin', 'chat/0b7c6f7e-1d2a-4c3b-9e8f-001122334455', true],
    // Issue 15: teachers and students chat too.
    ['Teacher', 'chat', true],
    ['Teacher', 'chat/abc', true],
    ['Student', 'chat', true],
    ['Student', 'chat/abc', true],
    ['Student', 'chat/abc/x', false],
    ['SuperAdmin', 'chat', false],
    ['Admin', 'rating', true],
    ['Admin', 'student-courses', false],
    // Teacher: no course creation or settings.
    ['Teacher', 'home-work', true],
    ['Teacher', 'home-work/1/2/3', true],
    ['Teacher', 'group', true],
    ['Teacher', 'group/5', true],
    ['Admin', 'group', false],
    ['Teacher', 'courses-stats', true],
    ['Teacher', 'courses/bonus', true],
    ['Teacher', 'student-stats/77', true],
    ['Teacher', 'meetings', true],
    ['Teacher', 'courses/create-course/9', false],
    ['Teacher', 'settings', false],
    ['Teacher', 'rating', false],
    // Student: study, bonuses, meetings, rating.
    ['Student', 'student-courses', true],
    ['Student', 'student-courses/bonus', true],
    ['Student', 'student-course/3', true],
    ['Student', 'student-course/3/module/8/lesson/21', true],
    ['Student', 'rating', true],
    ['Student', 'meetings', true],
    ['Student', 'courses', false],
    ['Student', 'home-work', false],
    ['Student', 'settings/main', false],
    // Static pages and the area root.
    ['Student', 'cookiePolicy', true],
    ['Teacher', 'PWA', true],
    [null, 'agreement', true],
    [null, 'courses', false],
    [null, '', false],
    ['Admin', '', true],
  ] as const)('%s → %s: %s', (role, path, allowed) => {
    expect(canOpenSchoolRoute(role, path)).toBe(allowed);
  });

  it('sends every role home to one of its own routes', () => {
    for (const [role, home] of Object.entries(ROLE_HOME)) {
      expect(ROLE_ROUTES[role as keyof typeof ROLE_ROUTES]).toContain(home);
    }
  });
});

describe('indexRedirect', () => {
  it.each([
    ['Admin', 'settings', 'settings/main'],
    ['Admin', '/settings/', 'settings/main'],
    ['SuperAdmin', 'settings', 'settings/main'],
    ['Admin', 'courses/create-course/9', 'courses/create-course/9/constructor'],
    ['Admin', 'courses/create-course/9/', 'courses/create-course/9/constructor'],
    ['Admin', 'courses/create-course/9/constructor', null],
    ['Admin', 'courses', null],
    ['Teacher', 'settings', null],
    ['Teacher', 'courses/create-course/9', null],
    [null, 'settings', null],
  ] as const)('%s: %s → %s', (role, path, target) => {
    expect(indexRedirect(role, path)).toBe(target);
  });
});

describe('settingsTabs', () => {
  it("lists the role's settings tabs in its set's order", () => {
    expect(settingsTabs('Admin')).toEqual([...ADMIN_SETTINGS]);
    expect(settingsTabs('SuperAdmin')).toEqual([...SUPER_ADMIN_SETTINGS]);
    expect(settingsTabs('Teacher')).toEqual([]);
    expect(settingsTabs(null)).toEqual([]);
  });
});

describe('routeParams', () => {
  it("reads each ':name' segment of the path", () => {
    expect(routeParams('group/:group_id', 'group/7/')).toEqual({ group_id: '7' });
    expect(routeParams('home-work/:lesson_id/:studentHomeworkId/:courseId', '/home-work/3/44/5')).toEqual({ lesson_id: '3', studentHomeworkId: '44', courseId: '5' });
  });

  it('has none for a pattern without parameters, and an empty value for a missing segment', () => {
    expect(routeParams('profile', 'profile')).toEqual({});
    expect(routeParams('group/:group_id', 'group')).toEqual({ group_id: '' });
  });
});
