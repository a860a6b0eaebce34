import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../shared/db/core-tables.ts';
import { addMember, registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let courseId: number;
let otherCourseId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Appeals Alpha' });
  other = await registerOwner(t.app, { schoolTitle: 'Appeals Beta' });
  courseId = (await addCourse(t.app, owner.schoolId, { name: 'Курс с заявками' })).id;
  otherCourseId = (await addCourse(t.app, other.schoolId, { name: 'Чужой курс' })).id;
});
afterAll(() => t.close());

const send = (body: unknown) => call(t.app, 'POST', '/api/course-appeals/', { body });

describe('POST /course-appeals/', () => {
  it('stores an appeal, answers 201 and mails the school owner', async () => {
    const res = await send({ course: courseId, name: '  Иван  ', email: 'Ivan@Example.com', phone: '+375 (29) 123-45-67', message: 'Хочу на курс' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), detail: 'Заявка отправлена. Мы свяжемся с вами.' });
    const [mail] = await t.app.ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(mail).toMatchObject({ to: owner.email, subject: 'Новая заявка на курс «Курс с заявками»' });
    expect(mail!.text).toContain('Иван');
    expect(mail!.text).toContain('ivan@example.com');
  });

  it('takes a phone alone, and empty optional fields as missing', async () => {
    expect((await send({ course: courseId, name: 'Пётр', phone: '+375291112233' })).status).toBe(201);
    expect((await send({ course: courseId, name: 'Пётр', phone: '+375291112233', email: '', message: '' })).status).toBe(201);
  });

  it('needs a phone or an email', async () => {
    const res = await send({ course: courseId, name: 'Без контактов', email: ' ', message: 'Перезвоните' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Укажите телефон или email.',
      fields: { email: ['Укажите телефон или email.'], phone: ['Укажите телефон или email.'] },
    });
  });

  it('refuses a bad email, a bad phone, a blank or long name and a huge message', async () => {
    const bad = await send({ course: courseId, name: 'Иван', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body!.fields).toEqual({ email: ['Введите корректный адрес электронной почты.'] });
    expect((await send({ course: courseId, name: 'Иван', phone: 'call me' })).body!.fields).toHaveProperty('phone');
    expect((await send({ course: courseId, name: '   ', phone: '+375291112233' })).body!.fields).toHaveProperty('name');
    expect((await send({ course: courseId, name: 'я'.repeat(101), phone: '+375291112233' })).body!.fields).toHaveProperty('name');
    const huge = await send({ course: courseId, name: 'Иван', phone: '+375291112233', message: 'a'.repeat(2001) });
    expect(huge.status).toBe(400);
    expect(huge.body!.fields).toEqual({ message: ['Не длиннее 2000 символов.'] });
    expect((await send({ name: 'Иван', phone: '+375291112233' })).body!.fields).toHaveProperty('course');
    expect((await send({ course: 'abc', name: 'Иван', phone: '+375291112233' })).status).toBe(400);
  });

  it('answers a malformed or oversized body with 400/413, never 500', async () => {
    const broken = await t.app.inject({ method: 'POST', url: '/api/course-appeals/', headers: { 'content-type': 'application/json' }, payload: '{"course":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 'BAD_REQUEST', message: 'Некорректный запрос.' });
    expect((await send([1, 2])).status).toBe(400);
    const big = await t.app.inject({ method: 'POST', url: '/api/course-appeals/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ course: courseId, name: 'x', phone: '+375291112233', message: 'a'.repeat(20_000) }) });
    expect(big.statusCode).toBe(413);
  });

  it('is 404 for an unknown, unpublished or non-catalogue course', async () => {
    const draft = await addCourse(t.app, owner.schoolId, { published: false });
    const direct = await addCourse(t.app, owner.schoolId, { isCatalog: false });
    for (const course of [999999, draft.id, direct.id]) {
      const res = await send({ course, name: 'Иван', phone: '+375291112233' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'COURSE_NOT_FOUND' });
    }
  });
});

describe('the school\'s appeals', () => {
  let appealId: number;
  beforeAll(async () => {
    appealId = (await send({ course: courseId, name: 'Последняя', email: 'last@example.com', message: 'Новая' })).body!.id as number;
    await send({ course: otherCourseId, name: 'Чужая заявка', email: 'secret@example.com' });
  });

  it('lists them for the admin, newest first, only of this school', async () => {
    const res = await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/`, { token: owner.access });
    expect(res.status).toBe(200);
    expect(res.body!.count).toBe(4);
    expect(res.body!.results[0]).toEqual({
      id: appealId,
      course_id: courseId,
      course_name: 'Курс с заявками',
      name: 'Последняя',
      email: 'last@example.com',
      phone: null,
      message: 'Новая',
      is_read: false,
      status: 'new',
      created_at: expect.any(String),
    });
    expect(res.body!.results.map((a: { name: string }) => a.name)).not.toContain('Чужая заявка');
    const ids = res.body!.results.map((a: { id: number }) => a.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const paged = await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/?s=3&p=2`, { token: owner.access });
    expect(paged.body!.results).toHaveLength(1);
  });

  it('opens one appeal without marking it read; PATCH marks it read and sets its status', async () => {
    const url = `/api/${owner.schoolName}/course-appeals/${appealId}/`;
    const res = await call(t.app, 'GET', url, { token: owner.access });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: appealId, name: 'Последняя', is_read: false, status: 'new' });
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/unread/`, { token: owner.access })).body).toEqual({ unread: 4 });

    const read = await call(t.app, 'PATCH', url, { token: owner.access, body: { is_read: true } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: appealId, is_read: true, status: 'new', course_name: 'Курс с заявками' });
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/unread/`, { token: owner.access })).body).toEqual({ unread: 3 });
    // Unread ones come first: the read one goes to the end of the list.
    const list = await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/`, { token: owner.access });
    expect(list.body!.results.map((a: { is_read: boolean }) => a.is_read)).toEqual([false, false, false, true]);
    expect(list.body!.results[3]).toMatchObject({ id: appealId });

    const unread = await call(t.app, 'PATCH', url, { token: owner.access, body: { is_read: false } });
    expect(unread.body).toMatchObject({ is_read: false });
    // A status change means the appeal was read, unless the same call says otherwise.
    expect((await call(t.app, 'PATCH', url, { token: owner.access, body: { status: 'in_progress' } })).body).toMatchObject({ status: 'in_progress', is_read: true });
    expect((await call(t.app, 'PATCH', url, { token: owner.access, body: { status: 'done', is_read: false } })).body).toMatchObject({ status: 'done', is_read: false });
    await call(t.app, 'PATCH', url, { token: owner.access, body: { is_read: true } });

    const done = await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/?status=done`, { token: owner.access });
    expect(done.body!.results.map((a: { id: number }) => a.id)).toEqual([appealId]);
    const unreadOnly = await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/?is_read=false`, { token: owner.access });
    expect(unreadOnly.body!.count).toBe(3);
  });

  it('refuses a malformed change', async () => {
    const url = `/api/${owner.schoolName}/course-appeals/${appealId}/`;
    for (const body of [{}, { status: 'archived' }, { status: 'new\u0000' }, { is_read: 'maybe' }, { is_read: true, name: 'Чужое имя' }, [1]]) {
      const res = await call(t.app, 'PATCH', url, { token: owner.access, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const broken = await t.app.inject({ method: 'PATCH', url, headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.access}` }, payload: '{"is_read":' });
    expect(broken.statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/?status=other`, { token: owner.access })).status).toBe(400);
    expect((await call(t.app, 'PATCH', `/api/${owner.schoolName}/course-appeals/999999/`, { token: owner.access, body: { is_read: true } })).status).toBe(404);
    expect((await call(t.app, 'GET', url, { token: owner.access })).body).toMatchObject({ name: 'Последняя' });
  });

  it('shows nothing to another school\'s admin', async () => {
    const list = await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/`, { token: other.access });
    expect(list.status).toBe(403);
    expect(JSON.stringify(list.body)).not.toContain('Последняя');
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/${appealId}/`, { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'PATCH', `/api/${owner.schoolName}/course-appeals/${appealId}/`, { token: other.access, body: { is_read: false } })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/unread/`, { token: other.access })).status).toBe(403);
    // Through their own school the appeal id of another school does not exist.
    const viaOwn = await call(t.app, 'GET', `/api/${other.schoolName}/course-appeals/${appealId}/`, { token: other.access });
    expect(viaOwn.status).toBe(404);
    expect(viaOwn.body).toMatchObject({ code: 'APPEAL_NOT_FOUND' });
    const patchViaOwn = await call(t.app, 'PATCH', `/api/${other.schoolName}/course-appeals/${appealId}/`, { token: other.access, body: { status: 'done' } });
    expect(patchViaOwn.status).toBe(404);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/${appealId}/`, { token: owner.access })).body).toMatchObject({ status: 'done' });
    expect((await call(t.app, 'GET', `/api/${other.schoolName}/course-appeals/unread/`, { token: other.access })).body).toEqual({ unread: 1 });
    const own = await call(t.app, 'GET', `/api/${other.schoolName}/course-appeals/`, { token: other.access });
    expect(own.body!.results.map((a: { name: string }) => a.name)).toEqual(['Чужая заявка']);
  });

  it('refuses teachers, students and anonymous callers', async () => {
    const teacher = await addMember(t.app, owner.schoolId, 'Teacher');
    const student = await addMember(t.app, owner.schoolId, 'Student');
    for (const token of [teacher.access, student.access]) {
      expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/`, { token })).status).toBe(403);
      expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/${appealId}/`, { token })).status).toBe(403);
      expect((await call(t.app, 'PATCH', `/api/${owner.schoolName}/course-appeals/${appealId}/`, { token, body: { is_read: false } })).status).toBe(403);
      expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/unread/`, { token })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/`)).status).toBe(401);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/${appealId}/`)).status).toBe(401);
    expect((await call(t.app, 'PATCH', `/api/${owner.schoolName}/course-appeals/${appealId}/`, { body: { is_read: true } })).status).toBe(401);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}/course-appeals/unread/`)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/no-such-school/course-appeals/', { token: owner.access })).status).toBe(404);
  });
});

describe('appeal rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: true });
  });
  afterAll(() => limited.close());

  it('allows 10 appeals a minute per address, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await call(limited.app, 'POST', '/api/course-appeals/', { body: { course: 999999, name: 'Спам', phone: '+375291112233' } })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
    const catalog = await call(limited.app, 'GET', '/api/course_catalog/');
    expect(catalog.status).toBe(200);
  });
});
