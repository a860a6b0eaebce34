// The course authoring API (spec §7 Courses, Modules and lessons, Blocks) as this feature calls it:
// one function per call, each under the school's URL name; the shapes are the API contract's.
import { apiCall, fetchLessonDetail, type LessonDetail, landingWithDefaults, type ApiAnswer, type ApiBody, type Landing, type LandingBlockKey, type LandingInput, type LessonType } from '#core';
import { appSession } from '../../app-session.ts';

export type Folder = ApiAnswer<'GET {school}/folder_course/{id}/'>;

/** price: minor units of currency; public: 'О' published, 'Н' not; description sanitised by the server. */
export type Course = ApiAnswer<'GET {school}/courses/{id}/'>;
export type CoursePage = ApiAnswer<'GET {school}/courses/'>;
/** What the course's settings send (course_removed: null brings it back from the bin). */
export type CourseChange = ApiBody<'PATCH {school}/courses/{id}/'>;
export type NewCourse = ApiBody<'POST {school}/courses/'>;

/** The lesson types the constructor creates and edits: all four. */
export type EditableLessonType = LessonType;

type OutlineAnswer = ApiAnswer<'GET {school}/courses/{id}/sections/'>;
/**
 * The fields of an outline lesson the constructor reads (a lesson just created is selected with
 * them too): `id` is the type's own id (lesson_id, test_id, …), `baselesson_ptr_id` unique across
 * types, the key of a lesson everywhere here; `type` the stored type as text.
 */
export type OutlineLesson = Pick<OutlineAnswer['sections'][number]['lessons'][number], 'type' | 'id' | 'baselesson_ptr_id' | 'name' | 'order' | 'active'>;
export type Section = Pick<OutlineAnswer['sections'][number], 'section_id' | 'name' | 'order'> & { lessons: OutlineLesson[] };
export type Outline = Pick<OutlineAnswer, 'course_id' | 'course_name'> & { sections: Section[] };

/** A lesson's block; an uploaded video or picture is a course file id with its signed link (good for 4 hours or more). */
export type Block = ApiAnswer<'GET {school}/blocks/{id}/'>;
export type BlockChange = ApiBody<'PATCH {school}/blocks/{id}/'>;

/** A course file as `{school}/files/` and the finished video upload answer. */
export type CourseFile = ApiAnswer<'GET {school}/files/'>[number];

/** A lesson, test, homework or webinar as its own GET answers: common fields, the type's settings (optional: only that type has them), blocks and files. */
export type { LessonDetail };

/** Each lesson type's path: `lessons/`, `tests/`, `homeworks/`, `webinar_lessons/`. */
export const LESSON_PATHS: Readonly<Record<EditableLessonType, string>> = { lesson: 'lessons', test: 'tests', homework: 'homeworks', webinar: 'webinar_lessons' };

/** A type the outline sends that the constructor edits (the server sends the stored type as text). */
export const isEditableType = (type: string): type is EditableLessonType => type in LESSON_PATHS;

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
  return apiCall(api(), 'GET {school}/courses/', {
    path: { school },
    query: {
      p: page,
      s: 20,
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(folder === 'all' ? {} : { folder: folder === 'none' ? 0 : folder }),
      ...(bin ? { removed: true } : {}),
    },
  });
}

export const getCourse = (school: string, id: number) => apiCall(api(), 'GET {school}/courses/{id}/', { path: { school, id } });
export const createCourse = (school: string, body: NewCourse) => apiCall(api(), 'POST {school}/courses/', { path: { school }, body });
export const patchCourse = (school: string, id: number, body: CourseChange) => apiCall(api(), 'PATCH {school}/courses/{id}/', { path: { school, id }, body });
export const removeCourse = (school: string, id: number) => apiCall(api(), 'DELETE {school}/courses/{id}/', { path: { school, id } });
export const restoreCourse = (school: string, id: number) => patchCourse(school, id, { course_removed: null });

export const listFolders = (school: string) => apiCall(api(), 'GET {school}/folder_course/', { path: { school } });
export const createFolder = (school: string, name: string) => apiCall(api(), 'POST {school}/folder_course/', { path: { school }, body: { name } });
export const renameFolder = (school: string, id: number, name: string) => apiCall(api(), 'PATCH {school}/folder_course/{id}/', { path: { school, id }, body: { name } });
export const deleteFolder = (school: string, id: number) => apiCall(api(), 'DELETE {school}/folder_course/{id}/', { path: { school, id } });

export const getOutline = (school: string, courseId: number) => apiCall(api(), 'GET {school}/courses/{id}/sections/', { path: { school, id: courseId } });
export const createSection = (school: string, course: number, name: string) => apiCall(api(), 'POST {school}/sections/', { path: { school }, body: { course, name } });
export const renameSection = (school: string, id: number, name: string) => apiCall(api(), 'PATCH {school}/sections/{id}/', { path: { school, id }, body: { name } });
export const deleteSection = (school: string, id: number) => apiCall(api(), 'DELETE {school}/sections/{id}/', { path: { school, id } });
export const orderSections = (school: string, order: ApiBody<'POST {school}/section_order/'>) => apiCall(api(), 'POST {school}/section_order/', { path: { school }, body: order });

