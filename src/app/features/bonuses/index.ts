// Bonuses (issue 12): the school's offers to the students of some groups, on the student's
// `student-courses/bonus` and the teacher's `courses/bonus`. The shell and other features use this
// feature through this file only; the page loads on demand.
import { lazyPage } from '../../lazy-page.ts';

export const BonusesPage = lazyPage(() => import('./bonuses-page.tsx'));
