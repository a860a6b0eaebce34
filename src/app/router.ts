import { createRouter } from '@nanostores/router';

/**
 * Every route of spec §2. The school area is one pattern: its children depend on the current role
 * (core's ROLE_ROUTES), so the school layout resolves `rest` itself.
 */
export const $router = createRouter({
  initial: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  createSchool: '/create-school',
  chooseSchool: '/chooseSchool',
  socialAuth: '/auth/callback',
  tokenValidate: '/token-validate/:userId/:token',
  invitation: '/invitation/:token',
  unsubscribe: '/unsubscribe/:token',
  tariffPlansInfo: '/tariff-plans-info',
  tariffPlansYear: '/tariff-plans-year',
  tariffPlans: '/tariff-plans',
  catalog: '/course-catalog',
  catalogCourse: '/course-catalog/:courseId',
  certificatePreview: '/certificate/preview',
  certificate: '/certificate/:certLink',
  webinar: '/webinar/:slug',
  help: '/help',
  helpPage: '/help/:page',
  helpSchoolPage: '/help/:school/:page',
  accessDenied: '/access-denied',
  technicalWorks: '/technical-works',
  invoice: '/invoice',
  school: '/school/:school',
  schoolChild: [/^\/school\/([^/]+)\/(.+?)\/?$/, (school, rest) => ({ school: decodeURIComponent(school ?? ''), rest: rest ?? '' })],
});

export type RouteName = NonNullable<ReturnType<typeof $router.get>>['route'];
