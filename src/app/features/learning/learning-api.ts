// What a student studies (issue 12, the learning contract): their courses, a course's outline with
// progress and locks, a lesson's page, tests taken on the server and homework handed in. The
// shapes the student's screens read and one function per call, each under the school's URL name.
import type { HomeworkStatusCode, LessonType } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

/** Lessons done of those the student can see. */
export interface Progress {
  total: number;
  completed: number;
  /** 0…100, whole. */
  percent: number;
}

// The student's courses: `GET {school}/courses/?p&s`.

export interface StudentCourse {
  course_id: number;
  name: string;
  /** Sanitised by the server. */
  description: string;
  format: string;
  photo_url: string | null;
  group_id: number;
  /** Whole days of access left; null: no end; 0: over. */
  remaining_period: number | null;
  /** The group gives certificates. */
  certificate: boolean;
  progress: Progress;
  finished: boolean;
  access_expired: boolean;
  published: boolean;
}

export interface StudentCoursePage {
  count: number;
  results: StudentCourse[];
}

/** Courses per page on «Мои курсы». */
export const STUDENT_COURSES_PAGE_SIZE = 12;

export const listStudentCourses = (school: string, page: number) =>
  api().get<StudentCoursePage>(at(school, 'courses/'), { query: { p: page, s: STUDENT_COURSES_PAGE_SIZE } });

// A course's outline as a student sees it: `GET {school}/courses/{id}/sections/`.

export interface GroupSettings {
  strict_task_order: boolean;
  task_submission_lock: boolean;
  submit_homework_to_go_on: boolean;
  submit_test_to_go_on: boolean;
  success_test_to_go_on: boolean;
}

export type LockCode = 'STRICT_ORDER' | 'NOT_YET_OPEN';

/** Why a lesson the student can see is not open to them yet. */
export interface LessonLock {
  code: LockCode;
  message: string;
  /** STRICT_ORDER: the first earlier lesson still to be done. */
  blocked_by?: number;
  /** NOT_YET_OPEN: when it opens (ISO 8601). */
  opens_at?: string;
}

export interface StudentLesson {
  type: LessonType;
  /** The type's own id, the same number as baselesson_ptr_id. */
  id: number;
  baselesson_ptr_id: number;
  section_id: number;
  section: number;
  name: string;
  order: number;
  active: boolean;
  points: number;
  viewed: boolean;
  completed: boolean;
  /** A homework handed in, a test sent; null for a plain lesson. */
  sended: boolean | null;
  /** A homework's hand-in status (pending, revision, rejected…); null before one and for other lessons. */
  homework_status?: string | null;
  locked: LessonLock | null;
}

export interface StudentSection {
  section: number;
  section_id: number;
  section_name: string;
  name: string;
  order: number;
  lessons: StudentLesson[];
}

export interface StudentOutline {
  course_id: number;
  course_name: string;
  group_id: number;
  teacher_id: number | null;
  group_settings: GroupSettings;
  remaining_period: number | null;
  certificate: boolean;
  progress: Progress;
  finished: boolean;
  sections: StudentSection[];
}

export const getStudentOutline = (school: string, courseId: number) => api().get<StudentOutline>(at(school, `courses/${courseId}/sections/`));

// A lesson's page: `GET {school}/{lessons|homeworks|tests|webinar_lessons}/{id}/`.

/** Each lesson type's path. */
export const LESSON_PATHS: Readonly<Record<LessonType, string>> = { lesson: 'lessons', test: 'tests', homework: 'homeworks', webinar: 'webinar_lessons' };

export const isLessonType = (value: string): value is LessonType => value in LESSON_PATHS;

/** A lesson's block as the server stored it: HTML fields are the server's (sanitised, highlighted, rendered). */
export interface LessonBlock {
  id: number;
  type: string;
  order: number;
  description: string | null;
  code_html: string | null;
  formula_html: string | null;
  url: string | null;
  picture: string | null;
  buttons: { name: string; link: string; color: string }[] | null;
  video_url?: string | null;
  picture_url?: string | null;
}

