// Students groups (issue 12, the learning contract's "Groups"; reference §4.7) as the group page
// calls them: the shapes it reads and one function per call, each under the school's URL name.
import { apiCall, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

export type Group = ApiAnswer<'GET {school}/students_group/{id}/'>;
export type GroupSettings = Group['group_settings'];
/** What the admin changes (training_duration: days of access from joining; 0: no end). */
export type GroupChange = ApiBody<'PATCH {school}/students_group/{id}/'>;

export const getGroup = (school: string, groupId: number) => apiCall(api(), 'GET {school}/students_group/{id}/', { path: { school, id: groupId } });
export const patchGroup = (school: string, groupId: number, change: GroupChange) =>
  apiCall(api(), 'PATCH {school}/students_group/{id}/', { path: { school, id: groupId }, body: change });
export const deleteGroup = (school: string, groupId: number) => apiCall(api(), 'DELETE {school}/students_group/{id}/', { path: { school, id: groupId } });

/** A new group: with a teacher through students_group/, without one through students_group_no_teacher/. */
export function createGroup(school: string, body: { name: string; course_id: number; teacher_id: number | null }) {
  return body.teacher_id === null
    ? apiCall(api(), 'POST {school}/students_group_no_teacher/', { path: { school }, body: { name: body.name, course_id: body.course_id } })
    : apiCall(api(), 'POST {school}/students_group/', { path: { school }, body });
}

/** The groups list: all the school's for an admin, their own for a teacher. */
export type GroupsPage = ApiAnswer<'GET {school}/students_group/'>;

export const listGroups = (school: string, page: number, size: number) => apiCall(api(), 'GET {school}/students_group/', { path: { school }, query: { p: page, s: size } });

// The group's students: `students_group/{id}/get_students_for_group/?p&s&search`.

export type GroupStudentsPage = ApiAnswer<'GET {school}/students_group/{id}/get_students_for_group/'>;
/** remaining_period: whole days of access left; null: no end; 0: over. */
export type GroupStudent = GroupStudentsPage['results'][number];

export const STUDENTS_PAGE_SIZE = 20;

export const listGroupStudents = (school: string, groupId: number, page: number, search: string) =>
  apiCall(api(), 'GET {school}/students_group/{id}/get_students_for_group/', {
    path: { school, id: groupId },
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
  apiCall(api(), 'POST {school}/access-distribution/', { path: { school }, body: { emails: [email], role: 'Student', student_groups: [groupId] } });

/** Takes a student out of this group only (their other groups stay). */
export const removeStudent = (school: string, groupId: number, userId: number) =>
  apiCall(api(), 'DELETE {school}/access-distribution/', { path: { school }, body: { user_ids: [userId], role: 'Student', student_groups: [groupId] } });

/** Moves a student from this group to another group of the course; their progress stays. */
export const moveStudent = (school: string, fromGroupId: number, userId: number, toGroupId: number) =>
  apiCall(api(), 'PATCH {school}/access-distribution/{from}/update-group/', {
    path: { school, from: String(fromGroupId) },
    body: { user_ids: [userId], role: 'Student', new_group_id: toGroupId },
  });

/** The school's courses that have groups, with their groups (to move a student within the course). */
export type CourseGroups = ApiAnswer<'GET {school}/courses/with_student_groups/'>[number];

export const listCoursesWithGroups = (school: string) => apiCall(api(), 'GET {school}/courses/with_student_groups/', { path: { school } });

// One student's access period: student_training_duration/ and students_training_duration/.

/** final_limit: the days that apply (the student's own, else the group's; 0: no end); individual_limit: the student's own (0: the group's apply). */
export type TrainingDuration = ApiAnswer<'GET {school}/students_group/{id}/student_training_duration/'>;

export const getTrainingDuration = (school: string, groupId: number, studentId: number) =>
  apiCall(api(), 'GET {school}/students_group/{id}/student_training_duration/', { path: { school, id: groupId }, query: { student_id: studentId } });

export const setTrainingDuration = (school: string, body: ApiBody<'POST {school}/students_training_duration/'>) =>
  apiCall(api(), 'POST {school}/students_training_duration/', { path: { school }, body });

// Lesson access: the group's (section_student_group/, lesson-enrollment/) and one student's
// (section_student/, lesson-availability/, reset_to_group/).

type GroupSection = ApiAnswer<'GET {school}/students_group/{id}/section_student_group/'>['sections'][number];
type StudentSection = ApiAnswer<'GET {school}/schools/{id}/section_student/'>['student_data'][number]['sections'][number];
/** A lesson as the group's list or one student's has it: the student's also says since when it is open to them (access_time) and whether it is done. */
export type AccessLesson = GroupSection['lessons'][number] & Partial<Pick<StudentSection['lessons'][number], 'access_time' | 'completed'>>;
/** A module of the course with its lessons. */
export type AccessSection = Omit<GroupSection, 'lessons'> & { lessons: AccessLesson[] };
/** Which lessons to open or close. */
export type LessonChoice = ApiBody<'POST {school}/lesson-enrollment/'>['lesson_data'][number];

export const getGroupLessons = (school: string, groupId: number) =>
  apiCall(api(), 'GET {school}/students_group/{id}/section_student_group/', { path: { school, id: groupId } });

export const setGroupLessons = (school: string, groupId: number, lessons: LessonChoice[]) =>
  apiCall(api(), 'POST {school}/lesson-enrollment/', { path: { school }, body: { student_group_id: groupId, lesson_data: lessons } });

/** One student's lessons in the group's course; schoolId: the school's number (the path names it). */
export async function getStudentLessons(school: string, schoolId: number, groupId: number, courseId: number, studentId: number): Promise<StudentSection[]> {
  const answer = await apiCall(api(), 'GET {school}/schools/{id}/section_student/', { path: { school, id: schoolId }, query: { student_id: studentId, course_id: courseId } });
  return (answer.student_data.find((entry) => entry.group_id === groupId) ?? answer.student_data[0])?.sections ?? [];
}

export const setStudentLessons = (school: string, studentId: number, lessons: LessonChoice[]) =>
  apiCall(api(), 'POST {school}/lesson-availability/', { path: { school }, body: { student_ids: [studentId], lesson_data: lessons } });

export const resetStudentLessons = (school: string, groupId: number, studentId: number) =>
  apiCall(api(), 'POST {school}/lesson-availability/reset_to_group/', { path: { school }, body: { group_id: groupId, student_id: studentId } });

// Who may teach: the school's teachers (all_users/?role=Teacher, admin only), every page of them.

export type Teacher = ApiAnswer<'GET {school}/all_users/'>['results'][number];

const TEACHERS_PAGE = 100;
/** Enough pages for any school's staff; a list longer than this is cut, never looped over forever. */
const TEACHER_PAGES = 20;

export async function listTeachers(school: string): Promise<Teacher[]> {
  const teachers: Teacher[] = [];
  for (let page = 1; page <= TEACHER_PAGES; page += 1) {
    const answer = await apiCall(api(), 'GET {school}/all_users/', { path: { school }, query: { role: 'Teacher', p: page, s: TEACHERS_PAGE } });
    teachers.push(...answer.results);
    if (answer.results.length < TEACHERS_PAGE || teachers.length >= answer.count) break;
  }
  return teachers;
}

// The school's courses, for a group created outside a course's page.

export type CourseOption = ApiAnswer<'GET {school}/courses/'>['results'][number];

export const listCourseOptions = (school: string) => apiCall(api(), 'GET {school}/courses/', { path: { school }, query: { p: 1, s: 100 } }).then((page) => page.results);
