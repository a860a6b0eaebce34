// Students groups: the teacher's list, a group's page (admin `courses/group/{id}`, teacher
// `group/{id}`) and creating a group. The shell and other features use this feature through this
// file only; pages and the creation dialog load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const GroupsPage = lazyPage(() => import('./groups-page.tsx'));
export const GroupPage = lazyPage(() => import('./group-page.tsx'));
/** 'Создать группу' as a dialog (render it inside Suspense): name, teacher or none, then the group's page. */
export const CreateGroupModal = lazyPage(() => import('./create-group-modal.tsx'));
