// The public autowebinar page, reusing the webinar widget's component.
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const WebinarPage = lazyPage(() => import('./webinar-page.tsx'));