/** A course file (courses/files.ts FileBody): `url` is a signed link. */
export interface LessonFile {
  id: number;
  kind: string;
  course_id: number | null;
  lesson_id: number | null;
  name: string;
  mime: string;
  bytes: number;
  url: string;
  created_at: string;
}

/** A neighbour among the lessons the student can see, in course order. */
export interface LessonRef {
  type: LessonType;
  id: number;
  section_id: number;
}

/** A check of a hand-in's thread (the hand-in itself is the first). */
export interface HomeworkCheck {
  user_homework_check_id: number;
  user_homework: number;
  author: number | null;
  /** A staff member's pseudonym when set. */
  author_name: string;
  author_role: 'student' | 'teacher' | 'admin';
  text: string;
  status: HomeworkStatusCode;
  status_label: string;
  mark: number | null;
  created_at: string;
  text_files: LessonFile[];
  audio_files: LessonFile[];
}

export interface UserHomework {
  user_homework_id: number;
  homework: number;
  homework_name: string;
  course_id: number;
  user: number;
  user_first_name: string;
  user_last_name: string;
  text: string;
  status: HomeworkStatusCode;
  status_label: string;
  mark: number | null;
  teacher_id: number | null;
  teacher_name: string | null;
  created_at: string;
  updated_at: string;
  last_reply_at: string;
  /** Oldest first. */
  checks: HomeworkCheck[];
}

/**
 * A lesson, test, homework or webinar as its GET answers a student: common fields, blocks, files,
 * neighbours and progress, and the type's own fields (optional here: only that type has them).
 */
export interface LessonDetail {
  id: number;
  baselesson_ptr_id: number;
  type: LessonType;
  section: number;
  section_id: number;
  course_id: number;
  name: string;
  order: number;
  active: boolean;
  points: number;
  description?: string | null;
  blocks?: LessonBlock[];
  text_files?: LessonFile[];
  audio_files?: LessonFile[];
  previous: LessonRef | null;
  next: LessonRef | null;
  viewed: boolean;
  completed: boolean;
  sended: boolean | null;
  // A test.
  success_percent?: number;
  show_right_answers?: boolean;
  attempt_limit?: boolean;
  attempt_count?: number;
  has_timer?: boolean;
  /** "HH:MM:SS" or null. */
  time_limit?: string | null;
  /** null: unlimited. */
  attempts_left?: number | null;
  passed?: boolean;
  best_percent?: number | null;
  /** How many questions an attempt has (a test's start screen, before its questions are read). */
  questions_count?: number;
  // A homework.
  automate_accept?: boolean;
  user_homework?: UserHomework | null;
  // A webinar.
  autowebinar?: number | null;
  autowebinar_title?: string | null;
  /** The autowebinar's public page (`/webinar/{slug}`). */
  webinar_url?: string | null;
  /** The live broadcast's link. */
  link?: string | null;
  /** ISO 8601. */
  starts_at?: string | null;
  duration_minutes?: number | null;
}

export const getLessonDetail = (school: string, type: LessonType, id: number) => api().get<LessonDetail>(at(school, `${LESSON_PATHS[type]}/${id}/`));

/** The page of a lesson inside the student's course: `student-course/{course}/module/{section}/{type}/{id}`. */
export const lessonRoute = (courseId: number, lesson: { type: string; id: number; section_id: number }) =>
  `student-course/${courseId}/module/${lesson.section_id}/${lesson.type}/${lesson.id}`;

// Certificates: `POST /api/certificate/` (certificates feature) for a course the student finished.

export interface CertificateLink {
  cert_link: string;
  /** The platform's certificate page for it. */
  url: string;
}

export const requestCertificate = (courseId: number) => api().post<CertificateLink>('certificate/', { course_id: courseId });