// A lesson of each type under its own path; the four answer the same contract shape (LessonDetail).

/** What each type's PATCH takes: the common fields (name, active, points, order, section) and its own settings. */
export interface LessonChanges {
  lesson: ApiBody<'PATCH {school}/lessons/{id}/'>;
  test: ApiBody<'PATCH {school}/tests/{id}/'>;
  homework: ApiBody<'PATCH {school}/homeworks/{id}/'>;
  webinar: ApiBody<'PATCH {school}/webinar_lessons/{id}/'>;
}
/** What every type's POST takes: a new lesson's name, module and place. */
export type NewLesson = Pick<ApiBody<'POST {school}/lessons/'>, 'section' | 'name' | 'order'>;

export function createLesson(school: string, type: EditableLessonType, body: NewLesson): Promise<LessonDetail> {
  const path = { school };
  switch (type) {
    case 'lesson':
      return apiCall(api(), 'POST {school}/lessons/', { path, body });
    case 'test':
      return apiCall(api(), 'POST {school}/tests/', { path, body });
    case 'homework':
      return apiCall(api(), 'POST {school}/homeworks/', { path, body });
    case 'webinar':
      return apiCall(api(), 'POST {school}/webinar_lessons/', { path, body });
  }
}

export const getLesson = (school: string, type: EditableLessonType, id: number): Promise<LessonDetail> => fetchLessonDetail(api(), school, type, id);

/** `body` is the type's own (LessonChanges[type]); the common fields fit any type. */
export function patchLesson<T extends EditableLessonType>(school: string, type: T, id: number, body: LessonChanges[T]): Promise<LessonDetail> {
  const path = { school, id };
  // TypeScript does not narrow T with `type`: each branch names the body its check already fixed.
  switch (type as EditableLessonType) {
    case 'lesson':
      return apiCall(api(), 'PATCH {school}/lessons/{id}/', { path, body: body as LessonChanges['lesson'] });
    case 'test':
      return apiCall(api(), 'PATCH {school}/tests/{id}/', { path, body: body as LessonChanges['test'] });
    case 'homework':
      return apiCall(api(), 'PATCH {school}/homeworks/{id}/', { path, body: body as LessonChanges['homework'] });
    case 'webinar':
      return apiCall(api(), 'PATCH {school}/webinar_lessons/{id}/', { path, body: body as LessonChanges['webinar'] });
  }
}

export function deleteLesson(school: string, type: EditableLessonType, id: number) {
  const path = { school, id };
  switch (type) {
    case 'lesson':
      return apiCall(api(), 'DELETE {school}/lessons/{id}/', { path });
    case 'test':
      return apiCall(api(), 'DELETE {school}/tests/{id}/', { path });
    case 'homework':
      return apiCall(api(), 'DELETE {school}/homeworks/{id}/', { path });
    case 'webinar':
      return apiCall(api(), 'DELETE {school}/webinar_lessons/{id}/', { path });
  }
}
export const orderLessons = (school: string, order: ApiBody<'POST {school}/lesson_order/'>) => apiCall(api(), 'POST {school}/lesson_order/', { path: { school }, body: order });

/** A school's autowebinar as `{school}/autowebinars/` lists it unpaged (for a webinar lesson's choice). */
export type Autowebinar = Extract<ApiAnswer<'GET {school}/autowebinars/'>, unknown[]>[number];

/** Without p the list is the unpaged array (with it, the admin's page). */
export async function listAutowebinars(school: string): Promise<Autowebinar[]> {
  const answer = await apiCall(api(), 'GET {school}/autowebinars/', { path: { school } });
  return Array.isArray(answer) ? answer : answer.results;
}
export const previousTests = (school: string, testId: number) => apiCall(api(), 'GET {school}/tests/{id}/previous_tests/', { path: { school, id: testId } });

export const createBlock = (school: string, body: ApiBody<'POST {school}/blocks/'>) => apiCall(api(), 'POST {school}/blocks/', { path: { school }, body });
export const patchBlock = (school: string, id: number, body: BlockChange) => apiCall(api(), 'PATCH {school}/blocks/{id}/', { path: { school, id }, body });
export const deleteBlock = (school: string, id: number) => apiCall(api(), 'DELETE {school}/blocks/{id}/', { path: { school, id } });
export const orderBlocks = (school: string, order: ApiBody<'POST {school}/block_order/'>) => apiCall(api(), 'POST {school}/block_order/', { path: { school }, body: order });
export const listLessonFiles = (school: string, lessonId: number) => apiCall(api(), 'GET {school}/files/', { path: { school }, query: { lesson_id: lessonId } });
/** Where a lesson's resumable video uploads go (tus, spec §7: the /video/ base). */
export const videoUploadsUrl = (school: string) => `/video/${at(school, 'uploads/')}`;

// Test questions and their answers (spec §7 Questions), for the test editor.

