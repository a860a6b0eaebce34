// The course authoring API (spec §7 Courses, Modules and lessons, Blocks) as this feature calls it:
// the shapes it reads and one function per call, each under the school's URL name.
import type { Landing, LandingBlockKey, LessonType } from '#core';
import type { LandingCourse } from '../../../views/course-landing/course-landing.tsx';
import { appSession } from '../../app-session.ts';

export interface Folder {
  id: number;
  name: string;
  school?: number;
  courses_count: number;
}

export interface Course {
  course_id: number;
  name: string;
  /** Sanitised by the server. */
  description: string;
  format: string;
  /** Minor units of currency. */
  price: number;
  currency: string;
  duration_days: number | null;
  /** 'О' published, 'Н' not. */
  public: string;
  is_catalog: boolean;
  is_direct: boolean;
  folder: { id: number; name: string } | null;
  photo_url: string | null;
  course_removed: string | null;
  baselessons_count: number;
  lesson_count: number;
  homework_count: number;
  test_count: number;
  video_count: number;
  students_count: number;
}

export interface CoursePage {
  count: number;
  results: Course[];
}

/** The lesson types the constructor creates and edits: all four. */
export type EditableLessonType = LessonType;

export interface OutlineLesson {
  type: LessonType;
  /** The type's own id (lesson_id, test_id, homework_id, webinar_id). */
  id: number;
  /** Unique across types: the key of a lesson everywhere here. */
  baselesson_ptr_id: number;
  name: string;
  order: number;
  active: boolean;
}

export interface Section {
  section_id: number;
  name: string;
  order: number;
  lessons: OutlineLesson[];
}

export interface Outline {
  course_id: number;
  course_name: string;
  sections: Section[];
}

export interface Block {
  id: number;
  base_lesson: number;
  type: string;
  order: number;
  description: string | null;
  code: string | null;
  language: string | null;
  code_html: string | null;
  formula: string | null;
  formula_html: string | null;
  url: string | null;
  picture: string | null;
  buttons: { name: string; link: string; color: string }[] | null;
  /** An uploaded video or picture (a course file id) and its signed link (good for 4 hours or more). */
  video_file?: number | null;
  video_url?: string | null;
  picture_file?: number | null;
  picture_url?: string | null;
}

/** A course file as `{school}/files/` and the finished video upload answer. */
export interface CourseFile {
  id: number;
  kind: string;
  course_id: number | null;
  lesson_id: number | null;
  name: string;
  mime: string;
  bytes: number;
  /** Signed link. */
  url: string;
  created_at: string;
}

/** A lesson, test, homework or webinar as its own GET answers: common fields, the type's settings, blocks. */
export interface LessonDetail {
  id: number;
  baselesson_ptr_id: number;
  type: LessonType;
  section: number;
  course_id: number;
  name: string;
  order: number;
  active: boolean;
  points: number;
  blocks: Block[];
  /** Its own documents and audio (a lesson's and a homework's). */
  text_files?: CourseFile[];
  audio_files?: CourseFile[];
  [setting: string]: unknown;
}

/** Each lesson type's path: `lessons/`, `tests/`, `homeworks/`, `webinar_lessons/`. */
export const LESSON_PATHS: Readonly<Record<EditableLessonType, string>> = { lesson: 'lessons', test: 'tests', homework: 'homeworks', webinar: 'webinar_lessons' };

export const isEditableType = (type: LessonType): type is EditableLessonType => type in LESSON_PATHS;

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

export interface CourseQuery {
  page: number;
  search: string;
  /** 'all', 'none' (outside any folder) or a folder id. */
  folder: 'all' | 'none' | number;
  bin: boolean;
}

export function listCourses(school: string, { page, search, folder, bin }: CourseQuery): Promise<CoursePage> {
  return api().get<CoursePage>(at(school, 'courses/'), {
    query: {
      p: page,
      s: 20,
      search: search.trim() || undefined,
      folder: folder === 'all' ? undefined : folder === 'none' ? 0 : folder,
      removed: bin ? 'true' : undefined,
    },
  });
}

