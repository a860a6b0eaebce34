import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDomains, schoolExtraRoles, schoolHeaders, userPseudonyms } from './tables.ts';
import { schoolMembers, schools, users } from '../../shared/db/core-tables.ts';
import { addMember, registerOwner, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;
let otherStudent: Account;
let headerId: number;
let otherHeaderId: number;

const headerOf = async (schoolId: number) => (await t.app.ctx.db.select().from(schoolHeaders).where(eq(schoolHeaders.schoolId, schoolId)))[0]!;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: false });
  owner = await registerOwner(t.app, { schoolTitle: 'Школа Альфа', email: 'alpha@example.com' });
  teacher = await addMember(t.app, owner.schoolId, 'Teacher', { firstName: 'Пётр' });
  student = await addMember(t.app, owner.schoolId, 'Student', { firstName: 'Сергей', lastName: 'Студентов' });
  other = await registerOwner(t.app, { schoolTitle: 'Школа Бета', email: 'beta@example.com' });
  otherStudent = await addMember(t.app, other.schoolId, 'Student');
  headerId = (await headerOf(owner.schoolId)).id;
  otherHeaderId = (await headerOf(other.schoolId)).id;
});
afterAll(() => t.close());

describe('GET /schools/:id/', () => {
  it('gives an admin the school with its plan and referral code', async () => {
    const res = await call(t.app, 'GET', `/api/schools/${owner.schoolId}/`, { token: owner.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      school_id: owner.schoolId,
      name: 'Shkola_Alfa',
      title: 'Школа Альфа',
      owner: owner.id,
      tariff: 1,
      tariff_name: 'Start',
      trial_end_date: expect.any(String),
      purchased_tariff_end_date: null,
      used_trial: true,
      contact_link: null,
      offer_url: '',
      test_course: false,
      time_zone: 'Europe/Moscow',
      video_watched_percent: 90,
      referral_code: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      accent_color: null,
      accent_text_color: null,
      logo: null,
    });
  });

  it('gives teachers and students the school without the referral code', async () => {
    for (const member of [teacher, student]) {
      const res = await call(t.app, 'GET', `/api/schools/${owner.schoolId}/`, { token: member.access });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ school_id: owner.schoolId, referral_code: null });
    }
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'GET', `/api/schools/${owner.schoolId}/`);
    expect(res.status).toBe(401);
  });

  it('refuses members of another school, admins included, without any of its data', async () => {
    for (const stranger of [other, otherStudent]) {
      const res = await call(t.app, 'GET', `/api/schools/${owner.schoolId}/`, { token: stranger.access });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'NOT_A_MEMBER', message: expect.any(String) });
    }
  });

  it('answers an unknown school with 404', async () => {
    const res = await call(t.app, 'GET', '/api/schools/999999/', { token: owner.access });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'SCHOOL_NOT_FOUND' });
  });

  it.each(['0', '-5', '99999999999'])("answers id %s with 400 'Invalid school ID'", async (id) => {
    const res = await call(t.app, 'GET', `/api/schools/${id}/`, { token: owner.access });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'INVALID_SCHOOL_ID', message: 'Invalid school ID', fields: { id: ['Invalid school ID'] } });
  });

  it.each(['abc', '1.5'])('answers a non-integer id %s with 400 and a field error', async (id) => {
    const res = await call(t.app, 'GET', `/api/schools/${id}/`, { token: owner.access });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { id: expect.any(Array) } });
  });
});

