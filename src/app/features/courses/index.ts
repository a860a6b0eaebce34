// The admin's courses: the list with folders and the recycle bin, and a course's editor (its tabs,
// the constructor of modules and lessons with the lesson editor, the course's settings).
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';

export const CoursesPage = lazyPage(() => import('./courses-page.tsx'));
export const CourseEditorPage = lazyPage(() => import('./course-editor-page.tsx'));
