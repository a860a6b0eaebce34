import { describe, expect, it } from 'vitest';
import type { Section } from './course-api.ts';
import { changedSections, findLesson, lessonKey, lessonOrder, listKey, moduleKey, moveLesson, moveModule, parseKey, sectionOrder, shiftLesson } from './outline-order.ts';

const lesson = (id: number, order: number) => ({ type: 'lesson' as const, id, baselesson_ptr_id: id, name: `Урок ${id}`, order, active: true });
const outline = (): Section[] => [
  { section_id: 1, name: 'Первый', order: 1, lessons: [lesson(11, 1), lesson(12, 2), lesson(13, 3)] },
  { section_id: 2, name: 'Второй', order: 2, lessons: [lesson(21, 1)] },
  { section_id: 3, name: 'Пустой', order: 3, lessons: [] },
];
const ids = (sections: readonly Section[]) => sections.map((section) => [section.section_id, section.lessons.map((l) => l.baselesson_ptr_id)]);

describe('outline keys', () => {
  it('tell a module, a lesson and a module’s list apart', () => {
    expect(parseKey(moduleKey(4))).toEqual({ kind: 'module', sectionId: 4 });
    expect(parseKey(listKey(4))).toEqual({ kind: 'list', sectionId: 4 });
    expect(parseKey(lessonKey(9))).toEqual({ kind: 'lesson', lessonId: 9 });
    expect(parseKey('other')).toBeNull();
  });
});

describe('moving modules and lessons', () => {
  it('moves a module, clamping the target, and leaves the list alone for a bad index', () => {
    expect(moveModule(outline(), 0, 2).map((s) => s.section_id)).toEqual([2, 3, 1]);
    expect(moveModule(outline(), 2, -5).map((s) => s.section_id)).toEqual([3, 1, 2]);
    expect(moveModule(outline(), 7, 0).map((s) => s.section_id)).toEqual([1, 2, 3]);
  });

  it('moves a lesson within its module and into another one, the end when beyond it', () => {
    const start = outline();
    expect(ids(moveLesson(start, 11, 1, 2))).toEqual([[1, [12, 13, 11]], [2, [21]], [3, []]]);
    expect(ids(moveLesson(start, 12, 2, 0))).toEqual([[1, [11, 13]], [2, [12, 21]], [3, []]]);
    expect(ids(moveLesson(start, 21, 3, 99))).toEqual([[1, [11, 12, 13]], [2, []], [3, [21]]]);
    // The input is not touched; unknown lessons and modules change nothing.
    expect(ids(start)).toEqual(ids(outline()));
    expect(moveLesson(start, 99, 1, 0)).toBe(start);
    expect(moveLesson(start, 11, 99, 0)).toBe(start);
  });

  it('shifts a lesson one place, not past the ends of its module', () => {
    const start = outline();
    expect(ids(shiftLesson(start, 12, -1))[0]).toEqual([1, [12, 11, 13]]);
    expect(ids(shiftLesson(start, 12, 1))[0]).toEqual([1, [11, 13, 12]]);
    expect(shiftLesson(start, 11, -1)).toBe(start);
    expect(shiftLesson(start, 13, 1)).toBe(start);
    expect(shiftLesson(start, 99, 1)).toBe(start);
    expect(findLesson(start, 21)).toEqual({ section: 1, index: 0 });
  });
});

describe('order bodies', () => {
  it('number modules and the lessons of the changed modules from 1', () => {
    const moved = moveLesson(outline(), 12, 2, 1);
    expect(sectionOrder(moveModule(outline(), 2, 0))).toEqual([
      { section_id: 3, order: 1 },
      { section_id: 1, order: 2 },
      { section_id: 2, order: 3 },
    ]);
    expect(changedSections(outline(), moved)).toEqual([1, 2]);
    expect(lessonOrder(moved, [1, 2])).toEqual([
      { baselesson_ptr_id: 11, order: 1, section_id: 1 },
      { baselesson_ptr_id: 13, order: 2, section_id: 1 },
      { baselesson_ptr_id: 21, order: 1, section_id: 2 },
      { baselesson_ptr_id: 12, order: 2, section_id: 2 },
    ]);
  });
});
