// Students groups (issue 12, the learning contract's "Groups"; reference §4.7) as the group page
// calls them: the shapes it reads and one function per call, each under the school's URL name.
import type { GroupSettingKey, LessonType } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

export type GroupSettings = Record<GroupSettingKey, boolean>;

export interface Group {
  group_id: number;
  name: string;
  course_id: number;
  course_name: string;
  teacher_id: number | null;
  teacher_name: string | null;
  type: 'WITH_TEACHER' | 'WITHOUT_TEACHER' | string;
  certificate: boolean;
  /** Days of access from joining; 0: no end. */
  training_duration: number;
  students_count: number;
  group_settings: GroupSettings;
}

export interface GroupChange {
  name?: string;
  teacher_id?: number | null;
  type?: 'WITH_TEACHER' | 'WITHOUT_TEACHER';
  group_settings?: Partial<GroupSettings>;
  certificate?: boolean;
  training_duration?: number;
}

export const getGroup = (school: string, groupId: number) => api().get<Group>(at(school, `students_group/${groupId}/`));
export const patchGroup = (school: string, groupId: number, change: GroupChange) => api().patch<Group>(at(school, `students_group/${groupId}/`), change);
export const deleteGroup = (school: string, groupId: number) => api().delete<null>(at(school, `students_group/${groupId}/`));

/** A new group: with a teacher through students_group/, without one through students_group_no_teacher/. */
export function createGroup(school: string, body: { name: string; course_id: number; teacher_id: number | null }) {
  return body.teacher_id === null
    ? api().post<Group>(at(school, 'students_group_no_teacher/'), { name: body.name, course_id: body.course_id })
    : api().post<Group>(at(school, 'students_group/'), body);
}

// The group's students: `students_group/{id}/get_students_for_group/?p&s&search`.

export interface GroupStudent {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  added_at: string;
  progress: { total: number; completed: number; percent: number };
  /** Whole days of access left; null: no end; 0: over. */
  remaining_period: number | null;
  last_activity: string | null;
}

export interface Page<T> {
  count: number;
  results: T[];
}

export const STUDENTS_PAGE_SIZE = 20;

export const listGroupStudents = (school: string, groupId: number, page: number, search: string) =>
  api().get<Page<GroupStudent>>(at(school, `students_group/${groupId}/get_students_for_group/`), {
    query: { p: page, s: STUDENTS_PAGE_SIZE, ...(search ? { search } : {}) },
  });

/** A person's name as staff read it: last and first name, else the email. */
export const personName = (person: { first_name: string; last_name: string; email: string }) => [person.last_name, person.first_name].filter(Boolean).join(' ') || person.email;

// Membership: access-distribution/ (admin).

/**
 * Adds one school student, by email, to the group; an address not in the school gets an invitation
 * that puts the person into the group when accepted (then `invited` names it).
 */
export const addStudentByEmail = (school: string, groupId: number, email: string) =>
  api().post<{ detail: string; invited?: string[] }>(at(school, 'access-distribution/'), { emails: [email], role: 'Student', student_groups: [groupId] });

/** Takes a student out of this group only (their other groups stay). */
export const removeStudent = (school: string, groupId: number, userId: number) =>
  api().request<{ detail: string }>(at(school, 'access-distribution/'), { method: 'DELETE', body: { user_ids: [userId], role: 'Student', student_groups: [groupId] } });

/** Moves a student from this group to another group of the course; their progress stays. */
export const moveStudent = (school: string, fromGroupId: number, userId: number, toGroupId: number) =>
  api().patch<{ detail: string }>(at(school, `access-distribution/${fromGroupId}/update-group/`), { user_ids: [userId], role: 'Student', new_group_id: toGroupId });

/** The school's courses that have groups, with their groups (to move a student within the course). */
export interface CourseGroups {
  course_id: number;
  name: string;
  student_groups: { group_id: number; name: string; teacher_id: number | null }[];
}

