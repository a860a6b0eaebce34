import { groupsMessages, learningMessages } from '#core';
import type { AccessLesson, AccessSection } from './groups-api.ts';
import { formatDateTime } from './group-format.ts';

const t = groupsMessages;

/** "Тест · не опубликован · откроется 01.03.2026, 10:00": what a lesson is, beside its name. */
function lessonNote(lesson: AccessLesson): string {
  const type = learningMessages.lessonTypes[lesson.type as keyof typeof learningMessages.lessonTypes] ?? lesson.type;
  return [type, lesson.active ? null : t.inactive, lesson.completed ? t.completed : null, lesson.access_time ? t.opensAt(formatDateTime(lesson.access_time)) : null]
    .filter(Boolean)
    .join(' · ');
}

/** The lessons open now: each lesson's server value, with the changes not yet saved over it. */
export function openLessons(sections: readonly AccessSection[], changes: ReadonlyMap<number, boolean>): (lessonId: number) => boolean {
  const server = new Map(sections.flatMap((section) => section.lessons.map((lesson) => [lesson.lesson_id, lesson.availability] as const)));
  return (lessonId) => changes.get(lessonId) ?? server.get(lessonId) ?? false;
}

/** The changes that differ from the server's values, as lesson-enrollment/ and lesson-availability/ take them. */
export function changedLessons(sections: readonly AccessSection[], changes: ReadonlyMap<number, boolean>): { lesson_id: number; available: boolean }[] {
  const lessons = sections.flatMap((section) => section.lessons);
  return lessons.filter((lesson) => changes.has(lesson.lesson_id) && changes.get(lesson.lesson_id) !== lesson.availability).map((lesson) => ({ lesson_id: lesson.lesson_id, available: changes.get(lesson.lesson_id)! }));
}

/**
 * A course's modules with a checkbox per lesson (open or closed), or, read-only, the same outline
 * saying which lessons are open.
 */
export function LessonChecklist({
  sections,
  isOpen,
  onToggle,
  readOnly = false,
  disabled = false,
}: {
  sections: readonly AccessSection[];
  isOpen: (lessonId: number) => boolean;
  onToggle?: (lessonId: number, open: boolean) => void;
  readOnly?: boolean;
  disabled?: boolean;
}) {
  if (sections.every((section) => section.lessons.length === 0)) return <p className="muted">{t.noLessons}</p>;
  return (
    <div className="lesson-checklist">
      {sections.map((section) => (
        <fieldset key={section.section_id} className="lesson-checklist-module">
          <legend>{section.name}</legend>
          {section.lessons.length === 0 ? <p className="muted">{t.emptyModule}</p> : null}
          <ul>
            {section.lessons.map((lesson) => {
              const open = isOpen(lesson.lesson_id);
              return (
                <li key={lesson.lesson_id}>
                  {readOnly ? (
                    <span className={`lesson-state ${open ? 'open' : 'closed'}`}>
                      {lesson.name} — {open ? t.lessonOpen : t.lessonClosed}
                    </span>
                  ) : (
                    <label className="check">
                      <input type="checkbox" checked={open} disabled={disabled} onChange={(event) => onToggle?.(lesson.lesson_id, event.target.checked)} /> {lesson.name}
                    </label>
                  )}
                  <span className="muted lesson-note">{lessonNote(lesson)}</span>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
