// Homework handed in by students and the thread of checks on each.
// Other features and the server's root import this feature through this file only.
export { HOMEWORK_STATUSES, homeworkCheckFiles, userHomeworkChecks, userHomeworkReads, userHomeworks, type HomeworkStatus } from './tables.ts';
export { userHomeworkRoutes } from './user-homework-routes.ts';
export { checkRoutes } from './check-routes.ts';
export { notAccepted } from './accepted.ts';
export { AUTO_ACCEPT_JOB, acceptDueHandIns } from './auto-accept.ts';
export { reviewQueueRoutes } from './review-queue-routes.ts';
export { teacherHomeworkRoutes } from './teacher-homework-routes.ts';
export { homeworkTaskRoutes } from './homework-task-routes.ts';
export { reassignRoutes } from './reassign-routes.ts';
export { homeworkSchemas, studentHomework, studentHomeworkWithThread, UserHomeworkSummary, type UserHomeworkBody, type UserHomeworkItem } from './thread.ts';
export { threadFiles } from './check-files.ts';
export { pruneHomeworkUploads } from './pending-files.ts';
export { homeworkChecked, homeworkHandedIn } from './homework-events.ts';
export type { HomeworkRole, Viewer as HomeworkViewer } from './homework-access.ts';
export { handInReads } from './hand-in-reads.ts';
