// The constructor's reordering, kept out of the components: modules and lessons move in a copy of
// the outline, then the bodies of section_order/ and lesson_order/ are read off the result.
import type { Section } from './course-api.ts';

/** dnd-kit ids: a module and a lesson live in one drag context, so their ids say which is which. */
export const moduleKey = (sectionId: number) => `module-${sectionId}`;
export const lessonKey = (baselessonId: number) => `lesson-${baselessonId}`;
/** The drop area of a module's lesson list (an empty module has no lesson to drop onto). */
export const listKey = (sectionId: number) => `list-${sectionId}`;

export type DragKey = { kind: 'module' | 'list'; sectionId: number } | { kind: 'lesson'; lessonId: number };

export function parseKey(key: string | number): DragKey | null {
  const match = /^(module|lesson|list)-(\d+)$/.exec(String(key));
  if (!match) return null;
  const id = Number(match[2]);
  return match[1] === 'lesson' ? { kind: 'lesson', lessonId: id } : { kind: match[1] as 'module' | 'list', sectionId: id };
}

/** Where a lesson is: its module's index and its own index there, or null. */
export function findLesson(sections: readonly Section[], lessonId: number): { section: number; index: number } | null {
  for (let section = 0; section < sections.length; section++) {
    const index = sections[section]!.lessons.findIndex((lesson) => lesson.baselesson_ptr_id === lessonId);
    if (index >= 0) return { section, index };
  }
  return null;
}

/** The modules with the one at `from` moved to `to` (indexes clamped to the list). */
export function moveModule(sections: readonly Section[], from: number, to: number): Section[] {
  const next = [...sections];
  const target = Math.max(0, Math.min(next.length - 1, to));
  if (from < 0 || from >= next.length || from === target) return next;
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

/**
 * The outline with a lesson moved into the module `toSection` (an id) at `toIndex` (clamped; the
 * end when beyond it). Returns the same array when the lesson or the module is not there.
 */
export function moveLesson(sections: readonly Section[], lessonId: number, toSection: number, toIndex: number): readonly Section[] {
  const from = findLesson(sections, lessonId);
  const targetAt = sections.findIndex((section) => section.section_id === toSection);
  if (!from || targetAt < 0) return sections;
  const next = sections.map((section) => ({ ...section, lessons: [...section.lessons] }));
  const [lesson] = next[from.section]!.lessons.splice(from.index, 1);
  const target = next[targetAt]!.lessons;
  target.splice(Math.max(0, Math.min(target.length, toIndex)), 0, lesson!);
  return next;
}

/** A lesson one place up or down in its module. */
export function shiftLesson(sections: readonly Section[], lessonId: number, by: -1 | 1): readonly Section[] {
  const at = findLesson(sections, lessonId);
  if (!at) return sections;
  const section = sections[at.section]!;
  const to = at.index + by;
  if (to < 0 || to >= section.lessons.length) return sections;
  return moveLesson(sections, lessonId, section.section_id, to);
}

/** Body of section_order/: every module at its place, from 1. */
export function sectionOrder(sections: readonly Section[]): { section_id: number; order: number }[] {
  return sections.map((section, index) => ({ section_id: section.section_id, order: index + 1 }));
}

/** Body of lesson_order/ for the given modules: each of their lessons at its place, from 1, with its module. */
export function lessonOrder(sections: readonly Section[], sectionIds: readonly number[]): { baselesson_ptr_id: number; order: number; section_id: number }[] {
  return sections
    .filter((section) => sectionIds.includes(section.section_id))
    .flatMap((section) => section.lessons.map((lesson, index) => ({ baselesson_ptr_id: lesson.baselesson_ptr_id, order: index + 1, section_id: section.section_id })));
}

/** The modules whose lessons differ (in ids or order) between two outlines. */
export function changedSections(before: readonly Section[], after: readonly Section[]): number[] {
  const ids = (section: Section | undefined) => section?.lessons.map((lesson) => lesson.baselesson_ptr_id).join(',') ?? '';
  return after.filter((section) => ids(before.find((own) => own.section_id === section.section_id)) !== ids(section)).map((section) => section.section_id);
}