export const getCourse = (school: string, id: number) => api().get<Course>(at(school, `courses/${id}/`));
export const createCourse = (school: string, body: Record<string, unknown>) => api().post<Course>(at(school, 'courses/'), body);
export const patchCourse = (school: string, id: number, body: Record<string, unknown>) => api().patch<Course>(at(school, `courses/${id}/`), body);
export const removeCourse = (school: string, id: number) => api().delete<void>(at(school, `courses/${id}/`));
export const restoreCourse = (school: string, id: number) => patchCourse(school, id, { course_removed: null });

export const listFolders = (school: string) => api().get<Folder[]>(at(school, 'folder_course/'));
export const createFolder = (school: string, name: string) => api().post<Folder>(at(school, 'folder_course/'), { name });
export const renameFolder = (school: string, id: number, name: string) => api().patch<Folder>(at(school, `folder_course/${id}/`), { name });
export const deleteFolder = (school: string, id: number) => api().delete<void>(at(school, `folder_course/${id}/`));

export const getOutline = (school: string, courseId: number) => api().get<Outline>(at(school, `courses/${courseId}/sections/`));
export const createSection = (school: string, course: number, name: string) => api().post<Section>(at(school, 'sections/'), { course, name });
export const renameSection = (school: string, id: number, name: string) => api().patch<Section>(at(school, `sections/${id}/`), { name });
export const deleteSection = (school: string, id: number) => api().delete<void>(at(school, `sections/${id}/`));
export const orderSections = (school: string, order: { section_id: number; order: number }[]) => api().post<unknown>(at(school, 'section_order/'), order);

export const createLesson = (school: string, type: EditableLessonType, body: object) => api().post<LessonDetail>(at(school, `${LESSON_PATHS[type]}/`), body);
export const getLesson = (school: string, type: EditableLessonType, id: number) => api().get<LessonDetail>(at(school, `${LESSON_PATHS[type]}/${id}/`));
export const patchLesson = (school: string, type: EditableLessonType, id: number, body: Record<string, unknown>) =>
  api().patch<LessonDetail>(at(school, `${LESSON_PATHS[type]}/${id}/`), body);
export const deleteLesson = (school: string, type: EditableLessonType, id: number) => api().delete<void>(at(school, `${LESSON_PATHS[type]}/${id}/`));
export const orderLessons = (school: string, order: { baselesson_ptr_id: number; order: number; section_id: number }[]) =>
  api().post<unknown>(at(school, 'lesson_order/'), order);
/** A school's autowebinar as `{school}/autowebinars/` lists it (for a webinar lesson's choice). */
export interface Autowebinar {
  id: number;
  title: string;
  slug: string;
  starts_at: string;
  is_active: boolean;
}

export const listAutowebinars = (school: string) => api().get<Autowebinar[]>(at(school, 'autowebinars/'));
export const previousTests = (school: string, testId: number) => api().get<{ test_id: number; name: string; section_id: number }[]>(at(school, `tests/${testId}/previous_tests/`));

export const createBlock = (school: string, body: { base_lesson: number; type: string }) => api().post<Block>(at(school, 'blocks/'), body);
export const patchBlock = (school: string, id: number, body: Record<string, unknown>) => api().patch<Block>(at(school, `blocks/${id}/`), body);
export const deleteBlock = (school: string, id: number) => api().delete<void>(at(school, `blocks/${id}/`));
export const orderBlocks = (school: string, order: { block_id: number; order: number }[]) => api().post<unknown>(at(school, 'block_order/'), order);
export const listLessonFiles = (school: string, lessonId: number) => api().get<CourseFile[]>(at(school, 'files/'), { query: { lesson_id: lessonId } });
/** Where a lesson's resumable video uploads go (tus, spec §7: the /video/ base). */
export const videoUploadsUrl = (school: string) => `/video/${at(school, 'uploads/')}`;

// Test questions and their answers (spec §7 Questions), for the test editor.

