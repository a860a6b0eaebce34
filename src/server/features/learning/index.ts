// Studying: what a student may open in a course (their group's gates, access period and lesson
// access), their progress, and test attempts graded on the server; the student's view of a course
// (cards, outline, lesson page, test), which courses' routes serve through the ports feature-routes.ts
// wires; and the staff's pages of the same per group (its students' progress, lesson access and
// training duration).
// Other features and the server's root import this feature through this file only.
export { lessonProgress, testAttempts, type SubmittedAnswer } from './tables.ts';
export {
  accessEndsAt,
  ACCESS_EXPIRED_MESSAGE,
  COURSE_CLOSED_MESSAGE,
  findEnrolment,
  lessonStates,
  openLesson,
  STRICT_ORDER_MESSAGE,
  studentCourse,
  type Enrolment,
  type LessonState,
  type Lock,
} from './student-access.ts';
export { markFinishedIfComplete, recordProgress, type ProgressStep } from './progress.ts';
export { lessonVisible, NOT_YET_OPEN_MESSAGE } from './student-access.ts';
export { lessonCounts, progressOf, type CourseCounts, type Progress } from './progress.ts';
export { studentTestQuestions, testRoutes } from './test-routes.ts';
export { openStudentLesson } from './student-lesson.ts';
export { progressRoutes } from './progress-routes.ts';
export { groupStudentsRoutes } from './group-students-routes.ts';
export { lessonAccessRoutes } from './lesson-access-routes.ts';
export { trainingDurationRoutes } from './training-duration-routes.ts';
export type { HandInReads, HandInStatuses } from './hand-in-reads.ts';
export { studentCourses } from './student-course-list.ts';
export { studentOutline } from './student-outline.ts';
export { studentLessonPage } from './student-lesson-page.ts';
