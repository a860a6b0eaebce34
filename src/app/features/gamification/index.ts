// Boxes and prizes: the member's boxes on «Бонусы» (StudentBoxes, small, imported by that page) and
// the admin's boxes and prizes (BoxesAdmin, loaded on demand wherever the shell places it).
// The shell and other features use this feature through this file only.
import { lazyPage } from '../../lazy-page.ts';

export { StudentBoxes } from './student-boxes.tsx';
export const BoxesAdmin = lazyPage(() => import('./boxes-admin.tsx'));
