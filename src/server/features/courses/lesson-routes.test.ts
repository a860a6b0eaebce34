import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupMembers, studentsGroups } from '../groups/tables.ts';
import { courseFiles, lessons } from './tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse, addWebinar } from '../../../../tests/server/public-fixtures.ts';
import { autowebinars } from '../webinars/tables.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Уроки' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие уроки' });
});
afterAll(() => t.close());

const api = (rest: string, school = owner.schoolName) => `/api/${school}/${rest}`;
const post = (path: string, body: Body, token = owner.access) => call(t.app, 'POST', api(path), { token, body });
const inSection = async (sectionId: number) =>
  (await t.app.ctx.db.select({ name: lessons.name, order: lessons.order }).from(lessons).where(eq(lessons.sectionId, sectionId)).orderBy(asc(lessons.order))).map(
    (row) => `${row.order}:${row.name}`,
  );

async function newCourse(sectionNames = ['Модуль']) {
  return addCourse(t.app, owner.schoolId, { published: true, sections: sectionNames.map((name) => ({ name, lessons: [] })) });
}

describe('creating lessons of each type', () => {
  it('answers the type-specific id, baselesson_ptr_id, order and active', async () => {
    const { sectionIds } = await newCourse();
    const section = sectionIds[0]!;
    const lesson = await post('lessons/', { section, name: 'Введение', description: '<p>Текст<img src=x onerror=alert(1)></p>' });
    expect(lesson.status).toBe(201);
    expect(lesson.body).toMatchObject({ lesson_id: lesson.body!.baselesson_ptr_id, type: 'lesson', order: 1, active: true, section, blocks: [] });
    expect(lesson.body!.description).not.toContain('onerror');

    const test = await post('tests/', { section, name: 'Проверка', success_percent: 70, has_timer: true, time_limit: '00:30:00', attempt_limit: true, attempt_count: 3, balls_per_answer: 2 });
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({ test_id: test.body!.id, type: 'test', order: 2, success_percent: 70, has_timer: true, time_limit: '00:30:00', attempt_count: 3, points_per_answer: 2 });

    const homework = await post('homeworks/', { section, name: 'Задание', automate_accept: true, time_accept: 3600 });
    expect(homework.body).toMatchObject({ homework_id: homework.body!.id, type: 'homework', order: 3, automate_accept: true, time_accept: '01:00:00' });
    expect((await call(t.app, 'GET', api(`tests/${test.body!.id}/`), { token: owner.access })).body!.success_percent).toBe(70);
    // A type's path opens only its type.
    expect((await call(t.app, 'GET', api(`tests/${lesson.body!.id}/`), { token: owner.access })).status).toBe(404);
  });

  it('inserts after a given lesson: the module is numbered 1..n again (spec §4)', async () => {
    const section = (await newCourse()).sectionIds[0]!;
    for (const name of ['А', 'Б', 'В']) await post('lessons/', { section, name });
    await post('homeworks/', { section, name: 'После А', order: 2 });
    expect(await inSection(section)).toEqual(['1:А', '2:После А', '3:Б', '4:В']);
  });

  it('keeps 1..n when ten are added to one module at once', async () => {
    const section = (await newCourse()).sectionIds[0]!;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post('lessons/', { section, name: `У${i}`, order: 1 })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect((await inSection(section)).map((n) => Number(n.split(':')[0]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it.each([
    ['tests/', { name: 'Т', has_timer: true }, 'time_limit'],
    ['tests/', { name: 'Т', success_percent: 101 }, 'success_percent'],
    ['tests/', { name: 'Т', attempt_limit: true }, 'attempt_count'],
    ['tests/', { name: 'Т', random_test_generator: true, num_questions: 5 }, 'tests_ids'],
    ['tests/', { name: 'Т', time_limit: '30 минут' }, 'time_limit'],
    ['homeworks/', { name: 'Д', time_accept: -5 }, 'time_accept'],
    ['lessons/', { name: '' }, 'name'],
    ['lessons/', { name: 'У\u0000' }, 'name'],
    ['lessons/', { name: 'У', description: '\u0000' }, 'description'],
    ['lessons/', { name: 'У', points: 'много' }, 'points'],
  ])('refuses %s %j with a Russian message on %s', async (path, body, field) => {
    const section = (await newCourse()).sectionIds[0]!;
    const res = await post(path, { section, ...body });
    expect(res.status).toBe(400);
    expect(res.body!.fields[field]?.[0]).toMatch(/[А-Яа-я]/);
  });

  it('draws a random test only from tests of the same course', async () => {
    const { sectionIds } = await newCourse();
    const section = sectionIds[0]!;
    const source = (await post('tests/', { section, name: 'Источник' })).body!.id;
    const foreignSection = (await newCourse()).sectionIds[0]!;
    const foreign = (await post('tests/', { section: foreignSection, name: 'Чужой' })).body!.id;
    const bad = await post('tests/', { section, name: 'Случайный', random_test_generator: true, num_questions: 3, tests_ids: [foreign] });
    expect(bad.body!.fields.tests_ids).toEqual(['Выберите тесты этого же курса.']);
    const good = await post('tests/', { section, name: 'Случайный', random_test_generator: true, num_questions: 3, tests_ids: [source] });
    expect(good.body).toMatchObject({ random_test_generator: true, num_questions: 3, tests_ids: [source] });
    const previous = (await call(t.app, 'GET', api(`tests/${good.body!.id}/previous_tests/`), { token: owner.access })).body as unknown as Body[];
    expect(previous.map((p) => p.test_id)).toEqual([source]);
  });

  it("refuses another school's module, and non-admins", async () => {
    const theirs = (await addCourse(t.app, other.schoolId, { sections: [{ name: 'Их', lessons: [] }] })).sectionIds[0]!;
    expect((await post('lessons/', { section: theirs, name: 'У' })).body!.fields.section).toEqual(['Указанный модуль не относится ни к одному курсу этой школы.']);
    const mine = (await newCourse()).sectionIds[0]!;
    expect((await post('lessons/', { section: mine, name: 'У' }, teacher.access)).status).toBe(403);
    expect((await post('tests/', { section: mine, name: 'У' }, student.access)).status).toBe(403);
    expect((await call(t.app, 'POST', api('homeworks/'), { body: { section: mine, name: 'У' } })).status).toBe(401);
  });
});

describe('changing lessons', () => {
  it('renames, switches off, moves within and across modules of the course', async () => {
    const { sectionIds } = await newCourse(['Первый', 'Второй']);
    const [first, second] = sectionIds as [number, number];
    const ids: number[] = [];
    for (const name of ['А', 'Б', 'В']) ids.push((await post('lessons/', { section: first, name })).body!.id);
    await post('lessons/', { section: second, name: 'Г' });
    const renamed = await call(t.app, 'PATCH', api(`lessons/${ids[0]}/`), { token: owner.access, body: { name: 'А2', active: false, order: 3 } });
    expect(renamed.body).toMatchObject({ name: 'А2', active: false, order: 3 });
    expect(await inSection(first)).toEqual(['1:Б', '2:В', '3:А2']);
    const moved = await call(t.app, 'PATCH', api(`lessons/${ids[1]}/`), { token: owner.access, body: { section: second, order: 1 } });
    expect(moved.body).toMatchObject({ section: second, order: 1 });
    expect(await inSection(first)).toEqual(['1:В', '2:А2']);
    expect(await inSection(second)).toEqual(['1:Б', '2:Г']);
    const foreign = (await newCourse()).sectionIds[0]!;
    expect((await call(t.app, 'PATCH', api(`lessons/${ids[1]}/`), { token: owner.access, body: { section: foreign } })).body!.code).toBe('SECTION_OF_OTHER_COURSE');
  });

  it('reorders in bulk, also into another module, and names unknown ids', async () => {
    const { sectionIds } = await newCourse(['Первый', 'Второй']);
    const [first, second] = sectionIds as [number, number];
    const ids: number[] = [];
    for (const name of ['А', 'Б', 'В']) ids.push((await post('lessons/', { section: first, name })).body!.id);
    const res = await call(t.app, 'POST', api('lesson_order/'), {
      token: owner.access,
      body: [
        { baselesson_ptr_id: ids[2], order: 1 },
        { baselesson_ptr_id: ids[0], order: 1, section_id: second },
      ],
    });
    expect(res.body).toEqual({ detail: '2 урока обновлены' });
    expect(await inSection(first)).toEqual(['1:В', '2:Б']);
    expect(await inSection(second)).toEqual(['1:А']);
    const missing = await call(t.app, 'POST', api('lesson_order/'), { token: owner.access, body: [{ baselesson_ptr_id: 987654, order: 1 }] });
    expect(missing.body!.message).toBe('Уроки с ID [987654] не найдены.');
    expect((await call(t.app, 'POST', api('lesson_order/', other.schoolName), { token: other.access, body: [{ baselesson_ptr_id: ids[1], order: 1 }] })).status).toBe(400);
    expect((await call(t.app, 'POST', api('lesson_order/'), { token: teacher.access, body: [{ baselesson_ptr_id: ids[1], order: 1 }] })).status).toBe(403);
  });

  it('deletes, numbering the rest 1..n; another school gets 404', async () => {
    const section = (await newCourse()).sectionIds[0]!;
    const ids: number[] = [];
    for (const name of ['А', 'Б', 'В']) ids.push((await post('tests/', { section, name })).body!.id);
    expect((await call(t.app, 'DELETE', api(`tests/${ids[1]}/`, other.schoolName), { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'DELETE', api(`tests/${ids[1]}/`), { token: owner.access })).status).toBe(204);
    expect(await inSection(section)).toEqual(['1:А', '2:В']);
  });
});

describe('reading a lesson', () => {
  it('is for the admin, the teacher and the students of the course; switched-off lessons for the admin only', async () => {
    const fixture = await newCourse();
    const section = fixture.sectionIds[0]!;
    const open = (await post('lessons/', { section, name: 'Открытый' })).body!.id;
    const off = (await post('lessons/', { section, name: 'Выключенный', active: false })).body!.id;
    const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId: fixture.id, teacherId: teacher.id, name: 'Г' }).returning();
    await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: group!.id, userId: student.id, courseId: fixture.id });
    for (const token of [owner.access, teacher.access, student.access]) expect((await call(t.app, 'GET', api(`lessons/${open}/`), { token })).status).toBe(200);
    expect((await call(t.app, 'GET', api(`lessons/${off}/`), { token: owner.access })).status).toBe(200);
    expect((await call(t.app, 'GET', api(`lessons/${off}/`), { token: student.access })).status).toBe(404);
    expect((await call(t.app, 'GET', api(`lessons/${open}/`, other.schoolName), { token: other.access })).status).toBe(404);
    const outsider = await addMember(t.app, owner.schoolId, 'Student');
    expect((await call(t.app, 'GET', api(`lessons/${open}/`), { token: outsider.access })).status).toBe(404);
  });
});

describe("a lesson's attached files", () => {
  it('lists its documents and audio with signed links', async () => {
    const fixture = await newCourse();
    const lesson = (await post('lessons/', { section: fixture.sectionIds[0]!, name: 'С материалами' })).body!.id as number;
    const file = (kind: string, name: string, mime: string) => ({ schoolId: owner.schoolId, courseId: fixture.id, lessonId: lesson, kind, storageKey: `${owner.schoolId}/${fixture.id}/${kind}-${lesson}`, name, mime, bytes: 100 });
    await t.app.ctx.db.insert(courseFiles).values([file('text', 'Конспект.pdf', 'application/pdf'), file('audio', 'Лекция.mp3', 'audio/mpeg')]);
    const body = (await call(t.app, 'GET', api(`lessons/${lesson}/`), { token: owner.access })).body!;
    expect(body.text_files.map((f: Body) => f.name)).toEqual(['Конспект.pdf']);
    expect(body.audio_files.map((f: Body) => f.name)).toEqual(['Лекция.mp3']);
    expect(body.text_files[0].url).toMatch(/\/api\/files\/\d+\/.+\?t=/);
  });
});

describe('webinar lessons', () => {
  let slugs = 0;
  const webinarOf = (schoolId: number) => addWebinar(t.app, schoolId, { slug: `lesson-webinar-${(slugs += 1)}`, startsAt: t.clock.now });
  const webinarPath = (id?: number) => (id === undefined ? 'webinar_lessons/' : `webinar_lessons/${id}/`);

  it('are created, read, changed and deleted with their options', async () => {
    const fixture = await newCourse();
    const section = fixture.sectionIds[0]!;
    const autowebinar = await webinarOf(owner.schoolId);
    const created = await post(webinarPath(), {
      section,
      name: 'Живой эфир',
      description: '<p>Вопросы и ответы<script>alert(1)</script></p>',
      autowebinar,
      link: 'https://meet.example.com/room/42',
      starts_at: '2026-03-01T10:00:00+03:00',
      duration_minutes: 90,
    });
    expect(created.status).toBe(201);
    const id = created.body!.id as number;
    expect(created.body).toMatchObject({
      webinar_id: id,
      baselesson_ptr_id: id,
      type: 'webinar',
      order: 1,
      autowebinar,
      autowebinar_title: `Вебинар lesson-webinar-${slugs}`,
      webinar_url: `/webinar/lesson-webinar-${slugs}`,
      link: 'https://meet.example.com/room/42',
      starts_at: '2026-03-01T07:00:00.000Z',
      duration_minutes: 90,
      blocks: [],
    });
    expect(created.body!.description).toContain('Вопросы и ответы');
    expect(created.body!.description).not.toContain('script');

    const read = await call(t.app, 'GET', api(webinarPath(id)), { token: owner.access });
    expect(read.body).toMatchObject({ webinar_id: id, autowebinar, link: 'https://meet.example.com/room/42', duration_minutes: 90 });
    // A type's path opens only its type, both ways.
    expect((await call(t.app, 'GET', api(`lessons/${id}/`), { token: owner.access })).status).toBe(404);
    const plain = (await post('lessons/', { section, name: 'Урок' })).body!.id;
    expect((await call(t.app, 'GET', api(webinarPath(plain)), { token: owner.access })).status).toBe(404);

    const patched = await call(t.app, 'PATCH', api(webinarPath(id)), { token: owner.access, body: { name: 'Эфир', autowebinar: null, link: '', starts_at: null, order: 2 } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Эфир', order: 2, autowebinar: null, autowebinar_title: null, webinar_url: null, link: null, starts_at: null, duration_minutes: 90 });
    // A date-time without an offset is UTC.
    expect((await call(t.app, 'PATCH', api(webinarPath(id)), { token: owner.access, body: { starts_at: '2026-04-02T18:30' } })).body!.starts_at).toBe('2026-04-02T18:30:00.000Z');
    expect(await inSection(section)).toEqual(['1:Урок', '2:Эфир']);

    // The outline lists it with its own id.
    const outline = (await call(t.app, 'GET', api(`courses/${fixture.id}/sections/`), { token: owner.access })).body!;
    expect(outline.sections[0].lessons[1]).toMatchObject({ type: 'webinar', id, baselesson_ptr_id: id, name: 'Эфир' });

    expect((await call(t.app, 'DELETE', api(webinarPath(id)), { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', api(webinarPath(id)), { token: owner.access })).status).toBe(404);
    expect(await inSection(section)).toEqual(['1:Урок']);
  });

  it('reads a linked autowebinar deleted since as none', async () => {
    const section = (await newCourse()).sectionIds[0]!;
    const autowebinar = await webinarOf(owner.schoolId);
    const id = (await post(webinarPath(), { section, name: 'Запись', autowebinar, duration_minutes: 30 })).body!.id;
    await t.app.ctx.db.delete(autowebinars).where(eq(autowebinars.id, autowebinar));
    const read = await call(t.app, 'GET', api(webinarPath(id)), { token: owner.access });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ autowebinar: null, autowebinar_title: null, webinar_url: null, duration_minutes: 30 });
    // Other changes still save; the stale link is not checked again.
    expect((await call(t.app, 'PATCH', api(webinarPath(id)), { token: owner.access, body: { name: 'Запись 2' } })).body).toMatchObject({ name: 'Запись 2', autowebinar: null });
  });

  it("refuses another school's or an unknown autowebinar, with a Russian message", async () => {
    const section = (await newCourse()).sectionIds[0]!;
    const theirs = await webinarOf(other.schoolId);
    for (const autowebinar of [theirs, 987_654]) {
      const res = await post(webinarPath(), { section, name: 'Чужой', autowebinar });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'AUTOWEBINAR_NOT_FOUND', fields: { autowebinar: ['Автовебинар не найден в этой школе.'] } });
    }
    const id = (await post(webinarPath(), { section, name: 'Свой' })).body!.id;
    const patch = await call(t.app, 'PATCH', api(webinarPath(id)), { token: owner.access, body: { autowebinar: theirs } });
    expect(patch.body!.fields).toEqual({ autowebinar: ['Автовебинар не найден в этой школе.'] });
  });

  it.each([
    [{ link: 'javascript:alert(1)' }, 'link'],
    [{ link: 'ftp://files.example.com/room' }, 'link'],
    [{ link: 'meet.example.com/room' }, 'link'],
    [{ link: 'https://meet.example.com/\u0000' }, 'link'],
    [{ name: 'Эфир\u0000' }, 'name'],
    [{ starts_at: 'завтра в 10' }, 'starts_at'],
    [{ starts_at: '2026-02-30T10:00:00Z' }, 'starts_at'],
    [{ duration_minutes: 0 }, 'duration_minutes'],
    [{ duration_minutes: 1441 }, 'duration_minutes'],
    [{ autowebinar: 'первый' }, 'autowebinar'],
  ])('refuses %j with a Russian message on %s', async (body, field) => {
    const section = (await newCourse()).sectionIds[0]!;
    const res = await post(webinarPath(), { section, name: 'Эфир', ...body });
    expect(res.status).toBe(400);
    expect(res.body!.fields[field]?.[0]).toMatch(/[А-Яа-я]/);
  });

  it('is written by admins only; read by the course’s readers; another school gets 404', async () => {
    const section = (await newCourse()).sectionIds[0]!;
    const id = (await post(webinarPath(), { section, name: 'Эфир' })).body!.id;
    for (const token of [teacher.access, student.access]) {
      expect((await post(webinarPath(), { section, name: 'Нет' }, token)).status).toBe(403);
      expect((await call(t.app, 'PATCH', api(webinarPath(id)), { token, body: { name: 'Нет' } })).status).toBe(403);
      expect((await call(t.app, 'DELETE', api(webinarPath(id)), { token })).status).toBe(403);
    }
    expect((await call(t.app, 'POST', api(webinarPath()), { body: { section, name: 'Нет' } })).status).toBe(401);
    expect((await call(t.app, 'GET', api(webinarPath(id)))).status).toBe(401);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(t.app, method, api(webinarPath(id), other.schoolName), { token: other.access, ...(method === 'PATCH' ? { body: { name: 'Чужой' } } : {}) });
      expect(res.status).toBe(404);
    }
    expect((await call(t.app, 'GET', api(webinarPath(id)), { token: owner.access })).body!.name).toBe('Эфир');
  });
});
