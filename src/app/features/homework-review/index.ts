// Homework review (issue 13 item 1): the queue of hand-ins a teacher or an admin checks
// (`home-work`) and a hand-in's check page (`home-work/{lesson_id}/{studentHomeworkId}/{courseId}`).
// The shell uses this feature through this file only; both pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const HomeworkQueuePage = lazyPage(() => import('./homework-queue-page.tsx'));
export const HomeworkCheckPage = lazyPage(() => import('./homework-check-page.tsx'));
