// The student rating (issue 13 item 3): `rating` for admins (the table and the school's switch) and
// students (their standing, the table, hiding their name). The shell uses this feature through
// this file only; the page loads on demand.
import { lazyPage } from '../../lazy-page.ts';

export const RatingPage = lazyPage(() => import('./rating-page.tsx'));
