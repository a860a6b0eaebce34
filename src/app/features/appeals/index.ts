// «Заявки» (issue 14): the catalogue visitors' appeals for the school's admins, and their unread
// count beside the menu item. The shell uses this feature through this file only; the page loads
// on demand, the small badge with the menu.
import { lazyPage } from '../../lazy-page.ts';

export const AppealsPage = lazyPage(() => import('./appeals-page.tsx'));
// The menu's count is loaded on its own, off the app's entry.
export const UnreadAppealsBadge = lazyPage<{ school: string }>(() => import('./unread-appeals-badge.tsx').then((m) => ({ default: m.UnreadAppealsBadge })));
