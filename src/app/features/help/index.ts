// The help centre.
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const HelpPage = lazyPage(() => import('./help-page.tsx'));
