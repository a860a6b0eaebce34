// Bonuses (issue 12): the school's offers to the students of some groups, on the student's
// `student-courses/bonus` and the teacher's `courses/bonus`; the admin's settings tabs «Бонусы»
// and «Приглашения» (the invites programme, shown on the same page). The shell and other features
// use this feature through this file only; the pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const BonusesPage = lazyPage(() => import('./bonuses-page.tsx'));
export const BonusesSettingsTab = lazyPage(() => import('./bonuses-settings-tab.tsx'));
export const InvitesSettingsTab = lazyPage(() => import('./invites-settings-tab.tsx'));