// Tests (learning feature, test-routes.ts).

export interface StudentAnswerOption {
  answer_id: number;
  /** Sanitised HTML. */
  body: string;
  picture: string | null;
}

export interface StudentQuestion {
  question_id: number;
  question_type: 'single' | 'multiple' | 'text' | 'number' | 'order' | 'match';
  multiple_answer: boolean;
  /** Sanitised HTML. */
  body: string;
  picture: string | null;
  /** Never with a key: no correctness, no ranges; an 'order' question's items shuffled. */
  answers: StudentAnswerOption[];
  /** A 'match' question's right sides, shuffled. */
  match_options?: { id: number; body: string }[];
}

export interface StudentTest {
  test_id: number;
  name: string;
  time_limit: string | null;
  has_timer: boolean;
  attempt_limit: boolean;
  attempts_left: number | null;
  success_percent: number;
  /** The current open attempt's questions, in its order. */
  questions: StudentQuestion[];
}

export interface TestStart {
  status: 'Success';
  message: string;
  user_test_id: number;
  start_time: string;
  deadline: string | null;
}

export type TimerState = { status: 'No Timer' } | { status: 'Time Remaining'; remaining_time: number };

/** One question's answer, by the question's type. */
export type GivenAnswer =
  | { question: number; answers: number[] }
  | { question: number; text: string }
  | { question: number; number: number }
  | { question: number; order: number[] }
  | { question: number; pairs: [answerId: number, matchId: number][] };

export interface TestResult {
  user_test_id: number;
  test: number;
  success_percent: number;
  /** Passed. */
  status: boolean;
  points: number;
  max_points: number;
  attempt_count: number;
  attempts_left: number | null;
  /** Only when the test shows right answers and the attempt is final. */
  right_answers?: unknown[];
}

export interface TestAttempt {
  user_test_id: number;
  success_percent: number;
  status: boolean;
  points: number;
  max_points: number;
  created_at: string;
  submitted_at: string | null;
}

export const getQuestions = (school: string, testId: number) => api().get<StudentTest>(at(school, `tests/${testId}/get_questions/`));
export const startTest = (school: string, testId: number) => api().post<TestStart>(at(school, `tests/${testId}/start-test/`), {});
/** 403 TIME_EXPIRED when the time is up; 400 when no attempt was started. */
export const checkTimer = (school: string, testId: number) => api().get<TimerState>(at(school, `tests/${testId}/check-timer/`));
export const submitTest = (school: string, testId: number, answers: GivenAnswer[]) => api().post<TestResult>(at(school, 'usertest/'), { test: testId, answers });
export const listAttempts = (school: string, testId: number) => api().get<TestAttempt[]>(at(school, `tests/${testId}/usertests/`));

// Homework (homework feature).

export const handInHomework = (school: string, body: { homework: number; course_id?: number; text: string; file_ids?: number[] }) => api().post<UserHomework>(at(school, 'user_homeworks/'), body);
export const getUserHomework = (school: string, id: number) => api().get<UserHomework>(at(school, `user_homeworks/${id}/`));
/** The student's answer in the thread of their hand-in (its status is always 'pending'). */
export const answerHomework = (school: string, userHomeworkId: number, text: string, fileIds: number[] = []) =>
  api().post<HomeworkCheck>(at(school, 'user_homework_checks/'), { user_homework: userHomeworkId, text, file_ids: fileIds });
export const editHomeworkAnswer = (school: string, checkId: number, text: string) => api().patch<HomeworkCheck>(at(school, `user_homework_checks/${checkId}/`), { text });

/** Audio by its type or name; anything else goes as a document (the server sniffs the content). */
export const homeworkFileKind = (file: Pick<File, 'name' | 'type'>): 'audio' | 'text' =>
  file.type.startsWith('audio/') || /\.(mp3|ogg|oga|wav|m4a)$/i.test(file.name) ? 'audio' : 'text';

