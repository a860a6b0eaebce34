// Studying: what a student may open in a course (their group's gates, access period and lesson
// access), their progress, and test attempts graded on the server; and the staff's pages of the
// same per group (its students' progress, lesson access and training duration).
// Other features and the server's root import this feature through this file only.
export { lessonProgress, testAttempts, type SubmittedAnswer } from './tables.ts';
export {
  accessEndsAt,
  ACCESS_EXPIRED_MESSAGE,
  COURSE_CLOSED_MESSAGE,
  findEnrolment,
  lessonStates,
  outlineStates,
  openLesson,
  remainingDays,
  STRICT_ORDER_MESSAGE,
  studentCourse,
  type Enrolment,
  type LessonState,
  type Lock,
} from './student-access.ts';
export { courseProgress, markFinishedIfComplete, recordProgress, type ProgressStep } from './progress.ts';
export { accessExpired, lessonVisible, NOT_YET_OPEN_MESSAGE } from './student-access.ts';
export { countsProgress, lessonCounts, progressOf, type CourseCounts, type Progress } from './progress.ts';
export { studentQuestions, StudentTestView, testRoutes } from './test-routes.ts';
export { attemptsLeft, attemptStats, type AttemptStats } from './attempts.ts';
export { openLessonForStudent, type Neighbour, type StudentLesson } from './student-lesson.ts';
export { progressRoutes } from './progress-routes.ts';
export { groupStudentsRoutes } from './group-students-routes.ts';
export { lessonAccessRoutes } from './lesson-access-routes.ts';
export { trainingDurationRoutes } from './training-duration-routes.ts';
