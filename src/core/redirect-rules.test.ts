import { describe, expect, it } from 'vitest';
import { redirectFor, type RedirectContext } from './redirect-rules.ts';
import { Role } from './roles.ts';

const utm = { utm_source: 'vk', utm_medium: 'cpc', utm_campaign: 'spring', utm_term: 'курсы', utm_content: 'banner' };
const signedOut: Omit<RedirectContext, 'pathname'> = { auth: false, role: Role.Unknown };
const noSchool: Omit<RedirectContext, 'pathname'> = { auth: true, role: Role.Unknown, email: 'owner@example.com' };
const admin: Omit<RedirectContext, 'pathname'> = { auth: true, role: Role.Admin, email: 'owner@example.com', schoolName: 'alpha' };
const teacher = { ...admin, role: Role.Teacher };
const student = { ...admin, role: Role.Student };
const superAdmin = { ...admin, role: Role.SuperAdmin };

describe('redirect rules of spec §2', () => {
  describe('signed out', () => {
    it.each([
      // Open pages stay.
      ['/', null],
      ['/login', null],
      ['/login/', null],
      ['/signup', null],
      ['/forgot-password', null],
      ['/forgot-password/', null],
      ['/create-school', null],
      ['/create-school/', null],
      ['/auth/callback/', null],
      ['/tariff-plans-info', null],
      ['/tariff-plans-year', null],
      ['/certificate/preview', null],
      ['/certificate/abc.def', null],
      ['/course-catalog/', null],
      ['/course-catalog/12/', null],
      ['/help', null],
      ['/help/school/help-students', null],
      ['/token-validate/5/tok', null],
      ['/invitation/Q7rV9w0bX2yZ', null],
      ['/unsubscribe/1.2.abc', null],
      ['/access-denied', null],
      ['/technical-works', null],
      ['/webinar/intro', null],
      ['/school/Coursehub/cookiePolicy', null],
      ['/school/alpha/publicOfferAgreement', null],
      ['/school/alpha/agreement', null],
      // Everything else goes to the initial page.
      ['/chooseSchool', '/'],
      ['/school/alpha/courses', '/'],
      ['/school/alpha/', '/'],
      ['/tariff-plans', '/'],
      ['/invoice', '/'],
      ['/certificates', '/'],
      ['/helpdesk', '/'],
      ['/no-such-page', '/'],
      ['', '/'],
      ['/index.html', '/'],
    ])('%s → %s', (pathname, target) => {
      expect(redirectFor({ ...signedOut, pathname })).toBe(target);
    });

    it('carries the captured utm parameters to the initial page', () => {
      expect(redirectFor({ ...signedOut, pathname: '/school/alpha/courses', utmParams: utm })).toBe(
        '/?utm_source=vk&utm_medium=cpc&utm_campaign=spring&utm_term=%D0%BA%D1%83%D1%80%D1%81%D1%8B&utm_content=banner',
      );
    });

    it('carries nothing when utm_source was not captured', () => {
      expect(redirectFor({ ...signedOut, pathname: '/chooseSchool', utmParams: { utm_medium: 'cpc' } })).toBe('/');
    });
  });

  describe('signed in without a school or role', () => {
    it.each([
      ['/', null],
      ['/chooseSchool', null],
      ['/chooseSchool/', null],
      ['/create-school', null],
      ['/auth/callback/', null],
      ['/tariff-plans-info', null],
      ['/tariff-plans-year', null],
      ['/certificate/xyz', null],
      ['/course-catalog/3/', null],
      ['/help/school', null],
      ['/token-validate/1/t', null],
      ['/invitation/abc', null],
      ['/unsubscribe/1.2.abc', null],
      ['/access-denied', null],
      ['/webinar/w1', null],
      ['/login', '/chooseSchool'],
      ['/signup', '/chooseSchool'],
      ['/forgot-password', '/chooseSchool'],
      ['/school/alpha/courses', '/chooseSchool'],
      ['/school/alpha/', '/chooseSchool'],
      ['/school/Coursehub/cookiePolicy', '/chooseSchool'],
      ['/invoice', '/chooseSchool'],
      ['/unknown', '/chooseSchool'],
    ])('%s → %s', (pathname, target) => {
      expect(redirectFor({ ...noSchool, pathname })).toBe(target);
    });

    it.each([
      ['a role but no school', { ...admin, schoolName: null }],
      ['a blank school', { ...admin, schoolName: '  ' }],
      ['a school but no role', { ...admin, role: Role.Unknown }],
      ['a role without routes', { ...admin, role: Role.Manager }],
    ])('treats %s as incomplete on a /school/ path', (_name, ctx) => {
      expect(redirectFor({ ...ctx, pathname: '/school/alpha/courses' })).toBe('/chooseSchool');
    });
  });

  describe('signed in with a school and role', () => {
    it.each([
      ['admin in its own school', admin, '/school/alpha/courses', null],
      ['admin on the initial page', admin, '/', null],
      ['admin on a public page', admin, '/course-catalog/', null],
      ['admin in another school', admin, '/school/beta/courses', '/school/alpha/courses'],
      ['student in another school', student, '/school/beta/rating', '/school/alpha/student-courses'],
      ['super admin in another school', superAdmin, '/school/beta/', '/school/alpha/settings/main'],
      ['teacher in another school', teacher, '/school/beta/home-work', '/school/alpha/courses'],
      ['anyone on a legal page of the default school', student, '/school/Coursehub/personalDataProcessing', null],
      ['a student opening an emailed invitation to another school', student, '/invitation/Q7rV9w0bX2yZ', null],
      ["a student opening a newsletter's unsubscribe link", student, '/unsubscribe/1.2.abc', null],
      ['an encoded school name that matches', { ...admin, schoolName: 'моя школа' }, '/school/%D0%BC%D0%BE%D1%8F%20%D1%88%D0%BA%D0%BE%D0%BB%D0%B0/courses', null],
    ])('%s: %s → %s', (_name, ctx, pathname, target) => {
      expect(redirectFor({ ...ctx, pathname })).toBe(target);
    });
  });

  describe('index paths open their first tab (spec §2)', () => {
    it.each([
      ['admin: settings', admin, '/school/alpha/settings', '/school/alpha/settings/main'],
      ['admin: settings/', admin, '/school/alpha/settings/', '/school/alpha/settings/main'],
      ['super admin: settings', superAdmin, '/school/alpha/settings', '/school/alpha/settings/main'],
      ['admin: a settings tab stays', admin, '/school/alpha/settings/promo', null],
      ['admin: a course', admin, '/school/alpha/courses/create-course/9', '/school/alpha/courses/create-course/9/constructor'],
      ['admin: a course/', admin, '/school/alpha/courses/create-course/9/', '/school/alpha/courses/create-course/9/constructor'],
      ['admin: a course tab stays', admin, '/school/alpha/courses/create-course/9/materials', null],
      ['teacher: settings is not its own (not found, no redirect)', teacher, '/school/alpha/settings', null],
      ['student: a course it may not build', student, '/school/alpha/courses/create-course/9', null],
    ])('%s: %s → %s', (_name, ctx, pathname, target) => {
      expect(redirectFor({ ...ctx, pathname })).toBe(target);
    });
  });

  describe('the three demo accounts', () => {
    it.each([
      ['admin@coursehub.ru', Role.Admin, '/', '/school/Coursehub/courses'],
      ['teacher@coursehub.ru', Role.Teacher, '/login', '/school/Coursehub/courses'],
      ['Student@CourseHub.ru', Role.Student, '/chooseSchool', '/school/Coursehub/student-courses'],
      ['admin@coursehub.ru', Role.Admin, '/school/Coursehub/settings/main', null],
      ['admin@example.com', Role.Admin, '/', null],
    ])('%s with a school on %s → %s', (email, role, pathname, target) => {
      expect(redirectFor({ auth: true, role, email, schoolName: 'Coursehub', pathname })).toBe(target);
    });

    it('stay on choose school until a school is selected', () => {
      expect(redirectFor({ auth: true, role: Role.Unknown, email: 'admin@coursehub.ru', pathname: '/chooseSchool' })).toBeNull();
    });
  });
});
