// The school-screen table and core's role route sets must describe the same area: every route a
// role may open has exactly one screen (or is listed as still to come), and no screen is unreachable.
import { matchesRoute, ROLE_ROUTES, SCHOOL_STATIC_PAGES, type RouteRole } from '#core';
import { describe, expect, it } from 'vitest';
import { SCHOOL_SCREENS, schoolMenu, schoolScreen } from './school-screens.tsx';

const ROLES = Object.keys(ROLE_ROUTES) as RouteRole[];
const ALL_PATTERNS = [...new Set([...ROLES.flatMap((role) => ROLE_ROUTES[role]), ...SCHOOL_STATIC_PAGES])];
/** A concrete path for a pattern: ':name' segments get a value. */
const sample = (pattern: string) => pattern.replace(/:[^/]+/g, '7');

describe('the school screens', () => {
  it.each(ALL_PATTERNS)("'%s' has exactly one entry", (pattern) => {
    const entries = SCHOOL_SCREENS.filter(([own]) => matchesRoute(own, sample(pattern)));
    expect(entries.map(([own]) => own)).toHaveLength(1);
  });

  it.each(SCHOOL_SCREENS.map(([pattern]) => pattern))("'%s' is opened by some role or is open to all", (pattern) => {
    const path = sample(pattern);
    expect(ALL_PATTERNS.some((own) => matchesRoute(own, path) || matchesRoute(pattern, sample(own)))).toBe(true);
  });

  it('are keyed by patterns no earlier entry already covers', () => {
    SCHOOL_SCREENS.forEach(([pattern], i) => {
      const earlier = SCHOOL_SCREENS.slice(0, i).find(([own]) => matchesRoute(own, sample(pattern)));
      expect(earlier?.[0], pattern).toBeUndefined();
    });
  });
});

describe('schoolScreen', () => {
  it("gives a role the screen of a route in its set, with the path's parameters", () => {
    const found = schoolScreen('Teacher', '/group/12/');
    expect(found?.path).toBe('group/12');
    expect(found?.params).toEqual({ group_id: '12' });
    expect(schoolScreen('Admin', 'settings/employees')?.params).toEqual({ tab: 'employees' });
  });

  it("opens a group's page for the admin and for the teacher, no longer 'coming soon'", () => {
    const soon = schoolScreen('Admin', 'meetings')!.screen;
    const admin = schoolScreen('Admin', 'courses/group/5');
    const teacher = schoolScreen('Teacher', 'group/5');
    expect(admin?.params).toEqual({ group_id: '5' });
    expect(admin?.screen).not.toBe(soon);
    expect(teacher?.screen).not.toBe(soon);
    expect(schoolScreen('Teacher', 'courses/group/5')).toBeNull();
    expect(schoolScreen('Student', 'group/5')).toBeNull();
  });

  it("opens the bonuses page for the student and the teacher, no longer 'coming soon'", () => {
    const soon = schoolScreen('Admin', 'meetings')!.screen;
    const student = schoolScreen('Student', 'student-courses/bonus');
    const teacher = schoolScreen('Teacher', 'courses/bonus');
    expect(student?.screen).not.toBe(soon);
    expect(teacher?.screen).not.toBe(soon);
    expect(schoolScreen('Teacher', 'student-courses/bonus')).toBeNull();
    expect(schoolScreen('Student', 'courses/bonus')).toBeNull();
  });

  it('opens the chat to the admin, the teacher and the student, the list and an open chat as one screen (issue 15)', () => {
    const soon = schoolScreen('Admin', 'meetings')!.screen;
    for (const role of ['Admin', 'Teacher', 'Student'] as const) {
      const list = schoolScreen(role, 'chat');
      const open = schoolScreen(role, 'chat/0b7c6f7e');
      expect(list?.screen).not.toBe(soon);
      expect(open?.screen).toBe(list?.screen);
      expect(open?.params).toEqual({ chat_id: '0b7c6f7e' });
    }
    expect(schoolScreen('SuperAdmin', 'chat')).toBeNull();
  });

  it("refuses a route outside the role's set, and everything without a role", () => {
    expect(schoolScreen('Teacher', 'settings/main')).toBeNull();
    expect(schoolScreen('Admin', 'settings/logs')).toBeNull();
    expect(schoolScreen('Student', 'courses')).toBeNull();
    expect(schoolScreen(null, 'profile')).toBeNull();
    expect(schoolScreen('Admin', 'no-such-section')).toBeNull();
  });

  it('opens the legal pages to everyone, also without a role', () => {
    for (const page of SCHOOL_STATIC_PAGES) expect(schoolScreen(null, page)).not.toBeNull();
  });
});

describe('schoolMenu', () => {
  it.each([
    ['Admin', ['courses', 'profile', 'courses-stats', 'settings', 'home-work', 'help-center', 'tariff-plans', 'school-appeals', 'meetings', 'webinars', 'rating', 'access-logs', 'pwa', 'chat']],
    ['SuperAdmin', ['profile', 'settings', 'help-center', 'tariff-plans', 'pwa']],
    ['Teacher', ['profile', 'group', 'home-work', 'courses-stats', 'courses', 'help-center', 'tariff-plans', 'meetings', 'pwa', 'chat']],
    ['Student', ['profile', 'student-courses', 'help-center', 'tariff-plans', 'meetings', 'rating', 'pwa', 'chat']],
    [null, []],
  ] as const)('%s sees exactly its sections, in its set’s order', (role, keys) => {
    expect(schoolMenu(role)).toEqual(keys);
  });
});
