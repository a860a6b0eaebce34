import { $school, $user, appMessages, canOpenSchoolRoute, ROLE_HOME, ROLE_ROUTES, routeRole, roleTitle, schoolDisplayName, schoolPath } from '#core';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { appSession } from '../app-session.ts';
import { ImpersonationBanner } from '../impersonation-banner.tsx';
import { useScrollHint } from './use-scroll-hint.ts';
import { usePersonName } from './use-person-name.ts';

type MenuKey = keyof typeof appMessages.routes;

/** The menu entries of a role: the top-level sections of its route set, in the set's order. */
export function menuFor(role: ReturnType<typeof routeRole>): MenuKey[] {
  if (!role) return [];
  const keys: MenuKey[] = [];
  for (const route of ROLE_ROUTES[role]) {
    const top = route.split('/')[0] as MenuKey;
    if (top in appMessages.routes && !keys.includes(top)) keys.push(top);
  }
  return keys;
}

/**
 * The school area: the role's menu (a sidebar from 640 px, a bar on top below), the school's title
 * and the person's name, and the page. A path the role may not open shows the not-found content.
 */
export function SchoolLayout({ rest, children, notFound }: { rest: string; children: ReactNode; notFound: ReactNode }) {
  const user = useStore($user);
  const school = useStore($school);
  const personName = usePersonName();
  const role = routeRole(user.role);
  const current = rest.split('/')[0] || (role ? ROLE_HOME[role].split('/')[0] : '');
  const allowed = canOpenSchoolRoute(role, rest);
  const menuRef = useScrollHint<HTMLElement>();
  return (
    <>
    <ImpersonationBanner />
    <div className="school-shell">
      <header className="school-header">
        <a className="brand" href={role ? schoolPath(school.schoolName, ROLE_HOME[role]) : '/'}>
          {appMessages.brand}
        </a>
        <span className="school-name">{schoolDisplayName(school)}</span>
        <span className="user-box">
          <span className="user-name">{personName}</span>
          <span className="role">{roleTitle(user.role)}</span>
          <button type="button" className="button secondary small" onClick={() => void appSession().signOut()}>
            {appMessages.logout}
          </button>
        </span>
      </header>
      <nav ref={menuRef} className="school-menu" aria-label={appMessages.menu}>
        <ul>
          {menuFor(role).map((key) => (
            <li key={key}>
              <a href={schoolPath(school.schoolName, key)} aria-current={key === current ? 'page' : undefined}>
                {appMessages.routes[key]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="school-main">{allowed ? children : notFound}</main>
    </div>
    </>
  );
}
