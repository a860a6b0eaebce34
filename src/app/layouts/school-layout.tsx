import { $school, $user, appMessages, ROLE_HOME, routeRole, roleTitle, schoolDisplayName, schoolPath } from '#core';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { appSession } from '../app-session.ts';
import { AiAssistantLauncher } from '../features/ai-chat/index.ts';
import { UnreadAppealsBadge } from '../features/appeals/index.ts';
import { ChatUnreadBadge } from '../features/chat/index.ts';
import { UpcomingMeetingsBadge } from '../features/meetings/index.ts';
import { QuietSlot } from './quiet-slot.tsx';
import { ImpersonationBanner } from '../impersonation-banner.tsx';
import { schoolMenu } from '../school-screens.tsx';
import { SkipLink } from '../ui/skip-link.tsx';
import { useScrollHint } from './use-scroll-hint.ts';
import { usePersonName } from './use-person-name.ts';
import { useSchoolDecoration } from './use-school-decoration.ts';

/**
 * The school area: the role's menu (a sidebar from 640 px, a bar on top below), the school's title
 * and the person's name, and the screen (or not-found, chosen by the caller from the school screens).
 * The school's colours and logo (settings «Оформление») paint it.
 */
export function SchoolLayout({ rest, children }: { rest: string; children: ReactNode }) {
  const user = useStore($user);
  const school = useStore($school);
  const personName = usePersonName();
  const role = routeRole(user.role);
  const current = rest.split('/')[0] || (role ? ROLE_HOME[role].split('/')[0] : '');
  const menuRef = useScrollHint<HTMLElement>();
  const colors = useSchoolDecoration();
  return (
    <>
    <SkipLink />
    <ImpersonationBanner />
    <div className="school-shell" style={colors}>
      <header className="school-header">
        <a className="brand" href={role ? schoolPath(school.schoolName, ROLE_HOME[role]) : '/'}>
          {school.logo ? <img className="brand-logo" src={school.logo} alt={schoolDisplayName(school)} /> : appMessages.brand}
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
          {schoolMenu(role).map((key) => (
            <li key={key}>
              <a href={schoolPath(school.schoolName, key)} aria-current={key === current ? 'page' : undefined}>
                {appMessages.routes[key]}
                {key === 'school-appeals' ? <QuietSlot><UnreadAppealsBadge school={school.schoolName} /></QuietSlot> : null}
                {key === 'chat' ? <QuietSlot><ChatUnreadBadge school={school.schoolName} /></QuietSlot> : null}
                {key === 'meetings' ? <QuietSlot><UpcomingMeetingsBadge school={school.schoolName} /></QuietSlot> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="school-main">{children}</main>
      {role ? (
        <QuietSlot>
          <AiAssistantLauncher school={school.schoolName} />
        </QuietSlot>
      ) : null}
    </div>
    </>
  );
}
