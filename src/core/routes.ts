/** The platform's public paths (spec §2), shared by the router, the redirect rules and widgets. */
export const Path = {
  initial: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  createSchool: '/create-school',
  chooseSchool: '/chooseSchool',
  socialAuth: '/auth/callback/',
  tariffPlansInfo: '/tariff-plans-info',
  tariffPlansYear: '/tariff-plans-year',
  catalog: '/course-catalog/',
  certificatePreview: '/certificate/preview',
  accessDenied: '/access-denied',
  technicalWorks: '/technical-works',
  invoice: '/invoice',
  help: '/help',
} as const;

/** The school whose legal pages are served without a school of one's own (spec §2). */
export const DEFAULT_SCHOOL = 'Coursehub';

/** The five legal pages, also served under the default school. */
export const LEGAL_PAGES = [
  'personalDataTreatmentPolicy',
  'cookiePolicy',
  'cookiePolicyDisclaimer',
  'personalDataProcessing',
  'publicOfferAgreement',
] as const;

/** Static pages of every school area: the legal pages plus PWA and the user agreement. */
export const SCHOOL_STATIC_PAGES = [...LEGAL_PAGES, 'PWA', 'agreement'] as const;

/** `/school/{name}/` plus an optional child path. */
export function schoolPath(schoolName: string, child = ''): string {
  return `/school/${encodeURIComponent(schoolName)}/${child.replace(/^\/+/, '')}`;
}

export const certificatePath = (certLink: string) => `/certificate/${encodeURIComponent(certLink)}`;
export const webinarPath = (slug: string) => `/webinar/${encodeURIComponent(slug)}`;
export const catalogCoursePath = (courseId: number | string) => `${Path.catalog}${courseId}/`;

/** Splits `/school/{name}/{rest}` into its parts, or null for any other path. */
export function parseSchoolPath(pathname: string): { schoolName: string; rest: string } | null {
  const match = /^\/school\/([^/]+)\/?(.*)$/.exec(pathname);
  if (!match?.[1]) return null;
  let schoolName = match[1];
  try {
    schoolName = decodeURIComponent(schoolName);
  } catch {
    // a malformed escape stays as typed
  }
  return { schoolName, rest: (match[2] ?? '').replace(/\/+$/, '') };
}
