// Studying (issue 12): the student's courses, a course's programme with progress and locks, and a
// lesson's page (blocks, files, a test or homework panel, a webinar's links, previous and next).
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const StudentCoursesPage = lazyPage(() => import('./student-courses-page.tsx'));
export const StudentCoursePage = lazyPage(() => import('./student-course-page.tsx'));
export const LessonPage = lazyPage(() => import('./lesson-page.tsx'));
