// Students groups: a course taught by a teacher to its students, and who may open which lessons.
// Other features and the server's root import this feature through this file only.
export { courseGroupsRoutes } from './course-groups-routes.ts';
export { courseStudentsRoutes } from './course-students-routes.ts';
export { groupCourseAccessRoutes } from './group-course-access-routes.ts';
export { groupRoutes } from './group-routes.ts';
export { addStudents, joinChainedGroups, joinGroups, moveStudents, NOT_IN_GROUP, oneGroupPerCourse, removeStudents } from './membership.ts';
export { parseInstant } from './instants.ts';
export { findGroup } from './group-access.ts';
export { groupCourseMembers } from './course-members.ts';
export { groupTeacherChanged, studentsJoinedGroup, type GroupTeacherChange, type StudentsJoined } from './group-events.ts';
export { assertStudents } from './school-people.ts';
export { groupCourseAccess, groupLessonClosures, studentLessonAccess, studentsGroupHistory, studentsGroupMembers, studentsGroups } from './tables.ts';
