// Students groups: the teacher's and admin's list (a group's own page comes with the learning issue).
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const GroupsPage = lazyPage(() => import('./groups-page.tsx'));
