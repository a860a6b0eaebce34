import { DEFAULT_SCHOOL, SCHOOL_STATIC_PAGES } from '#core';
import type { $router } from './router.ts';

export type RoutePage = ReturnType<typeof $router.get>;

/**
 * A legal page shown outside the school area: to everyone signed out, and under the default
 * school to everyone (spec §2).
 */
export function isOpenLegalPage(school: string, rest: string, auth: boolean): boolean {
  return (!auth || school === DEFAULT_SCHOOL) && (SCHOOL_STATIC_PAGES as readonly string[]).includes(rest);
}

/** Whether a route shows a public page (in the public frame) rather than the school area. */
export function isPublicPage(page: RoutePage, auth: boolean): boolean {
  if (!page) return true;
  if (page.route === 'school') return false;
  if (page.route === 'schoolChild') return isOpenLegalPage(page.params.school, page.params.rest, auth);
  return true;
}
