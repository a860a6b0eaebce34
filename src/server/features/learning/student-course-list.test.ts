// A student's course cards and course page (student-course-list.ts), as courses' course routes give them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../courses/index.ts';
import { recordProgress } from './index.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { addGroup, addStudents, closeForGroup, enrol } from '../../../../tests/server/learning-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let student: Account;
let other: Owner;

const SENIOR = 4;
const DAY = 24 * 60 * 60 * 1000;
const url = (school: string, rest = '') => `/api/${school}/courses/${rest}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Авторская' });
  await setTariff(t.app, owner.schoolId, SENIOR);
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужая авторская' });
});
afterAll(() => t.close());

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
