// The admin's «Вебинары» (issue 15): the school's autowebinars, their video, schedule and scripted
// chat. The shell and other features use this feature through this file only; the page loads on demand.
import { lazyPage } from '../../lazy-page.ts';

export const WebinarsAdminPage = lazyPage(() => import('./webinars-admin-page.tsx'));
