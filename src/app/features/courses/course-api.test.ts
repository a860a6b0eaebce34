import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { createLesson, isEditableType, listCourses, orderLessons, restoreCourse } from './course-api.ts';

describe('course API calls', () => {
  it("lists a school's courses with the page, the search and the folder (0 = outside any folder), or the bin", async () => {
    const fetch = stubApi({ 'GET Sch%20ool/courses/': () => json({ count: 0, results: [] }) }).fetch;
    await listCourses('Sch ool', { page: 2, search: ' py ', folder: 'none', bin: false });
    await listCourses('Sch ool', { page: 1, search: '', folder: 7, bin: true });
    await listCourses('Sch ool', { page: 1, search: '', folder: 'all', bin: false });
    const urls = fetch.mock.calls.map(([input]) => String(input));
    expect(urls.map((url) => new URL(url, 'http://x').search)).toEqual(['?p=2&s=20&search=py&folder=0', '?p=1&s=20&folder=7&removed=true', '?p=1&s=20']);
  });

  it('sends each lesson type to its own path, and restores a course by clearing course_removed', async () => {
    const { sent } = stubApi({
      'POST A/homeworks/': () => json({}, 201),
      'PATCH A/courses/3/': () => json({}),
      'POST A/lesson_order/': () => json({ detail: 'ok' }),
    });
    await createLesson('A', 'homework', { name: 'ДЗ', section: 1, order: 1 });
    await restoreCourse('A', 3);
    await orderLessons('A', [{ baselesson_ptr_id: 1, order: 1, section_id: 2 }]);
    expect(sent.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', 'A/homeworks/', { name: 'ДЗ', section: 1, order: 1 }],
      ['PATCH', 'A/courses/3/', { course_removed: null }],
      ['POST', 'A/lesson_order/', [{ baselesson_ptr_id: 1, order: 1, section_id: 2 }]],
    ]);
    expect(isEditableType('test')).toBe(true);
    expect(isEditableType('webinar')).toBe(true);
  });
});
