import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneOldRows } from '../../retention.ts';
import { eq } from 'drizzle-orm';
import { studentsGroupMembers, studentsGroups } from '../groups/tables.ts';
import { courses } from './tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { addGroup, addStudents, closeForGroup, enrol } from '../../../../tests/server/learning-fixtures.ts';
import { recordProgress } from '../learning/index.ts';
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

describe('courses with their groups', () => {
  it('lists for the admin every course that has groups, and for a teacher their own groups', async () => {
    const course = await addCourse(t.app, owner.schoolId, { name: 'С группами' });
    await t.app.ctx.db.insert(studentsGroups).values([
      { schoolId: owner.schoolId, courseId: course.id, teacherId: teacher.id, name: 'Группа А' },
      { schoolId: owner.schoolId, courseId: course.id, teacherId: null, name: 'Группа Б' },
    ]);
    const admin = (await call(t.app, 'GET', url(owner.schoolName, 'with_student_groups/'), { token: owner.access })).body as unknown as Body[];
    expect(admin.find((c) => c.course_id === course.id)!.student_groups.map((g: Body) => g.name)).toEqual(['Группа А', 'Группа Б']);
    const mine = (await call(t.app, 'GET', url(owner.schoolName, 'with_student_groups/'), { token: teacher.access })).body as unknown as Body[];
    expect(mine.find((c) => c.course_id === course.id)!.student_groups.map((g: Body) => g.name)).toEqual(['Группа А']);
    expect((await call(t.app, 'GET', url(owner.schoolName, 'with_student_groups/'), { token: student.access })).status).toBe(403);
  });
});

