import { defaultLanding } from '#core/landing-blocks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools } from '../../src/server/shared/db/core-tables.ts';
import { addMember, registerOwner, type Owner } from './fixtures.ts';
import { addCourse, type CourseFixture } from './public-fixtures.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

const OTHER_SITE = 'https://school-site.example';

let t: TestApp;
let owner: Owner;
let other: Owner;
let python: CourseFixture;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Public Alpha' });
  other = await registerOwner(t.app, { schoolTitle: 'Public Beta' });
  python = await addCourse(t.app, owner.schoolId, {
    name: 'Python: основы',
    description: 'Программирование с нуля',
    price: 490000,
    order: 1,
    sections: [
      { name: 'Введение', lessons: [['lesson', 'Первый урок'], ['test', 'Тест'], ['lesson', 'Черновик', false]] },
      { name: 'Практика', lessons: [['homework', 'Домашка']] },
    ],
  });
  await addCourse(t.app, owner.schoolId, { name: 'Дизайн 100%_pro', description: '<p>Цвет и <strong>форма</strong></p>', order: 2, price: 290050 });
  await addCourse(t.app, owner.schoolId, { name: 'Черновик курса', published: false });
  await addCourse(t.app, owner.schoolId, { name: 'Только по ссылке', isCatalog: false });
  for (let i = 0; i < 12; i += 1) await addCourse(t.app, other.schoolId, { name: `Бета ${i}`, order: 5 });
});
afterAll(() => t.close());

