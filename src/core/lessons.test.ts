import { describe, expect, it } from 'vitest';
import { startHttpTestServer } from '../../tests/helpers/http-test-server.ts';
import { createApiClient } from './api-client.ts';
import {
  LESSON_SETTING_KEYS,
  fetchLessonDetail,
  buildLessonPayload,
  insertLesson,
  lessonOrderPayload,
  removeLesson,
  renumberLessons,
  type LessonInput,
  type LessonListItem,
  type LessonPayload,
} from './lessons.ts';

const base = { section: 12, order: 3 };

describe('buildLessonPayload', () => {
  it.each<[string, LessonInput['name']]>([
    ['empty', ''],
    ['blank', '   \t'],
    ['null', null],
    ['undefined', undefined],
  ])('ignores creation when the name is %s', (_name, name) => {
    expect(buildLessonPayload({ ...base, name, description: 'x' })).toBeNull();
  });

  it('sends name (trimmed), section and order only when no setting is set', () => {
    expect(buildLessonPayload({ ...base, name: '  Введение  ' })).toEqual({ name: 'Введение', section: 12, order: 3 });
  });

  it.each<[string, Partial<LessonInput>, Partial<LessonPayload>]>([
    ['undefined settings skipped', { description: undefined, success_percent: undefined }, {}],
    ['null settings skipped', { automate_accept: null, attempt_limit: null, balls_per_answer: null }, {}],
    ["'' settings skipped", { description: '', time_accept: '' }, {}],
    ['blank description skipped', { description: '  ' }, {}],
    ['NaN number skipped', { success_percent: Number.NaN }, {}],
    ['false is a value', { automate_accept: false, random_questions: false }, { automate_accept: false, random_questions: false }],
    ['0 is a value', { success_percent: 0, balls_per_answer: 0 }, { success_percent: 0, balls_per_answer: 0 }],
    ['description kept verbatim', { description: ' <p>Текст</p> ' }, { description: ' <p>Текст</p> ' }],
    ['time_accept', { time_accept: '01:00:00' }, { time_accept: '01:00:00' }],
    [
      'test settings',
      { success_percent: 80, random_questions: true, random_answers: true, show_right_answers: true, attempt_limit: true, balls_per_answer: 2 },
      { success_percent: 80, random_questions: true, random_answers: true, show_right_answers: true, attempt_limit: true, balls_per_answer: 2 },
    ],
  ])('%s', (_name, settings, expected) => {
    const payload = buildLessonPayload({ ...base, name: 'Урок', ...settings });
    expect(payload).toStrictEqual({ name: 'Урок', section: 12, order: 3, ...expected });
  });

  it('knows all nine optional settings of spec §3', () => {
    expect(LESSON_SETTING_KEYS).toEqual([
      'description', 'automate_accept', 'success_percent', 'time_accept', 'random_questions',
      'random_answers', 'show_right_answers', 'attempt_limit', 'balls_per_answer',
    ]);
  });

  it('drops keys that are not lesson settings', () => {
    const input = { ...base, name: 'Урок', extra: 'no' } as LessonInput;
    expect(buildLessonPayload(input)).toEqual({ name: 'Урок', section: 12, order: 3 });
  });
});

const lesson = (id: number, order: number, extra: Partial<LessonListItem> = {}): LessonListItem => ({
  type: 'lesson',
  name: `Урок ${id}`,
  order,
  id,
  active: true,
  baselesson_ptr_id: 100 + id,
  section_id: 12,
  section: 12,
  points: 0,
  viewed: false,
  completed: false,
  sended: null,
  ...extra,
});

/** "ids in order" view of a result, plus a check that the numbering is 1..n. */
function idsInOrder(lessons: readonly LessonListItem[]): number[] {
  expect(lessons.map((l) => l.order)).toEqual(lessons.map((_l, i) => i + 1));
  return lessons.map((l) => l.id);
}

