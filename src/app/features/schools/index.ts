// Schools: creating one and choosing which to enter.
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const CreateSchoolPage = lazyPage(() => import('./create-school-page.tsx'));
export const ChooseSchoolPage = lazyPage(() => import('./choose-school-page.tsx'));
