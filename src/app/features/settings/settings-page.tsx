import { $user, appMessages, routeRole, schoolPath, settingsTabs } from '#core';
import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { lazyPage } from '../../lazy-page.ts';
import { PageLoading } from '../../page-boundary.tsx';

const SchoolUsersPage = lazyPage(() => import('./school-users-page.tsx'));

const t = appMessages.settings;
const label = (tab: string) => t.tabs[tab] ?? tab;

/**
 * The school's settings, `settings/{tab}` (spec §2): a tab bar of the role's settings set (from
 * core's route sets, so admin and super admin differ), then the tab. 'employees' lists the
 * school's users; the other tabs are still to come. The tab's own heading is the page's h1.
 */
export default function SettingsPage({ school, tab }: { school: string; tab: string }) {
  const role = useStore($user).role;
  return (
    <div className="settings-page">
      <nav className="settings-tabs" aria-label={t.tabsLabel}>
        <ul>
          {settingsTabs(routeRole(role)).map((key) => (
            <li key={key}>
              <a href={schoolPath(school, `settings/${key}`)} aria-current={key === tab ? 'page' : undefined}>
                {label(key)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'employees' ? (
        // Its own boundary: the tab bar stays while the list's code loads.
        <Suspense fallback={<PageLoading />}>
          <SchoolUsersPage role={role} />
        </Suspense>
      ) : (
        <section className="status-page">
          <h1>{label(tab)}</h1>
          <p>{appMessages.sectionSoon}</p>
        </section>
      )}
    </div>
  );
}
