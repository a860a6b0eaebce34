// Course authoring: folders, courses and the recycle bin, modules, lessons of every type and their
// content blocks, with the server keeping every order 1..n.
// Other features and the server's root import this feature through this file only.
export { answers, courseFolders, courses, lessonBlocks, lessonComments, lessons, questions, sections } from './tables.ts';
export { courseRoutes, type StudentCourses } from './course-routes.ts';
export { courseBody, courseCountColumns } from './course-body.ts';
export { folderRoutes } from './folder-routes.ts';
export { lessonRoutes, type FindAutowebinar, type StudentLessons } from './lesson-routes.ts';
export { showsCourseFiles } from './file-holders.ts';
export { sectionHead, sectionRoutes, type StudentOutline } from './section-routes.ts';
export { moduleLessons } from './module-lessons.ts';
export { handedIn, lessonItem, type LessonItem, type LockBody } from './lesson-item.ts';
export { questionRoutes, type StudentTestQuestions } from './question-routes.ts';
export { commentRoutes } from './comment-routes.ts';
export { blockContent, blockRoutes, lessonBlockBodies, type OpenStudentLesson } from './block-routes.ts';
export { lessonContent, LessonContent } from './lesson-content.ts';
export { applyHomeworkOptions, applyTestOptions, homeworkSettings, testSettings } from './lesson-settings.ts';
export { sanitizeRichText } from './rich-text.ts';
export { richTextExcerpt, richTextPlain } from './rich-text-plain.ts';
export { fileRoutes } from './file-routes.ts';
export type { ThreadFiles, ThreadTarget, ThreadViewer } from './thread-files.ts';
export { videoUploadRoutes } from './video-uploads.ts';
export { courseFiles } from './tables.ts';
export { deleteFiles, fileBody, FileBody, fileInUse, fileUrl, pruneCourseFiles, type CourseFile } from './files.ts';
export { prunePendingUploads, type PendingUploads } from './prune-pending-uploads.ts';
export { KIND_RULES } from './files.ts';
export { takeUploadRate } from './upload-rates.ts';
export { findCourse } from './course-access.ts';
export { readersOfCourses, type CourseMembers } from './course-members.ts';
export { schoolCourseCount } from './course-counts.ts';
export { schoolPictureFiles } from './school-picture-files.ts';
export { coverColumns, coverJoin, coverUrl } from './files.ts';
export { assertStorageRoom, releaseFile, storeFile, VIDEO_TYPE_MESSAGE } from './files.ts';
export { courseCopyRoutes } from './course-copy-routes.ts';
export { courseOutline, EMPTY_OUTLINE, type CourseOutline, type OutlineLesson, type OutlineSection } from './course-outline.ts';
