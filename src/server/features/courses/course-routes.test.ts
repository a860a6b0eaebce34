import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneOldRows } from '../../retention.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;

const SENIOR = 4;
const DAY = 24 * 60 * 60 * 1000;
const url = (school: string, rest = '') => `/api/${school}/courses/${rest}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Авторская' });
  await setTariff(t.app, owner.schoolId, SENIOR);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужая авторская' });
});
afterAll(() => t.close());

async function create(body: Body, token = owner.access, school = owner.schoolName) {
  return call(t.app, 'POST', url(school), { token, body });
}

describe('creating a course', () => {
  it('gives the admin the course in the GET shape, numbered after the others', async () => {
    const first = await create({ name: '  Python с нуля ', description: '<p>Основы <script>alert(1)</script><b>языка</b></p>', price: 99_00, format: 'ОФФ', public: 'О', duration_days: 30 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: 'Python с нуля',
      description: '<p>Основы <b>языка</b></p>',
      price: 9900,
      currency: 'BYN',
      format: 'ОФФ',
      public: 'О',
      duration_days: 30,
      is_catalog: false,
      folder: null,
      course_removed: null,
      baselessons_count: 0,
      students_count: 0,
      school: owner.schoolId,
    });
    const second = await create({ name: 'Второй' });
    expect(second.body!.order).toBe(first.body!.order + 1);
    expect(second.body).toMatchObject({ public: 'Н', format: 'ОН', price: 0, duration_days: null });
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'Курс', price: -1 }, 'price'],
    [{ name: 'Курс', price: 1.5 }, 'price'],
    [{ name: 'Курс', format: 'online' }, 'format'],
    [{ name: 'Курс', public: 'X' }, 'public'],
    [{ name: 'Курс', duration_days: 0 }, 'duration_days'],
    [{ name: 'Курс\u0000' }, 'name'],
    [{ name: 'Курс', description: 'текст\u0000' }, 'description'],
    [{ name: 'x'.repeat(257) }, 'name'],
  ])('refuses %j with a message on %s', async (body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body!.fields[field]?.[0]).toMatch(/[А-Яа-я]/);
  });

  it("refuses another school's folder and another school's name", async () => {
    const folder = await call(t.app, 'POST', `/api/${other.schoolName}/folder_course/`, { token: other.access, body: { name: 'Чужая папка' } });
    expect((await create({ name: 'Курс', folder: folder.body!.id })).body!.fields.folder).toEqual(['Указанная папка не относится к этой школе.']);
    expect((await create({ name: 'Курс', school: other.schoolName })).body!.code).toBe('SCHOOL_MISMATCH');
    expect((await create({ name: 'Курс', school: owner.schoolName })).status).toBe(201);
  });

  it('is for admins of the school only', async () => {
    expect((await create({ name: 'Курс' }, teacher.access)).status).toBe(403);
    expect((await create({ name: 'Курс' }, student.access)).status).toBe(403);
    expect((await create({ name: 'Курс' }, other.access)).status).toBe(403);
    expect((await call(t.app, 'POST', url(owner.schoolName), { body: { name: 'Курс' } })).status).toBe(401);
  });

  it('takes form bodies too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(owner.schoolName),
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=%D0%A4%D0%BE%D1%80%D0%BC%D0%B0&price=500&is_catalog=true',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Форма', price: 500, is_catalog: true });
  });
});

describe('the plan limit', () => {
  it('counts live courses only: a course in the bin frees its place until it is restored', async () => {
    const small = await registerOwner(t.app, { schoolTitle: 'Малый тариф' });
    // Start: one course.
    const first = await create({ name: 'Единственный' }, small.access, small.schoolName);
    expect(first.status).toBe(201);
    const over = await create({ name: 'Лишний' }, small.access, small.schoolName);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'TARIFF_LIMIT', message: 'Превышено количество курсов для выбранного тарифа.' });
    expect((await call(t.app, 'DELETE', url(small.schoolName, `${first.body!.course_id}/`), { token: small.access })).status).toBe(204);
    expect((await create({ name: 'Новый' }, small.access, small.schoolName)).status).toBe(201);
    const restore = await call(t.app, 'PATCH', url(small.schoolName, `${first.body!.course_id}/`), { token: small.access, body: { course_removed: null } });
    expect(restore.body!.code).toBe('TARIFF_LIMIT');
  });
});

describe('the list', () => {
  let python: number;
  let hidden: number;

  beforeAll(async () => {
    const course = await addCourse(t.app, owner.schoolId, {
      name: 'Список: Python',
      published: true,
      sections: [{ name: 'Модуль', lessons: [['lesson', 'Урок'], ['test', 'Тест'], ['homework', 'ДЗ'], ['lesson', 'Ещё урок', false]] }],
    });
    python = course.id;
    hidden = (await addCourse(t.app, owner.schoolId, { name: 'Список: черновик', published: false })).id;
    const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId: python, teacherId: teacher.id, name: 'Поток' }).returning();
    await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: group!.id, userId: student.id, courseId: python });
    await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId: hidden, teacherId: teacher.id, name: 'Поток черновика' });
  });

  const list = async (token: string, query = '') => (await call(t.app, 'GET', `${url(owner.schoolName)}${query}`, { token })).body!;

  it('shows the admin every live course with its counts', async () => {
    const body = await list(owner.access, '?search=%D0%A1%D0%BF%D0%B8%D1%81%D0%BE%D0%BA');
    expect(body.results.map((c: Body) => c.name)).toEqual(['Список: Python', 'Список: черновик']);
    expect(body.results[0]).toMatchObject({ baselessons_count: 4, lesson_count: 2, test_count: 1, homework_count: 1, video_count: 0, students_count: 1 });
  });

  it("shows a teacher the courses of their groups, and a student the published ones of theirs", async () => {
    expect((await list(teacher.access)).results.map((c: Body) => c.course_id)).toEqual([python, hidden]);
    expect((await list(student.access)).results.map((c: Body) => c.course_id)).toEqual([python]);
  });

  it('finds by name, matching % and _ literally', async () => {
    expect((await list(owner.access, `?search=${encodeURIComponent('список: PYTHON')}`)).results.map((c: Body) => c.course_id)).toEqual([python]);
    expect((await list(owner.access, '?search=%25')).count).toBe(0);
  });

  it('filters by folder, and 0 means outside any folder', async () => {
    const folder = await call(t.app, 'POST', `/api/${owner.schoolName}/folder_course/`, { token: owner.access, body: { name: 'Программирование' } });
    await call(t.app, 'PATCH', url(owner.schoolName, `${python}/`), { token: owner.access, body: { folder: folder.body!.id } });
    const inFolder = await list(owner.access, `?folder=${folder.body!.id}`);
    expect(inFolder.results.map((c: Body) => c.course_id)).toEqual([python]);
    expect(inFolder.results[0].folder).toEqual({ id: folder.body!.id, name: 'Программирование' });
    expect((await list(owner.access, '?folder=0')).results.map((c: Body) => c.course_id)).not.toContain(python);
    await call(t.app, 'PATCH', url(owner.schoolName, `${python}/`), { token: owner.access, body: { folder: -1 } });
    expect((await list(owner.access, `?folder=${folder.body!.id}`)).count).toBe(0);
  });

  it('reads any page in the same number of queries', async () => {
    const school = await registerOwner(t.app, { schoolTitle: 'Много курсов' });
    for (let i = 0; i < 25; i += 1) await addCourse(t.app, school.schoolId, { name: `Курс ${i}`, sections: [{ name: 'М', lessons: [['lesson', 'У']] }] });
    const first = await readsDuring(t.app, () => call(t.app, 'GET', url(school.schoolName, '?s=5'), { token: school.access }));
    const last = await readsDuring(t.app, () => call(t.app, 'GET', url(school.schoolName, '?s=20&p=2'), { token: school.access }));
    expect(first.length).toBe(last.length);
    expect(first.length).toBeLessThanOrEqual(4);
  });

  it('is closed to other schools and to visitors without a token', async () => {
    expect((await call(t.app, 'GET', url(owner.schoolName), { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'GET', url(owner.schoolName))).status).toBe(401);
  });
});

describe('one course', () => {
  it("is not found by another school's admin, nor by a teacher who does not teach it", async () => {
    const course = (await create({ name: 'Свой курс' })).body!;
    expect((await call(t.app, 'GET', url(owner.schoolName, `${course.course_id}/`), { token: owner.access })).body!.name).toBe('Свой курс');
    expect((await call(t.app, 'GET', url(other.schoolName, `${course.course_id}/`), { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'GET', url(owner.schoolName, `${course.course_id}/`), { token: teacher.access })).status).toBe(404);
    expect((await call(t.app, 'PATCH', url(other.schoolName, `${course.course_id}/`), { token: other.access, body: { name: 'Моё' } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', url(other.schoolName, `${course.course_id}/`), { token: other.access })).status).toBe(404);
  });

  it('changes its settings, and only an admin may', async () => {
    const course = (await create({ name: 'Настройки' })).body!;
    const res = await call(t.app, 'PATCH', url(owner.schoolName, `${course.course_id}/`), {
      token: owner.access,
      body: { name: 'Новое имя', public: true, is_catalog: true, price: 150_00, duration_days: null, description: '<a href="javascript:alert(1)">x</a>' },
    });
    expect(res.body).toMatchObject({ name: 'Новое имя', public: 'О', is_catalog: true, price: 15000, duration_days: null });
    expect(res.body!.description).not.toContain('javascript');
    expect((await call(t.app, 'PATCH', url(owner.schoolName, `${course.course_id}/`), { token: teacher.access, body: { name: 'x' } })).status).toBe(403);
    expect((await call(t.app, 'PATCH', url(owner.schoolName, `${course.course_id}/`), { token: owner.access, body: { price: 'дорого' } })).status).toBe(400);
  });

  it('goes to the recycle bin unpublished, can be restored, and is purged after 7 days', async () => {
    const course = (await create({ name: 'В корзину', public: 'О', is_catalog: true })).body!;
    const path = url(owner.schoolName, `${course.course_id}/`);
    expect((await call(t.app, 'DELETE', path, { token: owner.access })).status).toBe(204);
    const live = (await call(t.app, 'GET', url(owner.schoolName, '?s=100'), { token: owner.access })).body!;
    expect(live.results.map((c: Body) => c.course_id)).not.toContain(course.course_id);
    const bin = (await call(t.app, 'GET', url(owner.schoolName, '?removed=true'), { token: owner.access })).body!;
    expect(bin.results[0]).toMatchObject({ course_id: course.course_id, public: 'Н', is_catalog: false });
    expect(bin.results[0].course_removed).toEqual(expect.any(String));
    // Content routes do not reach into the bin.
    expect((await call(t.app, 'GET', url(owner.schoolName, `${course.course_id}/sections/`), { token: owner.access })).status).toBe(404);

    const restored = await call(t.app, 'PATCH', path, { token: owner.access, body: { course_removed: null } });
    expect(restored.body!.course_removed).toBeNull();
    await call(t.app, 'DELETE', path, { token: owner.access });
    t.clock.advance(6 * DAY);
    await pruneOldRows(t.app.ctx);
    expect((await call(t.app, 'GET', path, { token: owner.access })).status).toBe(200);
    t.clock.advance(2 * DAY);
    expect((await pruneOldRows(t.app.ctx)).courses).toBeGreaterThanOrEqual(1);
    expect((await call(t.app, 'GET', path, { token: owner.access })).status).toBe(404);
  });
});
