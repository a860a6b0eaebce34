// Students groups: a course taught by a teacher to its students, and who may open which lessons.
// Other features and the server's root import this feature through this file only.
export { courseStudentsRoutes } from './course-students-routes.ts';
export { groupRoutes } from './group-routes.ts';
export { groupCourseAccess, groupLessonClosures, studentLessonAccess, studentsGroupHistory, studentsGroupMembers, studentsGroups } from './tables.ts';
