import { $user, appMessages, routeRole, schoolPath, settingsTabs } from '#core';
import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { PageLoading } from '../../page-boundary.tsx';
import { SETTINGS_TABS } from './settings-tabs.ts';

const t = appMessages.settings;
const label = (tab: string) => t.tabs[tab] ?? tab;

/**
 * The school's settings, `settings/{tab}` (spec §2): a tab bar of the role's settings set (from
 * core's route sets, so admin and super admin differ), then the tab's screen (settings-tabs.ts).
 * The tab's own heading is the page's h1.
 */
export default function SettingsPage({ school, tab }: { school: string; tab: string }) {
  const role = useStore($user).role;
  const Tab = SETTINGS_TABS[tab];
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
      {Tab ? (
        // Its own boundary: the tab bar stays while the tab's code loads.
        <Suspense fallback={<PageLoading />}>
          <Tab school={school} role={role} />
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
