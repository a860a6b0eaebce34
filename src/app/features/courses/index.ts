// The admin's courses: the list with folders and the recycle bin, and a course's editor (its tabs,
// the constructor of modules and lessons with the lesson editor, the course's settings).
// The shell and other features use this feature through this file only; pages load on demand.
import { lazyPage } from '../../lazy-page.ts';
import type { RichTextEditorProps } from './rich-text-editor.tsx';

export const CoursesPage = lazyPage(() => import('./courses-page.tsx'));
export const CourseEditorPage = lazyPage(() => import('./course-editor-page.tsx'));
/** The rich-text field of lesson texts, for other features' forms (its code and Tiptap load on first use). */
export const RichTextEditor = lazyPage<RichTextEditorProps>(() => import('./rich-text-editor.tsx').then((module) => ({ default: module.RichTextEditor })));