/** The six question types, in the order the editor offers them. */
export const QUESTION_TYPES = ['single', 'multiple', 'text', 'number', 'order', 'match'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A question with its key: answers' body is sanitised HTML (a 'text' question's accepted answer as plain text), order an 'order' question's right place. */
export type Question = ApiAnswer<'GET {school}/questions/{id}/'>;
export type Answer = Question['answers'][number];
export type QuestionChange = ApiBody<'PATCH {school}/questions/{id}/'>;
export type AnswerChange = ApiBody<'PATCH {school}/answers/{id}/'>;

type QuestionsAnswer = ApiAnswer<'GET {school}/tests/{id}/get_questions/'>;
/** The editor's view of a test: settings and every question with its key (a student is answered their attempt instead). */
export type EditorTest = Exclude<QuestionsAnswer, { user_test_id: number }>;

export async function getQuestions(school: string, testId: number): Promise<EditorTest> {
  const answer = await apiCall(api(), 'GET {school}/tests/{id}/get_questions/', { path: { school, id: testId } });
  if ('user_test_id' in answer) throw new Error("tests/get_questions/ answered a student's attempt to the test editor");
  return answer;
}
export const createQuestion = (school: string, body: ApiBody<'POST {school}/questions/'>) => apiCall(api(), 'POST {school}/questions/', { path: { school }, body });
export const patchQuestion = (school: string, id: number, body: QuestionChange) => apiCall(api(), 'PATCH {school}/questions/{id}/', { path: { school, id }, body });
export const deleteQuestion = (school: string, id: number) => apiCall(api(), 'DELETE {school}/questions/{id}/', { path: { school, id } });
export const orderQuestions = (school: string, order: ApiBody<'POST {school}/question_order/'>) => apiCall(api(), 'POST {school}/question_order/', { path: { school }, body: order });
export const createAnswer = (school: string, body: ApiBody<'POST {school}/answers/'>) => apiCall(api(), 'POST {school}/answers/', { path: { school }, body });
export const patchAnswer = (school: string, id: number, body: AnswerChange) => apiCall(api(), 'PATCH {school}/answers/{id}/', { path: { school, id }, body });
export const deleteAnswer = (school: string, id: number) => apiCall(api(), 'DELETE {school}/answers/{id}/', { path: { school, id } });
export const orderAnswers = (school: string, order: ApiBody<'POST {school}/answer_order/'>) => apiCall(api(), 'POST {school}/answer_order/', { path: { school }, body: order });

// Lesson comments (spec §7 Comments), for the course's comments tab.

export type CommentPage = ApiAnswer<'GET {school}/lesson_comments/'>;
/** content: plain text, shown as text, never as HTML. */
export type LessonComment = CommentPage['results'][number];

/** Comments per page in the comments tab. */
export const COMMENTS_PAGE_SIZE = 10;

export const listComments = (school: string, lessonId: number, courseId: number, page: number) =>
  apiCall(api(), 'GET {school}/lesson_comments/', { path: { school }, query: { lesson_id: lessonId, course_id: courseId, p: page, s: COMMENTS_PAGE_SIZE } });
/** Publishes (true) or hides (false) several comments of a lesson at once. */
export const publishComments = (school: string, lessonId: number, courseId: number, comments: Record<number, boolean>) =>
  apiCall(api(), 'PATCH {school}/lesson_comments/', { path: { school }, body: { lesson_id: lessonId, course_id: courseId, comments } });
export const replyToComment = (school: string, commentId: number, content: string) =>
  apiCall(api(), 'POST {school}/lesson_comments/admin_reply_to_comment/', { path: { school }, body: { comment_id: commentId, content } });
export const deleteComment = (school: string, id: number) => apiCall(api(), 'DELETE {school}/lesson_comments/{id}/', { path: { school, id } });

// The course's landing (spec §7 Landing), for the page tab.

type LandingAnswer = ApiAnswer<'GET {school}/course_landing/{id}/'>;
/**
 * `GET/PATCH {school}/course_landing/{id}/`: the course as the landing shows it and all 17 blocks;
 * a block's own fields, which the contract leaves open, read as core's Landing.
 */
export type CourseLandingAnswer = Omit<LandingAnswer, 'landing'> & { landing: Landing };

/** Changed blocks: each one's fields overlay what is stored; null puts the block back to its default. */
export type LandingPatch = Partial<Record<LandingBlockKey, Record<string, unknown> | null>>;

/** The blocks as the editor reads them: the server sends all 17; a field it left out would take its default. */
const withLanding = (answer: LandingAnswer): CourseLandingAnswer => ({ ...answer, landing: landingWithDefaults(answer.landing as LandingInput) });

export const getCourseLanding = (school: string, courseId: number) =>
  apiCall(api(), 'GET {school}/course_landing/{id}/', { path: { school, id: courseId } }).then(withLanding);
export const patchCourseLanding = (school: string, courseId: number, landing: LandingPatch) =>
  apiCall(api(), 'PATCH {school}/course_landing/{id}/', { path: { school, id: courseId }, body: { landing } }).then(withLanding);
