import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from './tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addWebinar } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let buyer: Owner;
let other: Owner;
let course: number;

const api = (rest: string, school = owner.schoolName) => `/api/${school}/${rest}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Автор курса' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  buyer = await registerOwner(t.app, { schoolTitle: 'Покупатель курса' });
  await setTariff(t.app, buyer.schoolId, 4);
  other = await registerOwner(t.app, { schoolTitle: 'Посторонняя школа' });
  // A course with a module, a lesson with a block, and a random test drawing from another test.
  course = (await call(t.app, 'POST', api('courses/'), { token: owner.access, body: { name: 'Авторский курс', public: 'О', is_catalog: true } })).body!.course_id;
  const section = (await call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course, name: 'Модуль' } })).body!.section_id;
  const lesson = (await call(t.app, 'POST', api('lessons/'), { token: owner.access, body: { section, name: 'Урок' } })).body!.id;
  await call(t.app, 'POST', api('blocks/'), { token: owner.access, body: { base_lesson: lesson, type: 'formula', formula: 'x^2' } });
  const source = (await call(t.app, 'POST', api('tests/'), { token: owner.access, body: { section, name: 'Источник' } })).body!.id;
  const question = (await call(t.app, 'POST', api('questions/'), { token: owner.access, body: { test: source, question_type: 'single', body: 'Сколько?' } })).body!.question_id;
  await call(t.app, 'POST', api('answers/'), { token: owner.access, body: { question, body: 'Два', is_correct: true } });
  await call(t.app, 'POST', api('tests/'), { token: owner.access, body: { section, name: 'Случайный', random_test_generator: true, num_questions: 1, tests_ids: [source] } });
});
afterAll(() => t.close());

const clone = (email: string, token = owner.access, school = owner.schoolName, id = course) =>
  call(t.app, 'POST', api(`courses/${id}/clone/?user_email=${encodeURIComponent(email)}`, school), { token });

let copyId: number | undefined;

/** The buyer's copy as their course list shows it (the first found, then the same one). */
async function buyersCopy(): Promise<Body | undefined> {
  const list = (await call(t.app, 'GET', api('courses/', buyer.schoolName), { token: buyer.access })).body!;
  return (list.results as Body[]).find((c) => (copyId === undefined ? c.name === 'Авторский курс' : c.course_id === copyId));
}

describe('copying a course to another owner', () => {
  it('copies the whole course, unpublished, into the owner’s school, with its own ids', async () => {
    const res = await clone(buyer.email.toUpperCase());
    expect(res.body).toEqual({ detail: 'Копирование курса успешно завершено.' });
    const copy = (await buyersCopy())!;
    copyId = copy.course_id;
    expect(copy).toMatchObject({ public: 'Н', is_catalog: false, baselessons_count: 3, test_count: 2 });
    expect(copy.course_id).not.toBe(course);
    const outline = (await call(t.app, 'GET', api(`courses/${copy.course_id}/sections/`, buyer.schoolName), { token: buyer.access })).body!;
    const [lesson, source, random] = outline.sections[0].lessons as Body[];
    const detail = (await call(t.app, 'GET', api(`lessons/${lesson!.id}/`, buyer.schoolName), { token: buyer.access })).body!;
    expect(detail.blocks[0]).toMatchObject({ type: 'formula', formula: 'x^2' });
    // The random test draws from the copy's own test, not the original's.
    const randomTest = (await call(t.app, 'GET', api(`tests/${random!.id}/`, buyer.schoolName), { token: buyer.access })).body!;
    expect(randomTest.tests_ids).toEqual([source!.id]);
    const questions = (await call(t.app, 'GET', api(`tests/${source!.id}/get_questions/`, buyer.schoolName), { token: buyer.access })).body!;
    expect(questions.questions[0].answers[0]).toMatchObject({ body: 'Два', is_correct: true });
    // The copy is the buyer's to edit; the original stays as it was.
    expect((await call(t.app, 'PATCH', api(`courses/${copy.course_id}/`, buyer.schoolName), { token: buyer.access, body: { name: 'Мой курс' } })).status).toBe(200);
    expect((await call(t.app, 'GET', api(`courses/${course}/`), { token: owner.access })).body!.name).toBe('Авторский курс');
    // Only once while the copy is open.
    expect((await clone(buyer.email)).body).toMatchObject({ code: 'COPY_EXISTS', message: 'У пользователя уже есть копия данного курса с доступом.' });
  });

  it('lists the owners of open copies, closes a copy, and opens it again by copying', async () => {
    const owners = (await call(t.app, 'GET', api(`courses/${course}/get_course_copy_owners/`), { token: owner.access })).body as unknown as Body[];
    expect(owners).toEqual([{ email: buyer.email }]);
    const closed = await call(t.app, 'PATCH', api(`courses/${course}/delete_course_access/?user_emails=${encodeURIComponent(`${buyer.email}, nobody@example.com`)}`), { token: owner.access });
    expect(closed.body).toEqual({ detail: 'Доступ к курсу успешно удален.' });
    expect(await buyersCopy()).toBeUndefined();
    expect((await call(t.app, 'GET', api(`courses/${course}/get_course_copy_owners/`), { token: owner.access })).body).toEqual([]);
    expect((await clone(buyer.email)).status).toBe(200);
    expect((await buyersCopy())?.name).toBe('Мой курс');
  });

  it('names an unknown person and a person who owns no school', async () => {
    expect((await clone('nobody@example.com')).body).toMatchObject({ code: 'USER_NOT_FOUND', message: 'Пользователь с таким email не найден.' });
    expect((await clone(teacher.email)).body).toMatchObject({ code: 'NOT_AN_OWNER', message: 'Пользователь должен быть владельцем хотя бы одной школы.' });
    expect((await clone('не почта')).status).toBe(400);
    expect((await clone('a\u0000@example.com')).status).toBe(400);
    // The email in the body works too; none at all is a field error.
    const inBody = await call(t.app, 'POST', api(`courses/${course}/clone/`), { token: owner.access, body: { user_email: 'nobody@example.com' } });
    expect(inBody.body!.code).toBe('USER_NOT_FOUND');
    expect((await call(t.app, 'POST', api(`courses/${course}/clone/`), { token: owner.access, body: {} })).body!.fields).toEqual({ user_email: ['Обязательное поле.'] });
  });

  it('is for the admins of the course’s school, and is not a GET', async () => {
    expect((await clone(buyer.email, teacher.access)).status).toBe(403);
    expect((await clone(buyer.email, other.access)).status).toBe(403);
    expect((await clone(buyer.email, other.access, other.schoolName)).status).toBe(404);
    expect((await call(t.app, 'POST', api(`courses/${course}/clone/?user_email=${buyer.email}`))).status).toBe(401);
    // A GET copies nothing (spec §7 has it as a GET): 405, Allow: POST.
    expect((await call(t.app, 'GET', api(`courses/${course}/clone/?user_email=${buyer.email}`), { token: owner.access })).body).toMatchObject({ code: 'CLONE_NEEDS_POST' });
    expect((await call(t.app, 'GET', api(`courses/${course}/get_course_copy_owners/`, other.schoolName), { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', api(`courses/${course}/delete_course_access/?user_emails=${buyer.email}`), { token: teacher.access })).status).toBe(403);
  });
});

describe('copying a webinar lesson', () => {
  it("drops its autowebinar, the original school's, and keeps the rest", async () => {
    const autowebinar = await addWebinar(t.app, owner.schoolId, { slug: 'copied-course-webinar', startsAt: t.clock.now });
    const id = (await call(t.app, 'POST', api('courses/'), { token: owner.access, body: { name: 'Курс с вебинаром', public: 'О' } })).body!.course_id as number;
    const section = (await call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course: id, name: 'Модуль' } })).body!.section_id;
    const lesson = await call(t.app, 'POST', api('webinar_lessons/'), {
      token: owner.access,
      body: { section, name: 'Эфир', autowebinar, link: 'https://meet.example.com/room', starts_at: '2026-05-01T09:00:00Z', duration_minutes: 45 },
    });
    expect(lesson.body).toMatchObject({ autowebinar, webinar_url: '/webinar/copied-course-webinar' });

    expect((await clone(buyer.email, owner.access, owner.schoolName, id)).status).toBe(200);
    const list = (await call(t.app, 'GET', api('courses/', buyer.schoolName), { token: buyer.access })).body!;
    const copy = (list.results as Body[]).find((c) => c.name === 'Курс с вебинаром')!;
    const outline = (await call(t.app, 'GET', api(`courses/${copy.course_id}/sections/`, buyer.schoolName), { token: buyer.access })).body!;
    const copied = outline.sections[0].lessons[0] as Body;
    expect(copied).toMatchObject({ type: 'webinar', name: 'Эфир' });
    const detail = (await call(t.app, 'GET', api(`webinar_lessons/${copied.id}/`, buyer.schoolName), { token: buyer.access })).body!;
    expect(detail).toMatchObject({
      webinar_id: copied.id,
      autowebinar: null,
      autowebinar_title: null,
      webinar_url: null,
      link: 'https://meet.example.com/room',
      starts_at: '2026-05-01T09:00:00.000Z',
      duration_minutes: 45,
    });
    // Dropped from the copy's row, not only hidden by the read.
    const [row] = await t.app.ctx.db.select({ settings: lessons.settings }).from(lessons).where(eq(lessons.id, copied.id as number));
    expect(row!.settings).toMatchObject({ autowebinarId: null, link: 'https://meet.example.com/room' });
    // The original keeps its link.
    expect((await call(t.app, 'GET', api(`webinar_lessons/${lesson.body!.id}/`), { token: owner.access })).body!.autowebinar).toBe(autowebinar);
  });
});
