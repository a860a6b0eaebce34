import { describe, expect, it } from 'vitest';
import type { CourseOutline, OutlineLesson } from '../courses/index.ts';
import type { LessonState } from './student-access.ts';
import { studentLessonItem } from './student-lesson-item.ts';
import { studentOutlineJson } from './student-outline-json.ts';

const lesson = (id: number, sectionId: number, type: string, name: string, order: number): OutlineLesson => ({ id, sectionId, type, name, order, points: type === 'test' ? 10 : 0 });

const lessons = [
  lesson(30, 1, 'lesson', 'Урок «первый» \\ "в кавычках"', 1),
  lesson(12, 1, 'test', 'Тест', 2),
  lesson(41, 1, 'homework', 'Задание', 3),
  lesson(5, 3, 'webinar', 'Вебинар', 1),
  lesson(7, 3, 'lesson', 'Последний', 2),
];
const outline: CourseOutline = {
  courseId: 9,
  version: 'v',
  sections: [
    { id: 1, name: 'Первый', order: 1 },
    { id: 2, name: 'Пустой', order: 2 },
    { id: 3, name: 'Третий "модуль"', order: 3 },
  ],
  lessons,
  placeOf: new Map(lessons.map((l, place) => [l.id, place])),
};

const state = (l: OutlineLesson, over: Partial<LessonState> = {}): LessonState => ({
  id: l.id,
  sectionId: l.sectionId,
  type: l.type,
  name: l.name,
  order: l.order,
  points: l.points,
  viewed: false,
  submitted: false,
  completed: false,
  homeworkStatus: null,
  locked: null,
  ...over,
});

const strict = { code: 'STRICT_ORDER', message: 'Необходимо пройти предыдущие уроки.', blockedBy: 41 } as const;
const states = [
  state(lessons[0]!, { viewed: true, completed: true }),
  state(lessons[1]!, { viewed: true, submitted: true }),
  state(lessons[2]!),
  state(lessons[3]!, { locked: strict }),
  state(lessons[4]!, { locked: { code: 'NOT_YET_OPEN', message: 'Урок пока закрыт.', opensAt: new Date('2026-12-01T09:00:00Z') } }),
];
const head = { course_id: 9, course_name: 'Курс', progress: { total: 5, completed: 1, percent: 20 } };

/** The same answer built as objects: what the route's schema serialiser would send. */
const asObjects = (sections: CourseOutline['sections'], shown: LessonState[]) =>
  JSON.stringify({
    ...head,
    sections: sections.map((s) => ({
      section_id: s.id,
      section: s.id,
      course: 9,
      name: s.name,
      section_name: s.name,
      order: s.order,
      lessons: shown.filter((st) => st.sectionId === s.id).map(studentLessonItem),
    })),
  });

describe("a student's outline serialised from its parts", () => {
  it('is the same JSON as the objects, for every kind of progress and lock', () => {
    expect(studentOutlineJson(head, outline, outline.sections, states).toString('utf8')).toBe(asObjects(outline.sections, states));
  });

  it('gives a homework its hand-in status (a homework sent back: revision), other lessons none', () => {
    const sent = states.map((st) => (st.id === 41 ? { ...st, submitted: true, homeworkStatus: 'revision', locked: null } : st));
    const json = studentOutlineJson(head, outline, outline.sections, sent).toString('utf8');
    expect(json).toBe(asObjects(outline.sections, sent));
    const items = (JSON.parse(json) as { sections: { lessons: { id: number; homework_status: string | null }[] }[] }).sections.flatMap((s) => s.lessons);
    expect(items.map((item) => [item.id, item.homework_status])).toEqual([
      [30, null],
      [12, null],
      [41, 'revision'],
      [5, null],
      [7, null],
    ]);
  });

  it('is the same JSON for a search: some modules, some of their lessons', () => {
    const shown = [outline.sections[0]!, outline.sections[2]!];
    const found = [states[1]!, states[4]!];
    expect(studentOutlineJson(head, outline, shown, found).toString('utf8')).toBe(asObjects(shown, found));
    expect(studentOutlineJson(head, outline, [], []).toString('utf8')).toBe(asObjects([], []));
  });
});
