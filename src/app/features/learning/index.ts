// Studying (issue 12): the student's courses, a course's programme with progress and locks, and a
// lesson's page (blocks, files, a test or homework panel, a webinar's links, previous and next).
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const StudentCoursesPage = lazyPage(() => import('./student-courses-page.tsx'));
export const StudentCoursePage = lazyPage(() => import('./student-course-page.tsx'));
export const LessonPage = lazyPage(() => import('./lesson-page.tsx'));

// The homework review (homework-review feature) shows the same thread and answers with the same
// composer (text, documents and audio with progress) as the student's panel.
export { HomeworkStatusBadge, HomeworkThread } from './homework-panel-thread.tsx';
export { HomeworkComposer } from './homework-panel-composer.tsx';
export type { HomeworkCheck, LessonBlock, LessonFile, UserHomework } from './learning-api.ts';
