import type { RoleId } from '#core';
import type { ReactNode } from 'react';
import { lazyPage } from '../../lazy-page.ts';
import { AccessLogsTab } from '../access-logs/index.ts';
import { BannersSettingsTab } from '../banners/index.ts';
import { BonusesSettingsTab, InvitesSettingsTab } from '../bonuses/index.ts';
import { NewsletterSettingsTab } from '../newsletters/index.ts';
import { PaymentMethodsSettingsTab } from '../sales/index.ts';
import { PromoSettingsTab } from '../school-promo/index.ts';

/** What every settings tab is given: the school's URL name and the caller's role in it. */
export interface SettingsTabProps {
  school: string;
  role: RoleId;
}

/**
 * The screen of each settings tab (spec §2), loaded on demand: adding a tab is one line here. A tab
 * of the role's set without a line shows 'coming soon' under its name.
 */
export const SETTINGS_TABS: Readonly<Record<string, (props: SettingsTabProps) => ReactNode>> = {
  main: lazyPage(() => import('./main-settings-tab.tsx')),
  employees: lazyPage(() => import('./school-users-page.tsx')),
  decoration: lazyPage(() => import('./decoration-tab.tsx')),
  passport: lazyPage(() => import('./passport-tab.tsx')),
  domain: lazyPage(() => import('./domain-tab.tsx')),
  banner: BannersSettingsTab,
  bonuses: BonusesSettingsTab,
  invites: InvitesSettingsTab,
  promo: PromoSettingsTab,
  'email-newsletter': NewsletterSettingsTab,
  'payment-methods': PaymentMethodsSettingsTab,
  logs: AccessLogsTab,
};
