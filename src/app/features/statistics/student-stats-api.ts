// A student's statistics for their teacher (issue 13, `student-stats/{student_id}`; docs: the
// statistics contract): the progress per course (student_progress/…for_admin_or_teacher/) and,
// per group, the student, their modules and lessons with status, mark and dates, their last
// activity and their time on tests (schools/{id}/section_student/).
import type { HomeworkStatusCode, LessonType } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

/** A kind of lesson in a course: how many there are and how many the student completed. */
export interface KindProgress {
  completed_percent: number;
  all_lessons: number;
  completed_lessons: number;
}

export interface CourseProgress {
  course_id: number;
  course_name: string;
  all_baselessons: number;
  completed_count: number;
  /** 0–100, two decimals. */
  completed_percent: number;
  average_mark: number | null;
  lessons: KindProgress;
  homeworks: KindProgress;
  tests: KindProgress;
  /** The student's place among the course's students; null before their first completed lesson. */
  rank_in_course?: number | null;
  /** Share of the course's other students with fewer completed lessons. */
  better_than_percent?: number;
}

export interface ProgressReport {
  /** The student's e-mail. */
  student: string;
  school_id: number;
  school_name: string;
  courses: CourseProgress[];
}

/** A teacher gets the courses of their groups only, and 404 for a student not in them. */
export const getStudentProgress = (school: string, studentId: number) =>
  api().get<ProgressReport>(at(school, 'student_progress/get_student_progress_for_admin_or_teacher/'), { query: { student_id: studentId } });

export type LessonStatus = 'completed' | 'submitted' | 'viewed' | 'not_started';

export interface StudentLesson {
  lesson_id: number;
  type: LessonType;
  name: string;
  status: LessonStatus;
  /** An accepted homework's mark or a test's best percent; null when none. */
  mark: number | null;
  viewed_at: string | null;
  completed_at: string | null;
  /** Null unless a homework handed in. */
  homework_status: HomeworkStatusCode | null;
  /** The hand-in (its check page); null unless handed in. */
  user_homework_id: number | null;
}

export interface StudentSection {
  section_id: number;
  name: string;
  lessons: StudentLesson[];
}

export interface StudentGroupData {
  group_id: number;
  group_name: string;
  course_id: number;
  course_name: string;
  date_added: string;
  last_active: string | null;
  /** Submitted test attempts' time, summed: the screen's «Время на тестах». */
  tests_time_seconds: number;
  sections: StudentSection[];
}

export interface StudentSections {
  school_name: string;
  student_id: number;
  student: { first_name: string; last_name: string; email: string; avatar: string | null; last_login: string | null };
  student_data: StudentGroupData[];
}

/**
 * The student's groups (a teacher: theirs only; 404 for a student not in them). The path names the
 * school by its number (the contract's schools/{id}/…, no school name before it).
 */
export const getStudentSections = (schoolId: number, studentId: number) =>
  api().get<StudentSections>(`schools/${schoolId}/section_student/`, { query: { student_id: studentId } });
