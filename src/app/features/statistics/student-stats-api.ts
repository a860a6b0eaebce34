// A student's statistics for their teacher (issue 13, `student-stats/{student_id}`; docs: the
// statistics contract): the progress per course (student_progress/…for_admin_or_teacher/) and,
// per group, the student, their modules and lessons with status, mark and dates, their last
// activity and their time on tests (schools/{id}/section_student/). Every call and shape comes
// from the API contract (#core apiCall).
import { apiCall, type ApiAnswer } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

/** student: the student's e-mail. */
export type ProgressReport = ApiAnswer<'GET {school}/student_progress/get_student_progress_for_admin_or_teacher/'>;
/**
 * completed_percent 0–100; rank_in_course: the student's place among the course's students (null
 * before their first completed lesson); better_than_percent: the share of the others with fewer.
 */
export type CourseProgress = ProgressReport['courses'][number];
/** A kind of lesson in a course: how many there are and how many the student completed. */
export type KindProgress = CourseProgress['lessons'];

/** A teacher gets the courses of their groups only, and 404 for a student not in them. */
export const getStudentProgress = (school: string, studentId: number) =>
  apiCall(api(), 'GET {school}/student_progress/get_student_progress_for_admin_or_teacher/', { path: { school }, query: { student_id: studentId } });

export type StudentSections = ApiAnswer<'GET schools/{id}/section_student/'>;
/** tests_time_seconds: submitted test attempts' time, summed (the screen's «Время на тестах»). */
export type StudentGroupData = StudentSections['student_data'][number];
export type StudentSection = StudentGroupData['sections'][number];
/**
 * mark: an accepted homework's mark or a test's best percent; homework_status and user_homework_id
 * (its check page): null unless a homework handed in.
 */
export type StudentLesson = StudentSection['lessons'][number];
export type LessonStatus = StudentLesson['status'];

/**
 * The student's groups (a teacher: theirs only; 404 for a student not in them). The path names the
 * school by its number (the contract's schools/{id}/…, no school name before it).
 */
export const getStudentSections = (schoolId: number, studentId: number) => apiCall(api(), 'GET schools/{id}/section_student/', { path: { id: schoolId }, query: { student_id: studentId } });
