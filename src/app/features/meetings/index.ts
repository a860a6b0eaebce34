// «Встречи» (issue 15): the school's meetings — the admin's list with its dialog, the teacher's and
// the student's upcoming and past meetings — and the upcoming count beside the menu item. The shell
// uses this feature through this file only; the page loads on demand, the small badge with the menu.
import { lazyPage } from '../../lazy-page.ts';

export const MeetingsPage = lazyPage(() => import('./meetings-page.tsx'));
// The menu's count is loaded on its own, off the app's entry.
export const UpcomingMeetingsBadge = lazyPage<{ school: string }>(() => import('./upcoming-meetings-badge.tsx').then((m) => ({ default: m.UpcomingMeetingsBadge })));
