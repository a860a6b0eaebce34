import { $school, $user, captureUtm, readUtm, redirectFor } from '#core';
import { $router } from './router.ts';

/** Where the redirect rules send the current location, or null to stay. */
export function currentRedirect(pathname: string): string | null {
  const user = $user.get();
  return redirectFor({
    pathname,
    auth: user.auth,
    role: user.role,
    email: user.email,
    schoolName: $school.get().schoolName,
    utmParams: readUtm(localStorage),
  });
}

/**
 * Applies the redirect rules of spec §2 on every navigation and whenever the user or the chosen
 * school changes (signing in, choosing a school, logging out). Collects utm_* first.
 */
export function startGuard(): () => void {
  captureUtm(window.location.search, localStorage);
  const check = () => {
    const target = currentRedirect(window.location.pathname);
    if (target && target !== window.location.pathname + window.location.search) $router.open(target, true);
  };
  const stops = [$router.listen(check), $user.listen(check), $school.listen(check)];
  check();
  return () => stops.forEach((stop) => stop());
}
