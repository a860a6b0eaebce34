// The school's settings tabs (admin and super admin).
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const SettingsPage = lazyPage(() => import('./settings-page.tsx'));