/** The six question types, in the order the editor offers them. */
export const QUESTION_TYPES = ['single', 'multiple', 'text', 'number', 'order', 'match'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface Answer {
  answer_id: number;
  /** Sanitised HTML; for a 'text' question the accepted answer as plain text. */
  body: string;
  is_correct: boolean;
  picture: string | null;
  answer_in_range: boolean;
  from_digit: number | null;
  to_digit: number | null;
  /** The pair of a 'match' answer (sanitised HTML). */
  match_body: string | null;
  /** Its place; for an 'order' question its right place. */
  order: number;
}

export interface Question {
  question_id: number;
  question_type: QuestionType;
  multiple_answer: boolean;
  /** Sanitised HTML. */
  body: string;
  picture: string | null;
  order: number;
  case_sensitive: boolean | null;
  only_whole_numbers: boolean | null;
  answers: Answer[];
}

export const getQuestions = (school: string, testId: number) => api().get<{ questions: Question[] }>(at(school, `tests/${testId}/get_questions/`));
export const createQuestion = (school: string, body: { test: number; question_type: QuestionType; body?: string }) => api().post<Question>(at(school, 'questions/'), body);
export const patchQuestion = (school: string, id: number, body: Record<string, unknown>) => api().patch<Question>(at(school, `questions/${id}/`), body);
export const deleteQuestion = (school: string, id: number) => api().delete<void>(at(school, `questions/${id}/`));
export const orderQuestions = (school: string, order: { question_id: number; order: number }[]) => api().post<unknown>(at(school, 'question_order/'), order);
export const createAnswer = (school: string, body: { question: number } & Record<string, unknown>) => api().post<Answer>(at(school, 'answers/'), body);
export const patchAnswer = (school: string, id: number, body: Record<string, unknown>) => api().patch<Answer>(at(school, `answers/${id}/`), body);
export const deleteAnswer = (school: string, id: number) => api().delete<void>(at(school, `answers/${id}/`));
export const orderAnswers = (school: string, order: { answer_id: number; order: number }[]) => api().post<unknown>(at(school, 'answer_order/'), order);

// Lesson comments (spec §7 Comments), for the course's comments tab.

export interface LessonComment {
  id: number;
  lesson: number;
  course_id: number;
  author: number | null;
  author_first_name: string;
  author_last_name: string;
  /** Plain text: shown as text, never as HTML. */
  content: string;
  public: boolean;
  reply_to: number | null;
  created_at: string;
  replies: LessonComment[];
}

export interface CommentPage {
  count: number;
  results: LessonComment[];
}

/** Comments per page in the comments tab. */
export const COMMENTS_PAGE_SIZE = 10;

export const listComments = (school: string, lessonId: number, courseId: number, page: number) =>
  api().get<CommentPage>(at(school, 'lesson_comments/'), { query: { lesson_id: lessonId, course_id: courseId, p: page, s: COMMENTS_PAGE_SIZE } });
/** Publishes (true) or hides (false) several comments of a lesson at once. */
export const publishComments = (school: string, lessonId: number, courseId: number, comments: Record<number, boolean>) =>
  api().patch<unknown>(at(school, 'lesson_comments/'), { lesson_id: lessonId, course_id: courseId, comments });
export const replyToComment = (school: string, commentId: number, content: string) =>
  api().post<unknown>(at(school, 'lesson_comments/admin_reply_to_comment/'), { comment_id: commentId, content });
export const deleteComment = (school: string, id: number) => api().delete<void>(at(school, `lesson_comments/${id}/`));

// The course's landing (spec §7 Landing), for the page tab.

/** `GET/PATCH {school}/course_landing/{id}/`: the course as the landing shows it and all 17 blocks. */
export interface CourseLandingAnswer {
  course: LandingCourse;
  landing: Landing;
}

/** Changed blocks: each one's fields overlay what is stored; null puts the block back to its default. */
export type LandingPatch = Partial<Record<LandingBlockKey, Record<string, unknown> | null>>;

export const getCourseLanding = (school: string, courseId: number) => api().get<CourseLandingAnswer>(at(school, `course_landing/${courseId}/`));
export const patchCourseLanding = (school: string, courseId: number, landing: LandingPatch) =>
  api().patch<CourseLandingAnswer>(at(school, `course_landing/${courseId}/`), { landing });
