// What a student studies (issue 12, the learning contract): their courses, a course's outline with
// progress and locks, a lesson's page, tests taken on the server and homework handed in. The
// shapes the student's screens read and one function per call, each under the school's URL name.
import { apiCall, fetchLessonDetail, type LessonDetail, type ApiAnswer, type ApiBody, type LessonType } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

// The student's courses: `GET {school}/courses/?p&s` (the student's fields are the answer's optional ones).

export type StudentCoursePage = ApiAnswer<'GET {school}/courses/'>;
export type StudentCourse = StudentCoursePage['results'][number];
/** Lessons done of those the student can see. */
export type Progress = NonNullable<StudentCourse['progress']>;

/** Courses per page on «Мои курсы». */
export const STUDENT_COURSES_PAGE_SIZE = 12;

export const listStudentCourses = (school: string, page: number) =>
  apiCall(api(), 'GET {school}/courses/', { path: { school }, query: { p: page, s: STUDENT_COURSES_PAGE_SIZE } });

// A course's outline as a student sees it: `GET {school}/courses/{id}/sections/`.

export type StudentOutline = ApiAnswer<'GET {school}/courses/{id}/sections/'>;
export type StudentSection = StudentOutline['sections'][number];
export type StudentLesson = StudentSection['lessons'][number];
/** Why a lesson the student can see is not open to them yet. */
export type LessonLock = NonNullable<StudentLesson['locked']>;

export const getStudentOutline = (school: string, courseId: number) => apiCall(api(), 'GET {school}/courses/{id}/sections/', { path: { school, id: courseId } });

// A lesson's page: `GET {school}/{lessons|homeworks|tests|webinar_lessons}/{id}/`.

/** Each lesson type's path. */
export const LESSON_PATHS: Readonly<Record<LessonType, string>> = { lesson: 'lessons', test: 'tests', homework: 'homeworks', webinar: 'webinar_lessons' };

export const isLessonType = (value: string): value is LessonType => value in LESSON_PATHS;

type HomeworkTaskAnswer = ApiAnswer<'GET {school}/teacher_homeworks/{id}/task/'>;
/** A lesson's block as the server stored it: HTML fields are the server's (sanitised, highlighted, rendered). */
export type LessonBlock = HomeworkTaskAnswer['blocks'][number];
/** A course file (courses/files.ts FileBody): `url` is a signed link. */
export type LessonFile = ApiAnswer<'POST {school}/homework_files/'>;

export type UserHomework = ApiAnswer<'GET {school}/user_homeworks/{id}/'>;
/** A check of a hand-in's thread (the hand-in itself is the first). */
export type HomeworkCheck = UserHomework['checks'][number];

/**
 * A lesson, test, homework or webinar as its GET answers a student: common fields, blocks, files,
 * neighbours and progress, and the type's own fields (optional: only that type has them);
 * `user_homework` is the hand-in without its thread (the panel reads the thread itself).
 */
export type { LessonDetail };
/** A neighbour among the lessons the student can see, in course order. */
export type LessonRef = NonNullable<LessonDetail['previous']>;

/** The four types answer the same contract shape under their own paths. */
export const getLessonDetail = (school: string, type: LessonType, id: number): Promise<LessonDetail> => fetchLessonDetail(api(), school, type, id);

/** The page of a lesson inside the student's course: `student-course/{course}/module/{section}/{type}/{id}`. */
export const lessonRoute = (courseId: number, lesson: { type: string; id: number; section_id: number }) =>
  `student-course/${courseId}/module/${lesson.section_id}/${lesson.type}/${lesson.id}`;

// Certificates: `POST /api/certificate/` (certificates feature) for a course the student finished.

export type CertificateLink = ApiAnswer<'POST certificate/'>;

export const requestCertificate = (courseId: number) => apiCall(api(), 'POST certificate/', { body: { course_id: courseId } });

// Tests (learning feature, test-routes.ts).

type QuestionsAnswer = ApiAnswer<'GET {school}/tests/{id}/get_questions/'>;
/** A student's view of a test: the open attempt's questions, never with a key (the editor's view has the key). */
export type StudentTest = Extract<QuestionsAnswer, { user_test_id: number }>;
/** An 'order' question's items shuffled; a 'match' question's right sides in match_options, shuffled. */
export type StudentQuestion = StudentTest['questions'][number];
export type StudentAnswerOption = StudentQuestion['answers'][number];
export type TestStart = ApiAnswer<'POST {school}/tests/{id}/start-test/'>;
export type TimerState = ApiAnswer<'GET {school}/tests/{id}/check-timer/'>;
/** One question's answer, by the question's type. */
export type GivenAnswer = ApiBody<'POST {school}/usertest/'>['answers'][number];
export type TestResult = ApiAnswer<'POST {school}/usertest/'>;
/** status null: the attempt is still open. */
export type TestAttempt = ApiAnswer<'GET {school}/tests/{id}/usertests/'>[number];

/** A student is answered their attempt (the staff's editor view, without user_test_id, is not the learning screen's). */
export async function getQuestions(school: string, testId: number): Promise<StudentTest> {
  const answer = await apiCall(api(), 'GET {school}/tests/{id}/get_questions/', { path: { school, id: testId } });
  if (!('user_test_id' in answer)) throw new Error('tests/get_questions/ answered the editor view to the learning screen');
  return answer;
}
export const startTest = (school: string, testId: number) => apiCall(api(), 'POST {school}/tests/{id}/start-test/', { path: { school, id: testId }, body: {} });
/** 403 TIME_EXPIRED when the time is up; 400 when no attempt was started. */
export const checkTimer = (school: string, testId: number) => apiCall(api(), 'GET {school}/tests/{id}/check-timer/', { path: { school, id: testId } });
export const submitTest = (school: string, testId: number, answers: GivenAnswer[]) => apiCall(api(), 'POST {school}/usertest/', { path: { school }, body: { test: testId, answers } });
export const listAttempts = (school: string, testId: number) => apiCall(api(), 'GET {school}/tests/{id}/usertests/', { path: { school, id: testId } });

// Homework (homework feature).

export const handInHomework = (school: string, body: ApiBody<'POST {school}/user_homeworks/'>) => apiCall(api(), 'POST {school}/user_homeworks/', { path: { school }, body });
export const getUserHomework = (school: string, id: number) => apiCall(api(), 'GET {school}/user_homeworks/{id}/', { path: { school, id } });
/** The student's answer in the thread of their hand-in (its status is always 'pending'). */
export const answerHomework = (school: string, userHomeworkId: number, text: string, fileIds: number[] = []) =>
  apiCall(api(), 'POST {school}/user_homework_checks/', { path: { school }, body: { user_homework: userHomeworkId, text, file_ids: fileIds } });
export const editHomeworkAnswer = (school: string, checkId: number, text: string) =>
  apiCall(api(), 'PATCH {school}/user_homework_checks/{id}/', { path: { school, id: checkId }, body: { text } });

/** Audio by its type or name; anything else goes as a document (the server sniffs the content). */
export const homeworkFileKind = (file: Pick<File, 'name' | 'type'>): 'audio' | 'text' =>
  file.type.startsWith('audio/') || /\.(mp3|ogg|oga|wav|m4a)$/i.test(file.name) ? 'audio' : 'text';

