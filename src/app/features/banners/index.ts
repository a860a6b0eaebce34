// Banners: the admin's settings tab «Баннер» (list, create, change, switch on, statistics) and the
// student's banner above «Мои курсы». The shell and other features use this feature through this
// file only. The tab loads on demand; the student's banner is small and comes with «Мои курсы»
// (itself a page loaded on demand, the only place that imports it).
import { lazyPage } from '../../lazy-page.ts';

export const BannersSettingsTab = lazyPage(() => import('./banners-settings-tab.tsx'));
export { StudentBanner } from './student-banner.tsx';