describe('insertLesson', () => {
  const module3 = [lesson(1, 1), lesson(2, 2), lesson(3, 3)];
  const fresh = lesson(9, 0, { type: 'test', active: false });

  it.each<[string, readonly LessonListItem[], number, number[]]>([
    ['after the first', module3, 1, [1, 9, 2, 3]],
    ['after the middle', module3, 2, [1, 2, 9, 3]],
    ['after the last', module3, 3, [1, 2, 3, 9]],
    ['afterOrder 0 → at the start', module3, 0, [9, 1, 2, 3]],
    ['negative afterOrder → at the start', module3, -5, [9, 1, 2, 3]],
    ['beyond the end → at the end', module3, 99, [1, 2, 3, 9]],
    ['into an empty module', [], 0, [9]],
    ['into an empty module with an order', [], 4, [9]],
    ['unsorted input is ordered first', [lesson(3, 3), lesson(1, 1), lesson(2, 2)], 1, [1, 9, 2, 3]],
    ['gaps in numbering', [lesson(1, 2), lesson(2, 5), lesson(3, 9)], 5, [1, 2, 9, 3]],
    ['afterOrder inside a gap', [lesson(1, 2), lesson(2, 5), lesson(3, 9)], 6, [1, 2, 9, 3]],
    ['duplicate orders keep their relative place', [lesson(1, 1), lesson(2, 1), lesson(3, 2)], 1, [1, 2, 9, 3]],
  ])('%s', (_name, lessons, afterOrder, expected) => {
    expect(idsInOrder(insertLesson(lessons, fresh, afterOrder))).toEqual(expected);
  });

  it('keeps every other field of every lesson', () => {
    const result = insertLesson(module3, fresh, 1);
    expect(result[1]).toEqual({ ...fresh, order: 2 });
    expect(result[2]).toEqual({ ...module3[1], order: 3 });
  });

  it('does not mutate its input', () => {
    const input = [lesson(2, 2), lesson(1, 1)];
    const snapshot = structuredClone(input);
    const newOne = lesson(9, 0);
    const result = insertLesson(input, newOne, 1);
    expect(input).toEqual(snapshot);
    expect(newOne.order).toBe(0);
    expect(result).not.toContain(input[0]);
  });
});

describe('renumberLessons', () => {
  it.each<[string, number[], number[]]>([
    ['empty', [], []],
    ['already numbered', [1, 2, 3], [1, 2, 3]],
    ['gaps closed in array order', [4, 10, 11], [1, 2, 3]],
    ['array order wins over stale orders (after a drag)', [3, 1, 2], [1, 2, 3]],
  ])('%s', (_name, orders, expected) => {
    const input = orders.map((order, i) => lesson(i + 1, order));
    const result = renumberLessons(input);
    expect(result.map((l) => l.order)).toEqual(expected);
    expect(result.map((l) => l.id)).toEqual(input.map((l) => l.id));
    expect(input.map((l) => l.order)).toEqual(orders);
  });
});

describe('removeLesson', () => {
  const module4 = [lesson(1, 1), lesson(2, 2), lesson(3, 3), lesson(4, 4)];

  it.each<[string, readonly LessonListItem[], number, number[]]>([
    ['the first', module4, 101, [2, 3, 4]],
    ['a middle one', module4, 103, [1, 2, 4]],
    ['the last', module4, 104, [1, 2, 3]],
    ['an unknown id only renumbers', [lesson(1, 3), lesson(2, 7)], 999, [1, 2]],
    ['the only one', [lesson(1, 1)], 101, []],
    ['by base-lesson id, not type-specific id', [lesson(1, 1), lesson(2, 2, { id: 1, type: 'test', baselesson_ptr_id: 555 })], 555, [1]],
  ])('%s', (_name, lessons, ptrId, expected) => {
    expect(idsInOrder(removeLesson(lessons, ptrId))).toEqual(expected);
  });

  it('does not mutate its input', () => {
    const snapshot = structuredClone(module4);
    removeLesson(module4, 101);
    expect(module4).toEqual(snapshot);
  });
});

describe('lessonOrderPayload', () => {
  it('maps to the lesson_order body', () => {
    const renumbered = insertLesson([lesson(1, 1), lesson(2, 2)], lesson(9, 0), 1);
    expect(lessonOrderPayload(renumbered)).toEqual([
      { baselesson_ptr_id: 101, order: 1 },
      { baselesson_ptr_id: 109, order: 2 },
      { baselesson_ptr_id: 102, order: 3 },
    ]);
  });
});

describe('fetchLessonDetail', () => {
  it("reads each type at its own path (the app's lesson page and editor share it)", async () => {
    const server = await startHttpTestServer(() => ({ body: { id: 5 } }));
    try {
      const api = createApiClient({ baseURL: `${server.url}/api` });
      for (const type of ['lesson', 'test', 'homework', 'webinar'] as const) await fetchLessonDetail(api, 'demo', type, 5);
      expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        'GET /api/demo/lessons/5/',
        'GET /api/demo/tests/5/',
        'GET /api/demo/homeworks/5/',
        'GET /api/demo/webinar_lessons/5/',
      ]);
    } finally {
      await server.close();
    }
  });
});
