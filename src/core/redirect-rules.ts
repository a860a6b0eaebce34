import { indexRedirect, ROLE_HOME } from './role-routes.ts';
import { Role, routeRole, type RoleId } from './roles.ts';
import { parseSchoolPath, Path, SCHOOL_STATIC_PAGES, schoolPath } from './routes.ts';
import { utmQuery, type UtmParams } from './utm.ts';

/** The demo accounts of the demo school (spec §2). */
export const DEMO_ACCOUNTS = ['admin@coursehub.ru', 'teacher@coursehub.ru', 'student@coursehub.ru'] as const;

export interface RedirectContext {
  pathname: string;
  /** The user is signed in (holds tokens). */
  auth: boolean;
  role: RoleId;
  email?: string | null;
  /** The school chosen on the choose-school page. */
  schoolName?: string | null;
  /** The utm parameters captured on load (stored under utmParams). */
  utmParams?: UtmParams | null;
}

function trimSlashes(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function isStaticSchoolPage(path: string): boolean {
  const school = parseSchoolPath(path);
  return Boolean(school && (SCHOOL_STATIC_PAGES as readonly string[]).includes(school.rest));
}

const TARIFF_INFO = [Path.tariffPlansInfo, Path.tariffPlansYear];
// Certificate, catalogue, help, password reset and webinar pages are open to everyone (spec §6),
// and so are an emailed invitation to a school (answered before the person has a session) and a
// newsletter's unsubscribe link (the token is the only credential).
const OPEN_PREFIXES = ['/certificate', '/course-catalog', '/help', '/token-validate', '/invitation', '/unsubscribe', '/webinar'];

/** Spec §2: where a signed-out visitor may stay. */
function isOpenWhenSignedOut(path: string): boolean {
  return (
    [Path.initial, Path.login, Path.signup, Path.forgotPassword, Path.createSchool, trimSlashes(Path.socialAuth), Path.accessDenied, Path.technicalWorks, ...TARIFF_INFO].includes(path) ||
    OPEN_PREFIXES.some((prefix) => isUnder(path, prefix)) ||
    isStaticSchoolPage(path)
  );
}

/** Spec §2: where a signed-in user without a chosen school and role may stay. */
function isOpenWithoutSchool(path: string): boolean {
  return (
    [Path.initial, Path.chooseSchool, Path.createSchool, trimSlashes(Path.socialAuth), Path.accessDenied, Path.technicalWorks, ...TARIFF_INFO].includes(path) ||
    OPEN_PREFIXES.some((prefix) => isUnder(path, prefix))
  );
}

const ENTRY_PAGES: string[] = [Path.initial, Path.login, Path.chooseSchool];

/**
 * The redirect rules of spec §2, applied on every navigation. Returns the path to go to, or null
 * to stay. Decisions where the spec's list is loose
 * (docs/decisions/0011-redirect-rules-where-spec-is-loose.md): signup, create-school,
 * forgot-password (where the reset link of spec §2 is asked for) and technical-works stay
 * reachable; the "courses page" is the role's own home in its school.
 */
export function redirectFor(ctx: RedirectContext): string | null {
  const path = trimSlashes(ctx.pathname || '/');
  if (ctx.pathname === '' || path === '/index.html') return Path.initial; // the root is the initial page

  if (!ctx.auth) {
    if (isOpenWhenSignedOut(path)) return null;
    return `${Path.initial}${utmQuery(ctx.utmParams ?? null)}`;
  }

  const role = routeRole(ctx.role);
  const schoolName = ctx.schoolName?.trim();
  if (!role || !schoolName || ctx.role === Role.Unknown) {
    return isOpenWithoutSchool(path) ? null : Path.chooseSchool;
  }

  const home = schoolPath(schoolName, ROLE_HOME[role]);
  const email = ctx.email?.trim().toLowerCase() ?? '';
  if ((DEMO_ACCOUNTS as readonly string[]).includes(email) && ENTRY_PAGES.includes(path)) return home;

  const inSchool = parseSchoolPath(path);
  if (inSchool && inSchool.schoolName !== schoolName && !isStaticSchoolPage(path)) return home;

  // An index path opens its first tab (spec §2: settings → main, a course → its constructor).
  const child = inSchool ? indexRedirect(role, inSchool.rest) : null;
  return child ? schoolPath(schoolName, child) : null;
}
