import type { LessonType } from '#core';
import { isLessonType } from './learning-api.ts';

// Stroke icons drawn here (24×24, currentColor): no icon library in the student's pages.
const PATHS: Record<LessonType, string> = {
  // A page with lines.
  lesson: 'M6 3h9l3 3v15H6z M9 10h6 M9 14h6 M9 18h4',
  // A checklist.
  test: 'M4 6l1.5 1.5L8 5 M11 6h9 M4 12l1.5 1.5L8 11 M11 12h9 M4 18l1.5 1.5L8 17 M11 18h9',
  // A pencil on a line.
  homework: 'M4 20h16 M14.5 5.5l3 3L9 17H6v-3z',
  // A camera.
  webinar: 'M3 7h12v10H3z M15 10.5l6-3.5v10l-6-3.5',
};

/** The lesson type's icon, decorative: the type is also written beside it; a type the outline sends that this page does not know gets a lesson's. */
export function LessonTypeIcon({ type }: { type: string }) {
  return (
    <svg className={`lesson-icon ${type}`} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={isLessonType(type) ? PATHS[type] : PATHS.lesson} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A lock drawn beside a closed lesson. */
export function LockIcon() {
  return (
    <svg className="lesson-icon lock" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 11h12v9H6z M9 11V8a3 3 0 0 1 6 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
