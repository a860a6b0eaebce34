// Homework handed in by students and the thread of checks on each.
// Other features and the server's root import this feature through this file only.
export { HOMEWORK_STATUSES, homeworkCheckFiles, userHomeworkChecks, userHomeworks, type HomeworkStatus } from './tables.ts';
