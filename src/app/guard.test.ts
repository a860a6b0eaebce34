import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentRedirect, startGuard } from './guard.ts';
import { $router } from './router.ts';

let stop: (() => void) | undefined;
beforeEach(() => {
  localStorage.clear();
  resetUser();
  $school.set(INITIAL_SCHOOL);
});
afterEach(() => stop?.());

function go(path: string) {
  window.history.pushState(null, '', path);
  $router.open(path);
}

describe('the guard applies the redirect rules to the router', () => {
  it.each([
    ['/school/Coursehub/courses', '/'],
    ['/login', null],
    ['/course-catalog/', null],
    ['/chooseSchool', '/'],
  ])('signed out: %s → %s', (path, target) => {
    expect(currentRedirect(path)).toBe(target);
  });

  it('redirects on navigation, carrying the captured utm parameters', () => {
    window.history.replaceState(null, '', '/?utm_source=vk&utm_medium=cpc');
    stop = startGuard();
    go('/school/Coursehub/courses');
    expect(window.location.pathname + window.location.search).toBe('/?utm_source=vk&utm_medium=cpc');
  });

  it('follows sign-in and school choice: no school → choose school; another school → the own one', () => {
    stop = startGuard();
    signIn({ access: 'a', refresh: 'r', userId: 1, email: 'owner@example.com' });
    go('/school/Other/courses');
    expect(window.location.pathname).toBe('/chooseSchool');
    selectSchool({ schoolName: 'Mine', contactLink: '', schoolId: 1, headerId: null });
    setRole(Role.Student);
    go('/school/Other/rating');
    expect(window.location.pathname).toBe('/school/Mine/student-courses');
  });

  it('sends a demo account with a school from the entry pages to its courses', () => {
    stop = startGuard();
    signIn({ access: 'a', refresh: 'r', userId: 1, email: 'teacher@coursehub.ru' });
    selectSchool({ schoolName: 'Coursehub', contactLink: '', schoolId: 1, headerId: null });
    setRole(Role.Teacher);
    go('/login');
    expect(window.location.pathname).toBe('/school/Coursehub/courses');
  });
});

describe('the route table', () => {
  it.each([
    ['/', 'initial'],
    ['/login', 'login'],
    ['/create-school', 'createSchool'],
    ['/chooseSchool', 'chooseSchool'],
    ['/auth/callback', 'socialAuth'],
    ['/token-validate/5/abc', 'tokenValidate'],
    ['/unsubscribe/1.2.abc', 'unsubscribe'],
    ['/tariff-plans-info', 'tariffPlansInfo'],
    ['/tariff-plans-year', 'tariffPlansYear'],
    ['/course-catalog', 'catalog'],
    ['/course-catalog/7', 'catalogCourse'],
    ['/certificate/preview', 'certificatePreview'],
    ['/certificate/xyz', 'certificate'],
    ['/webinar/intro', 'webinar'],
    ['/help', 'help'],
    ['/help/help-students', 'helpPage'],
    ['/access-denied', 'accessDenied'],
    ['/technical-works', 'technicalWorks'],
    ['/invoice', 'invoice'],
    ['/school/Coursehub', 'school'],
    ['/school/Coursehub/home-work/1/2/3', 'schoolChild'],
  ])('%s → %s', (path, route) => {
    go(path);
    expect($router.get()?.route).toBe(route);
  });

  it('reads the school and the child path of the school area', () => {
    go('/school/Coursehub/courses/create-course/5/constructor');
    expect($router.get()?.params).toEqual({ school: 'Coursehub', rest: 'courses/create-course/5/constructor' });
  });

  it('has no route for an unknown path (the not-found page)', () => {
    go('/no/such/page');
    expect($router.get()).toBeUndefined();
  });
});
