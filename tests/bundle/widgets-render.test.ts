// Loads the BUILT widget files (Preact, the element layer, the loader's module names) into a DOM
// and checks that every tag registers and renders its data.
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultLanding } from '../../src/core/landing-blocks.ts';
import { WIDGET_NAMES } from '../../tools/bundle-sizes.mjs';

const course = { course_id: 1, name: 'Python с нуля', description: 'Основы языка', price: 4900, duration_days: 30, format: 'ONLINE', photo_url: null, school: 'Coursehub', school_title: 'CourseHub' };
const landing = defaultLanding();
landing.header.name = 'Python с нуля';

const replies: [RegExp, unknown][] = [
  [/course_catalog\/\?/, { count: 1, next: null, previous: null, results: [course] }],
  [/course_landing\/1\//, { course, landing }],
  [/course_catalog\/1/, { course, landing }],
  [/certificate\/abc\//, { user_full_name: 'Иванов Иван', course_name: 'Python с нуля', school_name: 'CourseHub', date: '2026-11-01', sections: [], signature: null, stamp: null, director_name: null, teacher: null }],
  [/schools_tariff\//, [{ id: 2, name: 'Junior', price: '468', price_rf_rub: null, number_of_courses: 1, number_of_staff: 1, students_per_month: 10, total_students: null, student_count_by_month: null, discount_12_months_byn: '468' }]],
  [/public\/webinar\/demo\//, { status: 'ended', id: 1, title: 'Вебинар о Python', description: '', video_type: 'upload', youtube_video_id: null, uploaded_video_url: null, school_name: 'CourseHub', has_chat: false, chat_enabled: false, duration_minutes: 60, playback_session_id: '1-0', scheduled_show_time_utc: '2026-11-01T10:00:00Z', video_start_offset_seconds: 0 }],
];

function stubNetwork() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const reply = replies.find(([pattern]) => pattern.test(url));
    return new Response(JSON.stringify(reply ? reply[1] : { code: 'NOT_FOUND', message: 'Не найдено.' }), { status: reply ? 200 : 404, headers: { 'content-type': 'application/json' } });
  });
}

// Globals are unstubbed after every test, so each test stubs the network again.
beforeEach(stubNetwork);
beforeAll(async () => {
  for (const name of WIDGET_NAMES) await import(/* @vite-ignore */ pathToFileURL(`dist/widgets/${name}.js`).href);
});
afterAll(() => {
  document.body.innerHTML = '';
});

describe('the built widgets', () => {
  it.each([
    ['ch-course-catalog', '<ch-course-catalog api-base="http://platform.test" school="Coursehub"></ch-course-catalog>', 'Python с нуля'],
    ['ch-course-landing', '<ch-course-landing api-base="http://platform.test" school="Coursehub" course-id="1"></ch-course-landing>', 'Python с нуля'],
    ['ch-certificate', '<ch-certificate api-base="http://platform.test" cert-link="abc"></ch-certificate>', 'Иванов Иван'],
    ['ch-tariffs', '<ch-tariffs api-base="http://platform.test"></ch-tariffs>', 'Junior'],
    ['ch-webinar', '<ch-webinar api-base="http://platform.test" slug="demo"></ch-webinar>', 'Вебинар о Python'],
  ])('<%s> registers and renders its data', async (tag, html, expected) => {
    expect(customElements.get(tag)).toBeDefined();
    document.body.innerHTML = html;
    const element = document.body.firstElementChild!;
    await vi.waitFor(() => expect(element.shadowRoot?.textContent).toContain(expected), { timeout: 3000 });
    expect(element.shadowRoot!.adoptedStyleSheets.length).toBe(1);
  });
});
