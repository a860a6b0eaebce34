// Statistics (issue 13): the school's students table and its export, the table's settings, and
// the other statistics routes (course summary, students by month, a student's sections,
// the onboarding checklist), each in its own files.
// Other features and the server's root import this feature through this file only.
export { studentStatsRoutes } from './student-stats-routes.ts';
export { studentsTableSettingsRoutes } from './students-table-settings-routes.ts';
export { courseSummaryRoutes } from './course-summary-routes.ts';
export { studentsByMonthRoutes } from './students-by-month-routes.ts';
export { schoolTasksRoutes } from './school-tasks-routes.ts';
export { studentSectionsRoutes } from './student-sections-routes.ts';