describe('PATCH /schools/:id/', () => {
  const url = () => `/api/schools/${owner.schoolId}/`;

  it('lets an admin change the title, links and the demo-course flag', async () => {
    const res = await call(t.app, 'PATCH', url(), {
      token: owner.access,
      body: { title: '  Школа Альфа+  ', contact_link: 'tg://resolve?domain=alpha', offer_url: 'https://alpha.example.com/offer', test_course: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Shkola_Alfa', title: 'Школа Альфа+', contact_link: 'tg://resolve?domain=alpha', offer_url: 'https://alpha.example.com/offer', test_course: true });
    const cleared = await call(t.app, 'PATCH', url(), { token: owner.access, body: { contact_link: null, offer_url: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ contact_link: null, offer_url: '', title: 'Школа Альфа+' });
  });

  it("sets the school's time zone to a known IANA name, in its canonical spelling", async () => {
    const res = await call(t.app, 'PATCH', url(), { token: owner.access, body: { time_zone: 'Asia/Yekaterinburg' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ time_zone: 'Asia/Yekaterinburg', title: 'Школа Альфа+' });
    expect((await call(t.app, 'GET', url(), { token: teacher.access })).body).toMatchObject({ time_zone: 'Asia/Yekaterinburg' });
    expect((await call(t.app, 'PATCH', url(), { token: owner.access, body: { time_zone: 'europe/minsk' } })).body).toMatchObject({ time_zone: 'Europe/Minsk' });
    expect((await call(t.app, 'PATCH', url(), { token: owner.access, body: { time_zone: 'UTC' } })).body).toMatchObject({ time_zone: 'UTC' });
    expect((await call(t.app, 'PATCH', url(), { token: owner.access, body: { time_zone: 'Europe/Moscow' } })).body).toMatchObject({ time_zone: 'Europe/Moscow' });
    // The other school keeps its own.
    expect((await call(t.app, 'GET', `/api/schools/${other.schoolId}/`, { token: other.access })).body).toMatchObject({ time_zone: 'Europe/Moscow' });
  });

  it.each([
    ['an unknown zone', 'Mars/Olympus'],
    ['an offset', '+03:00'],
    ['an abbreviation', 'MSK'],
    ['a bare word', 'Moscow'],
  ])('refuses %s as the time zone with a field error', async (_name, zone) => {
    const res = await call(t.app, 'PATCH', url(), { token: owner.access, body: { time_zone: zone } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: { time_zone: ['Неизвестный часовой пояс.'] } });
  });

  it('refuses a NUL byte, an empty or a non-string time zone, and changes nothing', async () => {
    for (const zone of ['Europe/Moscow\u0000', '', 3, null]) {
      const res = await call(t.app, 'PATCH', url(), { token: owner.access, body: { time_zone: zone, title: 'Не сохранится' } });
      expect(res.status, JSON.stringify(zone)).toBe(400);
      expect(Object.keys(res.body!.fields as object)).toContain('time_zone');
    }
    const [school] = await t.app.ctx.db.select().from(schools).where(eq(schools.id, owner.schoolId));
    expect(school).toMatchObject({ timeZone: 'Europe/Moscow', title: 'Школа Альфа+' });
  });

  it('keeps the URL name: the same name passes, another one is refused', async () => {
    expect((await call(t.app, 'PATCH', url(), { token: owner.access, body: { name: 'Shkola_Alfa', test_course: false } })).status).toBe(200);
    const res = await call(t.app, 'PATCH', url(), { token: owner.access, body: { name: 'Renamed' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'SCHOOL_NAME_IMMUTABLE', fields: { name: expect.any(Array) } });
  });

  it.each([
    ['a javascript: link', { contact_link: 'javascript:alert(1)' }, 'contact_link'],
    ['a link that is no URL', { contact_link: 'not a link' }, 'contact_link'],
    ['a tg: offer', { offer_url: 'tg://resolve?domain=x' }, 'offer_url'],
    ['an empty title', { title: '' }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a non-boolean flag', { test_course: 'maybe' }, 'test_course'],
    ['an object as the title', { title: { text: 'x' } }, 'title'],
  ])('answers %s with 400 and a field error', async (_name, body, field) => {
    const res = await call(t.app, 'PATCH', url(), { token: owner.access, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!.fields as object)).toContain(field);
  });

  it('is for admins of the school only', async () => {
    expect((await call(t.app, 'PATCH', url(), { body: { title: 'X' } })).status).toBe(401);
    expect((await call(t.app, 'PATCH', url(), { token: teacher.access, body: { title: 'X' } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', url(), { token: student.access, body: { title: 'X' } })).status).toBe(403);
    const foreign = await call(t.app, 'PATCH', url(), { token: other.access, body: { title: 'Захвачено' } });
    expect(foreign.status).toBe(403);
    for (const [token, status] of [
      [undefined, 401],
      [teacher.access, 403],
      [student.access, 403],
      [other.access, 403],
      [otherStudent.access, 403],
    ] as const) {
      expect((await call(t.app, 'PATCH', url(), { token, body: { time_zone: 'Asia/Vladivostok' } })).status).toBe(status);
    }
    const [school] = await t.app.ctx.db.select().from(schools).where(eq(schools.id, owner.schoolId));
    expect(school!.title).toBe('Школа Альфа+');
    expect(school!.timeZone).toBe('Europe/Moscow');
  });

  it("answers 'Invalid school ID' before anything else", async () => {
    const res = await call(t.app, 'PATCH', '/api/schools/0/', { token: owner.access, body: { title: 'X' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_SCHOOL_ID', message: 'Invalid school ID' });
  });
});

describe('the share of a lesson video to watch (PATCH /schools/:id/ video_watched_percent)', () => {
  const url = () => `/api/schools/${owner.schoolId}/`;
  const stored = async () => (await t.app.ctx.db.select().from(schools).where(eq(schools.id, owner.schoolId)))[0]!.videoWatchedPercent;

  it('is 90 % by default and set by an admin between 50 and 100 %, read by every member', async () => {
    expect((await call(t.app, 'GET', url(), { token: student.access })).body).toMatchObject({ video_watched_percent: 90 });
    for (const share of [50, 100, 75]) {
      const res = await call(t.app, 'PATCH', url(), { token: owner.access, body: { video_watched_percent: share } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ video_watched_percent: share });
    }
    expect((await call(t.app, 'GET', url(), { token: teacher.access })).body).toMatchObject({ video_watched_percent: 75 });
    expect(await stored()).toBe(75);
  });

  it.each([
    [49, 'Значение должно быть не меньше 50.'],
    [101, 'Значение должно быть не больше 100.'],
    [0, 'Значение должно быть не меньше 50.'],
    [-90, 'Значение должно быть не меньше 50.'],
    [90.5, 'Неверный тип значения.'],
    ['много', 'Неверный тип значения.'],
    ['90\u0000', 'Неверный тип значения.'],
    [null, 'Неверный тип значения.'],
  ])('refuses %j with a Russian field error and changes nothing', async (share, message) => {
    const res = await call(t.app, 'PATCH', url(), { token: owner.access, body: { video_watched_percent: share, title: 'Не сохранится' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { video_watched_percent: [message] } });
    expect(await stored()).toBe(75);
  });

  it("is the school's admins' alone: no token, a teacher, a student and another school's admin are refused", async () => {
    for (const [token, status] of [
      [undefined, 401],
      [teacher.access, 403],
      [student.access, 403],
      [other.access, 403],
      [otherStudent.access, 403],
    ] as const) {
      expect((await call(t.app, 'PATCH', url(), { token, body: { video_watched_percent: 60 } })).status).toBe(status);
    }
    expect(await stored()).toBe(75);
    // The other school's own share is its own.
    expect((await call(t.app, 'GET', `/api/schools/${other.schoolId}/`, { token: other.access })).body).toMatchObject({ video_watched_percent: 90 });
  });
});

describe('POST /schools/', () => {
  it('creates a school for the caller only, with no demo accounts in it', async () => {
    const creator = await registerOwner(t.app, { schoolTitle: 'Первая школа', email: 'creator@example.com' });
    const res = await call(t.app, 'POST', '/api/schools/', { token: creator.access, body: { school_name: 'Вторая школа', phone_number: '+375 29 555-66-77' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Vtoraya_shkola', title: 'Вторая школа', owner: creator.id, tariff_name: 'Start', referral_code: expect.any(String) });
    const members = await t.app.ctx.db.select().from(schoolMembers).where(eq(schoolMembers.schoolId, res.body!.school_id as number));
    expect(members.map((m) => [m.userId, m.role])).toEqual([[creator.id, 'Admin']]);
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.id, creator.id));
    expect(user!.phoneNumber).toBe('+375295556677');

    const third = await call(t.app, 'POST', '/api/schools/', { token: creator.access, body: { school_name: 'Третья школа' } });
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({ code: 'SCHOOL_LIMIT' });
  });

  it('refuses a taken name', async () => {
    const res = await call(t.app, 'POST', '/api/schools/', { token: student.access, body: { school_name: 'школа альфа' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'SCHOOL_NAME_TAKEN', fields: { school_name: expect.any(Array) } });
  });

  it.each([
    ['no name', {}, 'school_name'],
    ['an empty name', { school_name: '' }, 'school_name'],
    ['a name without letters', { school_name: '!!!' }, 'school_name'],
    ['an object as the name', { school_name: { a: 1 } }, 'school_name'],
    ['a bad phone', { school_name: 'Новая', phone_number: 'phone' }, 'phone_number'],
  ])('answers %s with 400 and a field error', async (_name, body, field) => {
    const res = await call(t.app, 'POST', '/api/schools/', { token: student.access, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!.fields as object)).toContain(field);
  });

  it('needs a session of ones own, not one opened to view as a student', async () => {
    expect((await call(t.app, 'POST', '/api/schools/', { body: { school_name: 'Аноним' } })).status).toBe(401);
    const viewing = await call(t.app, 'POST', '/api/impersonate/start/', { token: owner.access, body: { user_id: student.id, school: owner.schoolName } });
    const res = await call(t.app, 'POST', '/api/schools/', { token: viewing.body!.access as string, body: { school_name: 'От имени ученика' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'IMPERSONATION_READ_ONLY' });
    expect(await t.app.ctx.db.select().from(schools).where(eq(schools.ownerId, student.id))).toEqual([]);
  });
});

describe('GET /:school/all_users/', () => {
  let pager: Owner;
  let people: Account[];

  beforeAll(async () => {
    pager = await registerOwner(t.app, { schoolTitle: 'Пагинация', email: 'pager@example.com' });
    people = [
      await addMember(t.app, pager.schoolId, 'Teacher', { firstName: 'Тина' }),
      await addMember(t.app, pager.schoolId, 'Student', { firstName: 'Саша' }),
      await addMember(t.app, pager.schoolId, 'Student'),
      await addMember(t.app, pager.schoolId, 'Student'),
    ];
    await t.app.ctx.db.insert(userPseudonyms).values({ schoolId: pager.schoolId, userId: people[0]!.id, pseudonym: 'Наставник' });
    await t.app.ctx.db.insert(schoolExtraRoles).values([
      { schoolId: pager.schoolId, userId: people[0]!.id, roleName: 'Методист' },
      { schoolId: pager.schoolId, userId: people[0]!.id, roleName: 'Куратор' },
      // A label in another school must not show up here.
      { schoolId: owner.schoolId, userId: teacher.id, roleName: 'Чужая' },
    ]);
  });

  const url = (query = '') => `/api/${pager.schoolName}/all_users/${query}`;

  it('pages members by id: s=2 over 5 members', async () => {
    const first = await call(t.app, 'GET', url('?s=2'), { token: pager.access });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 5, previous: null, next: `/api/${pager.schoolName}/all_users/?s=2&p=2` });
    const ids = (first.body!.results as { id: number }[]).map((r) => r.id);
    expect(ids).toEqual([pager.id, people[0]!.id]);
    expect((first.body!.results as unknown[])[1]).toEqual({
      id: people[0]!.id,
      email: people[0]!.email,
      username: people[0]!.email,
      first_name: 'Тина',
      last_name: '',
      role: 'Teacher',
      avatar: null,
      pseudonym: 'Наставник',
      additional_roles: ['Куратор', 'Методист'],
      date_joined: expect.any(String),
    });

    // Past the middle the page is read from the end (shared/http/pagination.ts): same rows, same order.
    const middle = await call(t.app, 'GET', url('?s=2&p=2'), { token: pager.access });
    expect((middle.body!.results as { id: number }[]).map((r) => r.id)).toEqual([people[1]!.id, people[2]!.id]);

    const last = await call(t.app, 'GET', url('?s=2&p=3'), { token: pager.access });
    expect(last.body).toMatchObject({ count: 5, next: null, previous: `/api/${pager.schoolName}/all_users/?s=2&p=2` });
    expect((last.body!.results as { id: number }[]).map((r) => r.id)).toEqual([people[3]!.id]);

    const beyond = await call(t.app, 'GET', url('?s=2&p=40'), { token: pager.access });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ count: 5, next: null, results: [] });
  });

  it('defaults to the first page of 20', async () => {
    const res = await call(t.app, 'GET', url(), { token: pager.access });
    expect(res.body).toMatchObject({ count: 5, next: null, previous: null });
    expect(res.body!.results).toHaveLength(5);
  });

  it.each([
    ['student', 3],
    ['staff', 2],
    ['Admin', 1],
    ['Teacher', 1],
    ['Student', 3],
  ])('filters by role=%s', async (role, n) => {
    const res = await call(t.app, 'GET', url(`?role=${role}`), { token: pager.access });
    expect(res.status).toBe(200);
    expect(res.body!.count).toBe(n);
    expect(res.body!.results).toHaveLength(n);
  });

  it.each([
    ['an unknown role', '?role=manager', 'role'],
    ['page 0', '?p=0', 'p'],
    ['a page that is no number', '?p=two', 'p'],
    ['a size over 100', '?s=101', 's'],
  ])('answers %s with 400 and a field error', async (_name, query, field) => {
    const res = await call(t.app, 'GET', url(query), { token: pager.access });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!.fields as object)).toContain(field);
  });

  it('is for admins of the school only', async () => {
    expect((await call(t.app, 'GET', url())).status).toBe(401);
    expect((await call(t.app, 'GET', url(), { token: people[0]!.access })).status).toBe(403);
    expect((await call(t.app, 'GET', url(), { token: people[1]!.access })).status).toBe(403);
    const foreign = await call(t.app, 'GET', url(), { token: owner.access });
    expect(foreign.status).toBe(403);
    expect(foreign.body).not.toHaveProperty('results');
  });

  it('answers an unknown school with 404 and a malformed name with 400', async () => {
    expect((await call(t.app, 'GET', '/api/No_such_school/all_users/', { token: pager.access })).status).toBe(404);
    const bad = await call(t.app, 'GET', '/api/bad%20name!/all_users/', { token: pager.access });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { school: expect.any(Array) } });
  });
});

describe('school headers', () => {
  it('shows a school header to its members', async () => {
    for (const member of [owner, teacher, student]) {
      const res = await call(t.app, 'GET', `/api/school_headers/${headerId}/`, { token: member.access });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        header_id: headerId,
        school: owner.schoolId,
        school_id: owner.schoolId,
        name: 'Школа Альфа',
        description: '',
        logo_school: null,
        photo_background: null,
        logo_school_file: null,
        photo_background_file: null,
        logo_header: null,
        favicon: null,
      });
    }
  });

  it('hides it from everyone else', async () => {
    expect((await call(t.app, 'GET', `/api/school_headers/${headerId}/`)).status).toBe(401);
    const foreign = await call(t.app, 'GET', `/api/school_headers/${headerId}/`, { token: other.access });
    expect(foreign.status).toBe(403);
    expect(foreign.body).not.toHaveProperty('name');
    expect((await call(t.app, 'GET', '/api/school_headers/999999/', { token: owner.access })).status).toBe(404);
  });

  it.each(['0', '-1', 'abc'])('answers header id %s with 400', async (id) => {
    const res = await call(t.app, 'GET', `/api/school_headers/${id}/`, { token: owner.access });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: { id: expect.any(Array) } });
  });

  it('lets an admin change the name and a plain-text description (HTML stripped)', async () => {
    const res = await call(t.app, 'PATCH', `/api/school_headers/${headerId}/`, {
      token: owner.access,
      body: { name: 'Альфа', description: '<p>Учим <b>хорошо</b></p><script>alert(1)</script><img src=x onerror=alert(1)' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ header_id: headerId, name: 'Альфа', description: 'Учим хорошо' });
    expect((await headerOf(owner.schoolId)).description).toBe('Учим хорошо');
  });

  it('refuses header changes by non-admins and by other schools', async () => {
    expect((await call(t.app, 'PATCH', `/api/school_headers/${headerId}/`, { body: { name: 'X' } })).status).toBe(401);
    expect((await call(t.app, 'PATCH', `/api/school_headers/${headerId}/`, { token: teacher.access, body: { name: 'X' } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', `/api/school_headers/${headerId}/`, { token: student.access, body: { name: 'X' } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', `/api/school_headers/${otherHeaderId}/`, { token: owner.access, body: { name: 'X' } })).status).toBe(403);
    expect((await headerOf(other.schoolId)).name).toBe('Школа Бета');
  });

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['a name of tags only', { name: '<b></b>' }, 'name'],
    ['a number as the description', { description: { html: 1 } }, 'description'],
  ])('answers %s with 400', async (_name, body, field) => {
    const res = await call(t.app, 'PATCH', `/api/school_headers/${headerId}/`, { token: owner.access, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body!.fields as object)).toContain(field);
  });
});

describe('GET /school-by-domain/', () => {
  beforeAll(async () => {
    await t.app.ctx.db.insert(schoolDomains).values([
      { schoolId: owner.schoolId, domainName: 'learn.alpha.example', verified: true },
      { schoolId: other.schoolId, domainName: 'beta.example', verified: false },
    ]);
  });

  it.each(['learn.alpha.example', 'https://Learn.Alpha.example:8443/school/x?y=1', 'learn.alpha.example/path', 'LEARN.ALPHA.EXAMPLE.'])(
    'finds the school of a verified domain from %s, without a session',
    async (domain) => {
      const res = await call(t.app, 'GET', `/api/school-by-domain/?domain=${encodeURIComponent(domain)}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ school_id: owner.schoolId, name: 'Shkola_Alfa', title: expect.any(String), header_school: headerId, domain_name: 'learn.alpha.example' });
    },
  );

  it('does not give away unverified or unknown domains', async () => {
    for (const domain of ['beta.example', 'nowhere.example', 'bad_host!']) {
      const res = await call(t.app, 'GET', `/api/school-by-domain/?domain=${encodeURIComponent(domain)}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'DOMAIN_NOT_FOUND', message: 'Домен не найден' });
    }
  });

  it.each(['', '?domain=', '?domain=https://'])('answers a missing domain (%s) with 400', async (query) => {
    const res = await call(t.app, 'GET', `/api/school-by-domain/${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'DOMAIN_REQUIRED', message: 'Домен не указан', fields: { domain: expect.any(Array) } });
  });
});

describe('a school in a path', () => {
  it('is found whatever the case of its name, as its unique index compares names', async () => {
    for (const name of [owner.schoolName, owner.schoolName.toLowerCase(), owner.schoolName.toUpperCase()]) {
      const res = await call(t.app, 'GET', `/api/${name}/all_users/`, { token: owner.access });
      expect(res.status, name).toBe(200);
    }
    // Still only the caller's own school.
    expect((await call(t.app, 'GET', `/api/${other.schoolName.toLowerCase()}/all_users/`, { token: owner.access })).status).toBe(403);
  });
});