describe('public CORS', () => {
  it('answers any origin on public routes, without credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/course_catalog/', headers: { origin: OTHER_SITE } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers a preflight of a public route from any origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/course-appeals/',
      headers: { origin: OTHER_SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toBe('content-type');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers a preflight of a parameterised public route, but not of the private PATCH on the same path', async () => {
    const path = `/api/${owner.schoolName}/course_landing/${python.id}/`;
    const get = await t.app.inject({ method: 'OPTIONS', url: path, headers: { origin: OTHER_SITE, 'access-control-request-method': 'GET' } });
    expect(get.headers['access-control-allow-origin']).toBe('*');
    const patch = await t.app.inject({ method: 'OPTIONS', url: path, headers: { origin: OTHER_SITE, 'access-control-request-method': 'PATCH' } });
    expect(patch.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps private routes to the platform origin, with credentials', async () => {
    const foreign = await t.app.inject({ method: 'GET', url: '/api/user/', headers: { origin: OTHER_SITE } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/user/', headers: { origin: OTHER_SITE, 'access-control-request-method': 'GET' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const own = await t.app.inject({ method: 'GET', url: '/api/user/', headers: { origin: 'http://coursehub.test', authorization: `Bearer ${owner.access}` } });
    expect(own.headers['access-control-allow-origin']).toBe('http://coursehub.test');
    expect(own.headers['access-control-allow-credentials']).toBe('true');
    const appeals = await t.app.inject({ method: 'GET', url: `/api/${owner.schoolName}/course-appeals/`, headers: { origin: OTHER_SITE } });
    expect(appeals.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('a stale session on a public page', () => {
  it('reads as anonymous on public routes and as 401 on private ones', async () => {
    const publicRes = await t.app.inject({ method: 'GET', url: '/api/schools_tariff/', headers: { authorization: 'Bearer expired.or.forged' } });
    expect(publicRes.statusCode).toBe(200);
    const privateRes = await t.app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: 'Bearer expired.or.forged' } });
    expect(privateRes.statusCode).toBe(401);
  });
});

describe('public caching', () => {
  it('marks public GETs cacheable with an ETag and answers If-None-Match with 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/schools_tariff/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/schools_tariff/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await t.app.inject({ method: 'GET', url: '/api/schools_tariff/', headers: { 'if-none-match': '"other", W/"x"' } });
    expect(stale.statusCode).toBe(200);
    // In a list, and in its strong form: If-None-Match compares weakly.
    const listed = await t.app.inject({ method: 'GET', url: '/api/schools_tariff/', headers: { 'if-none-match': `"other", ${etag.slice(2)}` } });
    expect(listed.statusCode).toBe(304);
  });

  it('changes the ETag when the body changes', async () => {
    const url = `/api/course_catalog/?school=${owner.schoolName}`;
    const before = await t.app.inject({ method: 'GET', url });
    const course = await addCourse(t.app, owner.schoolId, { name: 'Новый курс', order: 9 });
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json().results.map((c: { course_id: number }) => c.course_id)).toContain(course.id);
  });

  it('leaves private routes and errors uncached', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Bearer ${owner.access}` } });
    expect(me.headers.etag).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: '/api/course_catalog/999999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('GET /course_catalog/', () => {
  it('lists published catalogue courses, 12 a page, with prices in major units', async () => {
    const res = await call(t.app, 'GET', '/api/course_catalog/');
    expect(res.status).toBe(200);
    const names = res.body!.results.map((c: { name: string }) => c.name);
    expect(names).not.toContain('Черновик курса');
    expect(names).not.toContain('Только по ссылке');
    expect(res.body!.results).toHaveLength(12);
    expect(res.body!.next).toBe('/api/course_catalog/?p=2');
    expect(res.body!.previous).toBeNull();
    const first = res.body!.results[0];
    expect(first).toEqual({
      course_id: python.id,
      name: 'Python: основы',
      description: 'Программирование с нуля',
      duration_days: 30,
      format: 'ONLINE',
      price: 4900,
      currency: 'BYN',
      photo_url: null,
      school: owner.schoolName,
      school_title: 'Public Alpha',
    });
    expect(res.body!.results[1].price).toBe(2900.5);
    const second = await call(t.app, 'GET', '/api/course_catalog/?p=2');
    expect(second.body!.results.length).toBe(res.body!.count - 12);
    expect(second.body!.previous).toBe('/api/course_catalog/?p=1');
  });

  it('gives the same order page by page, whether a page is read from the start or from the end', async () => {
    const all = async (size: number) => {
      const ids: number[] = [];
      for (let page = 1; ; page += 1) {
        const res = await call(t.app, 'GET', `/api/course_catalog/?s=${size}&p=${page}`);
        ids.push(...res.body!.results.map((c: { course_id: number }) => c.course_id));
        if (!res.body!.next) return { ids, count: res.body!.count as number };
      }
    };
    const [bySeven, byTwelve, byOne] = [await all(7), await all(12), await all(1)];
    expect(bySeven.ids).toHaveLength(bySeven.count);
    expect(new Set(bySeven.ids).size).toBe(bySeven.count);
    expect(byTwelve.ids).toEqual(bySeven.ids);
    expect(byOne.ids).toEqual(bySeven.ids);
  });

  it('caps the page size at 12 and answers a page past the end with an empty list', async () => {
    const big = await call(t.app, 'GET', '/api/course_catalog/?s=50');
    expect(big.body!.results).toHaveLength(12);
    const small = await call(t.app, 'GET', '/api/course_catalog/?s=2&p=2');
    expect(small.body!.results).toHaveLength(2);
    const past = await call(t.app, 'GET', '/api/course_catalog/?p=99');
    expect(past.status).toBe(200);
    expect(past.body!.results).toEqual([]);
    expect((await call(t.app, 'GET', '/api/course_catalog/?p=0')).status).toBe(400);
  });

  it('searches the text of a description, not its markup', async () => {
    const words = await call(t.app, 'GET', `/api/course_catalog/?query=${encodeURIComponent('цвет и форма')}`);
    expect(words.body!.results.map((c: { name: string }) => c.name)).toEqual(['Дизайн 100%_pro']);
    expect((await call(t.app, 'GET', `/api/course_catalog/?query=strong`)).body!.count).toBe(0);
  });

  it('searches name and description case-insensitively, with % and _ taken literally', async () => {
    const byName = await call(t.app, 'GET', `/api/course_catalog/?query=${encodeURIComponent('PYTHON')}`);
    expect(byName.body!.results.map((c: { course_id: number }) => c.course_id)).toEqual([python.id]);
    const byDescription = await call(t.app, 'GET', `/api/course_catalog/?query=${encodeURIComponent('цвет и')}`);
    expect(byDescription.body!.results.map((c: { name: string }) => c.name)).toEqual(['Дизайн 100%_pro']);
    const percent = await call(t.app, 'GET', `/api/course_catalog/?query=${encodeURIComponent('100%_')}`);
    expect(percent.body!.count).toBe(1);
    const wildcard = await call(t.app, 'GET', `/api/course_catalog/?query=${encodeURIComponent('%')}`);
    expect(wildcard.body!.count).toBe(1);
    const underscore = await call(t.app, 'GET', `/api/course_catalog/?query=${encodeURIComponent('Бета _')}`);
    expect(underscore.body!.count).toBe(0);
  });

  it("filters by school; an unknown school gives an empty list", async () => {
    const beta = await call(t.app, 'GET', `/api/course_catalog/?school=${other.schoolName.toUpperCase()}`);
    expect(beta.body!.count).toBe(12);
    expect(beta.body!.results.every((c: { school: string }) => c.school === other.schoolName)).toBe(true);
    const unknown = await call(t.app, 'GET', '/api/course_catalog/?school=no-such-school');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("answers each course's prices in its school's currency, on the catalogue, the preview and the landing", async () => {
    const rub = await registerOwner(t.app, { schoolTitle: 'Рублёвая школа' });
    const course = await addCourse(t.app, rub.schoolId, { name: 'Курс в рублях', price: 1250050 });
    await t.app.ctx.db.update(schools).set({ currency: 'RUB' }).where(eq(schools.id, rub.schoolId));
    const list = await call(t.app, 'GET', `/api/course_catalog/?school=${rub.schoolName}`);
    expect(list.body!.results).toEqual([expect.objectContaining({ course_id: course.id, price: 12500.5, currency: 'RUB' })]);
    expect((await call(t.app, 'GET', `/api/course_catalog/${course.id}/`)).body!.course).toMatchObject({ price: 12500.5, currency: 'RUB' });
    expect((await call(t.app, 'GET', `/api/${rub.schoolName}/course_landing/${course.id}/`)).body!.course).toMatchObject({ currency: 'RUB' });
  });

  it('hides the courses of a school whose plan has lapsed', async () => {
    const lapsed = await registerOwner(t.app, { schoolTitle: 'Lapsed' });
    await addCourse(t.app, lapsed.schoolId, { name: 'Курс без тарифа' });
    await t.app.ctx.db.update(schools).set({ trialEndDate: new Date(t.clock.now.getTime() - 1000) }).where(eq(schools.id, lapsed.schoolId));
    const res = await call(t.app, 'GET', `/api/course_catalog/?school=${lapsed.schoolName}`);
    expect(res.body!.count).toBe(0);
  });
});

describe('GET /course_catalog/:id', () => {
  it('returns the course and its landing: defaults, course name, lesson count and programme', async () => {
    for (const url of [`/api/course_catalog/${python.id}`, `/api/course_catalog/${python.id}/`]) {
      const res = await call(t.app, 'GET', url);
      expect(res.status).toBe(200);
      expect(res.body!.course).toMatchObject({ course_id: python.id, name: 'Python: основы', price: 4900, school: owner.schoolName, school_title: 'Public Alpha' });
      const { landing } = res.body!;
      const defaults = defaultLanding();
      expect(Object.keys(landing).sort()).toEqual(Object.keys(defaults).sort());
      expect(landing.header).toMatchObject({ name: 'Python: основы', description: 'Программирование с нуля', content: 'header' });
      expect(landing.faq).toEqual(defaults.faq);
      expect(landing.stats.lessonCount).toBe(3);
      expect(landing.trainingProgram.sections).toEqual([
        {
          section_id: python.sectionIds[0],
          name: 'Введение',
          order: 1,
          lessons: [
            { lesson_id: python.lessonIds[0], name: 'Первый урок', type: 'lesson', order: 1 },
            { lesson_id: python.lessonIds[1], name: 'Тест', type: 'test', order: 2 },
          ],
        },
        { section_id: python.sectionIds[1], name: 'Практика', order: 2, lessons: [{ lesson_id: python.lessonIds[3], name: 'Домашка', type: 'homework', order: 1 }] },
      ]);
    }
  });

  it('is 404 for drafts, non-catalogue and unknown courses', async () => {
    const draft = await addCourse(t.app, owner.schoolId, { published: false });
    const direct = await addCourse(t.app, owner.schoolId, { isCatalog: false });
    for (const id of [draft.id, direct.id, 999999]) {
      const res = await call(t.app, 'GET', `/api/course_catalog/${id}/`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'COURSE_NOT_FOUND' });
    }
    expect((await call(t.app, 'GET', '/api/course_catalog/abc/')).status).toBe(400);
  });
});

describe('course landing', () => {
  const landingUrl = (school: string, id: number) => `/api/${school}/course_landing/${id}/`;

  it('stores an admin\'s blocks and merges them over the defaults', async () => {
    const patch = await call(t.app, 'PATCH', landingUrl(owner.schoolName, python.id), {
      token: owner.access,
      body: {
        landing: {
          header: { name: 'Python за 60 дней', photoBackground: 'https://cdn.example/bg.jpg' },
          faq: { title: 'Вопросы', items: [{ question: 'Сколько?', answer: 'Два месяца' }] },
          stats: { lessonCount: 999, title: 'В цифрах' },
          reviews: { visible: true },
        },
      },
    });
    expect(patch.status).toBe(200);
    expect(patch.body!.landing.header).toMatchObject({ name: 'Python за 60 дней', description: 'Программирование с нуля', photoBackground: 'https://cdn.example/bg.jpg' });
    expect(patch.body!.landing.stats).toMatchObject({ lessonCount: 3, title: 'В цифрах' });

    const pub = await call(t.app, 'GET', landingUrl(owner.schoolName, python.id));
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual(patch.body);
    expect(pub.body!.landing.faq.items).toEqual([{ question: 'Сколько?', answer: 'Два месяца' }]);
    expect(pub.body!.landing.reviews).toMatchObject({ visible: true, title: defaultLanding().reviews.title });
    const catalog = await call(t.app, 'GET', `/api/course_catalog/${python.id}/`);
    expect(catalog.body!.landing.header.name).toBe('Python за 60 дней');

    // A later PATCH changes only what it names; null restores a block's defaults.
    const again = await call(t.app, 'PATCH', landingUrl(owner.schoolName, python.id), { token: owner.access, body: { landing: { header: { description: 'Новое' }, faq: null } } });
    expect(again.body!.landing.header).toMatchObject({ name: 'Python за 60 дней', description: 'Новое' });
    expect(again.body!.landing.faq).toEqual(defaultLanding().faq);
  });

  it('refuses unknown blocks, wrong types, unsafe links and oversize landings', async () => {
    const url = landingUrl(owner.schoolName, python.id);
    const bad = async (landing: unknown) => call(t.app, 'PATCH', url, { token: owner.access, body: { landing } });
    expect((await bad({ nonsense: {} })).body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { 'landing.nonsense': expect.any(Array) } });
    expect((await bad({ header: 'text' })).status).toBe(400);
    expect((await bad({ header: { name: 5 } })).body).toMatchObject({ fields: { 'landing.header.name': ['Неверный тип значения.'] } });
    expect((await bad({ linkButton: { link: 'javascript:alert(1)' } })).body).toMatchObject({ fields: { 'landing.linkButton.link': expect.any(Array) } });
    expect((await bad({ audience: { chips: [{ title: 'x', photo: 'data:text/html,hi' }] } })).status).toBe(400);
    expect((await bad(null)).status).toBe(400);
    expect((await bad([])).status).toBe(400);
    const huge = await bad({ who_we_are: { text: 'я'.repeat(60 * 1024) } });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ code: 'LANDING_TOO_LARGE' });
  });

  it('refuses protocol-relative and disguised links in every link field, keeping site paths and web links', async () => {
    const url = landingUrl(owner.schoolName, python.id);
    const patch = (landing: unknown) => call(t.app, 'PATCH', url, { token: owner.access, body: { landing } });
    const message = ['Введите корректную ссылку (http:// или https://).'];
    for (const link of ['/\\evil.com', '/%5Cevil.com', ' //evil.com', '/\t/evil.com', '\\\\evil.com', 'java\tscript:alert(1)', '/\n/evil.com']) {
      expect((await patch({ linkButton: { link } })).body, JSON.stringify(link)).toEqual({ code: 'VALIDATION_ERROR', message: 'Введите корректную ссылку (http:// или https://).', fields: { 'landing.linkButton.link': message } });
      expect((await patch({ header: { contact_link: link } })).body!.fields, JSON.stringify(link)).toEqual({ 'landing.header.contact_link': message });
      expect((await patch({ reviews: { items: [{ name: 'Анна', text: 'Да', avatar: link }] } })).body!.fields, JSON.stringify(link)).toEqual({ 'landing.reviews.items.0.avatar': message });
    }
    // Nothing of it was stored.
    expect((await call(t.app, 'GET', url)).body!.landing.linkButton.link).not.toContain('evil');
    for (const link of ['/course-catalog/1', 'https://school.example/pay', 'tg://resolve?domain=school', 'mailto:school@example.com']) {
      const stored = await patch({ linkButton: { link } });
      expect(stored.status, link).toBe(200);
      expect(stored.body!.landing.linkButton.link).toBe(link);
    }
  });

  it('answers the public GET for published courses of that school only', async () => {
    const draft = await addCourse(t.app, owner.schoolId, { published: false, name: 'Скрытый' });
    const direct = await addCourse(t.app, owner.schoolId, { isCatalog: false, name: 'Не в каталоге' });
    expect((await call(t.app, 'GET', landingUrl(owner.schoolName, direct.id))).status).toBe(200);
    expect((await call(t.app, 'GET', landingUrl(owner.schoolName, draft.id))).status).toBe(404);
    expect((await call(t.app, 'GET', landingUrl(other.schoolName, python.id))).body).toMatchObject({ code: 'COURSE_NOT_FOUND' });
    // The school's admin previews the draft; the answer is not for shared caches.
    const preview = await t.app.inject({ method: 'GET', url: landingUrl(owner.schoolName, draft.id), headers: { authorization: `Bearer ${owner.access}` } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-cache');
    expect((await call(t.app, 'GET', landingUrl(other.schoolName, draft.id), { token: other.access })).status).toBe(404);
  });

  it('lets only the admin of the course\'s school change it', async () => {
    const url = landingUrl(owner.schoolName, python.id);
    const body = { landing: { header: { name: 'Взлом' } } };
    expect((await call(t.app, 'PATCH', url, { body })).status).toBe(401);
    const teacher = await addMember(t.app, owner.schoolId, 'Teacher');
    expect((await call(t.app, 'PATCH', url, { token: teacher.access, body })).status).toBe(403);
    expect((await call(t.app, 'PATCH', url, { token: other.access, body })).status).toBe(403);
    // Another school's admin cannot reach this course through their own school either.
    expect((await call(t.app, 'PATCH', landingUrl(other.schoolName, python.id), { token: other.access, body })).status).toBe(404);
    const check = await call(t.app, 'GET', `/api/course_catalog/${python.id}/`);
    expect(check.body!.landing.header.name).not.toBe('Взлом');
  });
});

describe('tariff plans', () => {
  it('lists the paid plans in the TariffPlan shape, with and without /public/', async () => {
    const res = await call(t.app, 'GET', '/api/schools_tariff/');
    expect(res.status).toBe(200);
    expect(res.body!.map((p: { id: number }) => p.id)).toEqual([2, 3, 4]);
    expect(res.body![0]).toEqual({
      id: 2,
      name: 'Junior',
      price: '468.00',
      price_rf_rub: null,
      number_of_courses: 1,
      number_of_staff: 1,
      students_per_month: 10,
      total_students: null,
      student_count_by_month: null,
      discount_12_months_byn: '468.00',
    });
    expect(res.body![2]).toMatchObject({ name: 'Senior', number_of_staff: null });
    expect((await call(t.app, 'GET', '/api/schools_tariff/public/')).body).toEqual(res.body);
  });

  it('returns one plan by id, or 404', async () => {
    expect((await call(t.app, 'GET', '/api/schools_tariff/3')).body).toMatchObject({ id: 3, name: 'Middle', price: '948.00' });
    expect((await call(t.app, 'GET', '/api/schools_tariff/3/')).body).toMatchObject({ id: 3 });
    expect((await call(t.app, 'GET', '/api/schools_tariff/99/')).body).toMatchObject({ code: 'TARIFF_NOT_FOUND' });
  });
});