describe("a student's course cards", () => {
  let learner: Account;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    learner = await addMember(t.app, owner.schoolId, 'Student');
    const module = { name: 'М', lessons: [['lesson', 'У1'], ['homework', 'ДЗ'], ['test', 'Т'], ['lesson', 'Выкл', false]] as [string, string, boolean?][] };
    // Studying: 10 days, certificates; the homework closed to the group; the first lesson read.
    const studying = await addCourse(t.app, owner.schoolId, { name: 'Карточки: учусь', sections: [module] });
    const group = await enrol(t.app, owner.schoolId, studying.id, [learner.id], { trainingDuration: 10, certificate: true });
    await closeForGroup(t.app, group, [studying.lessonIds[1]!]);
    await recordProgress(t.app.ctx.db, { userId: learner.id, courseId: studying.id }, { id: studying.lessonIds[0]!, type: 'lesson' }, 'viewed', t.clock.now);
    ids.studying = studying.id;
    ids.draft = (await addCourse(t.app, owner.schoolId, { name: 'Карточки: черновик', published: false, sections: [module] })).id;
    await enrol(t.app, owner.schoolId, ids.draft, [learner.id]);
    ids.expired = (await addCourse(t.app, owner.schoolId, { name: 'Карточки: истёк', sections: [module] })).id;
    const short = await addGroup(t.app, owner.schoolId, ids.expired, { trainingDuration: 1 });
    await addStudents(t.app, short, ids.expired, [learner.id], { accessFrom: new Date(t.clock.now.getTime() - 2 * DAY) });
    ids.finished = (await addCourse(t.app, owner.schoolId, { name: 'Карточки: пройден', sections: [module] })).id;
    const done = await addGroup(t.app, owner.schoolId, ids.finished);
    await addStudents(t.app, done, ids.finished, [learner.id], { finishedAt: t.clock.now });
    ids.binned = (await addCourse(t.app, owner.schoolId, { name: 'Карточки: в корзине', sections: [module] })).id;
    await enrol(t.app, owner.schoolId, ids.binned, [learner.id]);
    await t.app.ctx.db.update(courses).set({ removedAt: t.clock.now }).where(eq(courses.id, ids.binned));
    ids.foreign = (await addCourse(t.app, owner.schoolId, { name: 'Карточки: не мой', sections: [module] })).id;
    await enrol(t.app, owner.schoolId, ids.foreign, [student.id]);
  });

  const cards = async (query = '') => (await call(t.app, 'GET', `${url(owner.schoolName)}${query}`, { token: learner.access })).body!;

  it("lists the courses of the student's groups, unpublished and expired ones too, with their group, access and progress", async () => {
    const body = await cards();
    expect(body.results.map((c: Body) => c.name)).toEqual(['Карточки: учусь', 'Карточки: черновик', 'Карточки: истёк', 'Карточки: пройден']);
    const [studying, draft, expired, finished] = body.results as Body[];
    expect(studying).toMatchObject({
      course_id: ids.studying,
      remaining_period: 10,
      certificate: true,
      progress: { total: 2, completed: 1, percent: 50 },
      finished: false,
      access_expired: false,
      published: true,
      public: 'О',
    });
    expect(studying!.group_id).toEqual(expect.any(Number));
    expect(draft).toMatchObject({ published: false, public: 'Н', remaining_period: null, certificate: false, progress: { total: 3, completed: 0, percent: 0 }, access_expired: false });
    expect(expired).toMatchObject({ remaining_period: 0, access_expired: true });
    expect(finished).toMatchObject({ finished: true });
  });

  it("opens a course of the list, or says why not: unpublished, expired; another's or a binned one is not found", async () => {
    const open = async (id: number) => call(t.app, 'GET', `${url(owner.schoolName)}${id}/`, { token: learner.access });
    expect((await open(ids.studying!)).body).toMatchObject({ course_id: ids.studying, name: 'Карточки: учусь' });
    expect((await open(ids.draft!)).body).toMatchObject({ code: 'COURSE_CLOSED', message: 'Доступ к курсу временно заблокирован. Обратитесь к администратору' });
    expect((await open(ids.draft!)).status).toBe(403);
    expect((await open(ids.expired!)).body).toMatchObject({ code: 'ACCESS_EXPIRED', message: 'Срок доступа к курсу истек.' });
    for (const id of [ids.binned!, ids.foreign!]) expect((await open(id)).status).toBe(404);
  });

  it('pages and searches like the others', async () => {
    const second = await cards('?s=2&p=2');
    expect(second).toMatchObject({ count: 4, previous: expect.any(String), next: null });
    expect(second.results.map((c: Body) => c.course_id)).toEqual([ids.expired, ids.finished]);
    expect((await cards(`?search=${encodeURIComponent('черновик')}`)).results.map((c: Body) => c.course_id)).toEqual([ids.draft]);
  });

  it('leaves the admin and teacher lists without the card fields', async () => {
    const admin = (await call(t.app, 'GET', `${url(owner.schoolName)}?search=${encodeURIComponent('Карточки')}`, { token: owner.access })).body!;
    expect(admin.results).toHaveLength(5);
    expect(admin.results[0]).not.toHaveProperty('progress');
    expect(admin.results[0]).not.toHaveProperty('group_id');
  });

  it('reads any page in four queries, whatever the number of courses and lessons', async () => {
    const school = await registerOwner(t.app, { schoolTitle: 'Много карточек' });
    await setTariff(t.app, school.schoolId, SENIOR);
    const pupil = await addMember(t.app, school.schoolId, 'Student');
    for (let i = 0; i < 12; i += 1) {
      const course = await addCourse(t.app, school.schoolId, { sections: [{ name: 'М', lessons: Array.from({ length: i + 1 }, (_, l) => ['lesson', `У${l}`] as [string, string]) }] });
      await enrol(t.app, school.schoolId, course.id, [pupil.id]);
    }
    const few = await readsDuring(t.app, () => call(t.app, 'GET', url(school.schoolName, '?s=2'), { token: pupil.access }));
    const many = await readsDuring(t.app, () => call(t.app, 'GET', url(school.schoolName, '?s=10&p=2'), { token: pupil.access }));
    expect(many.length).toBe(few.length);
    expect(many.length).toBeLessThanOrEqual(4);
  });

  it('refuses bad queries, other schools and visitors without a token', async () => {
    expect((await call(t.app, 'GET', `${url(owner.schoolName)}?p=0`, { token: learner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', `${url(owner.schoolName)}?search=%00`, { token: learner.access })).status).toBe(400);
    expect((await call(t.app, 'GET', url(other.schoolName), { token: learner.access })).status).toBe(403);
    expect((await call(t.app, 'GET', url(owner.schoolName))).status).toBe(401);
  });
});