export const listCoursesWithGroups = (school: string) => api().get<CourseGroups[]>(at(school, 'courses/with_student_groups/'));

// One student's access period: student_training_duration/ and students_training_duration/.

export interface TrainingDuration {
  /** The days that apply: the student's own, else the group's; 0: no end. */
  final_limit: number;
  /** The student's own days; 0: the group's apply. */
  individual_limit: number;
  download: boolean;
  /** When the access period started. */
  created_at: string;
  remaining_period: number | null;
}

export const getTrainingDuration = (school: string, groupId: number, studentId: number) =>
  api().get<TrainingDuration>(at(school, `students_group/${groupId}/student_training_duration/`), { query: { student_id: studentId } });

export const setTrainingDuration = (school: string, body: { user: number; students_group: number; limit: number; download: boolean }) =>
  api().post<{ detail: string }>(at(school, 'students_training_duration/'), body);

// Lesson access: the group's (section_student_group/, lesson-enrollment/) and one student's
// (section_student/, lesson-availability/, reset_to_group/).

export interface AccessLesson {
  lesson_id: number;
  type: LessonType | string;
  name: string;
  availability: boolean;
  active: boolean;
  order: number;
  /** One student's opening date (ISO), when set. */
  access_time?: string | null;
  completed?: boolean;
}

export interface AccessSection {
  section_id: number;
  name: string;
  lessons: AccessLesson[];
}

export const getGroupLessons = (school: string, groupId: number) =>
  api().get<{ group_id: number; sections: AccessSection[] }>(at(school, `students_group/${groupId}/section_student_group/`));

export const setGroupLessons = (school: string, groupId: number, lessons: { lesson_id: number; available: boolean }[]) =>
  api().post<{ detail: string }>(at(school, 'lesson-enrollment/'), { student_group_id: groupId, lesson_data: lessons });

interface SectionStudent {
  student_id: number;
  student_data: { group_id: number; course_id: number; sections: AccessSection[] }[];
}

/** One student's lessons in the group's course; schoolId: the school's number (the path names it). */
export async function getStudentLessons(school: string, schoolId: number, groupId: number, courseId: number, studentId: number): Promise<AccessSection[]> {
  const answer = await api().get<SectionStudent>(at(school, `schools/${schoolId}/section_student/`), { query: { student_id: studentId, course_id: courseId } });
  return (answer.student_data.find((entry) => entry.group_id === groupId) ?? answer.student_data[0])?.sections ?? [];
}

export const setStudentLessons = (school: string, studentId: number, lessons: { lesson_id: number; available: boolean }[]) =>
  api().post<{ detail: string }>(at(school, 'lesson-availability/'), { student_ids: [studentId], lesson_data: lessons });

export const resetStudentLessons = (school: string, groupId: number, studentId: number) =>
  api().post<{ detail: string }>(at(school, 'lesson-availability/reset_to_group/'), { group_id: groupId, student_id: studentId });

// Who may teach: the school's teachers (all_users/?role=Teacher, admin only), every page of them.

export interface Teacher {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

const TEACHERS_PAGE = 100;
/** Enough pages for any school's staff; a list longer than this is cut, never looped over forever. */
const TEACHER_PAGES = 20;

export async function listTeachers(school: string): Promise<Teacher[]> {
  const teachers: Teacher[] = [];
  for (let page = 1; page <= TEACHER_PAGES; page += 1) {
    const answer = await api().get<Page<Teacher>>(at(school, 'all_users/'), { query: { role: 'Teacher', p: page, s: TEACHERS_PAGE } });
    teachers.push(...answer.results);
    if (answer.results.length < TEACHERS_PAGE || teachers.length >= answer.count) break;
  }
  return teachers;
}

// The school's courses, for a group created outside a course's page.

export interface CourseOption {
  course_id: number;
  name: string;
}

export const listCourseOptions = (school: string) => api().get<Page<CourseOption>>(at(school, 'courses/'), { query: { p: 1, s: 100 } }).then((page) => page.results);
