// Statistics (issue 13 item 2): the course summary with its export and chart (`courses-stats`),
// a course's students table (`courses-stats/{course_id}/students`) and a student's statistics
// for their teacher (`student-stats/{student_id}`), each loaded on demand; and the admin's
// onboarding checklist, a small card the courses page shows (static: it is tiny).
// The shell and other features use this feature through this file only.
import { lazyPage } from '../../lazy-page.ts';

export const CoursesStatsPage = lazyPage(() => import('./courses-stats-page.tsx'));
export const CourseStudentsStatsPage = lazyPage(() => import('./course-students-stats-page.tsx'));
export const StudentStatsPage = lazyPage(() => import('./student-stats-page.tsx'));

export { SchoolTasksCard } from './school-tasks-card.tsx';
