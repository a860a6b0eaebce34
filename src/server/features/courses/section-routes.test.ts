import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsGroupMembers, studentsGroups } from '../groups/tables.ts';
import { sections } from './tables.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;
let teacher: Account;
let student: Account;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Модули' });
  await setTariff(t.app, owner.schoolId, 4);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
  other = await registerOwner(t.app, { schoolTitle: 'Чужие модули' });
});
afterAll(() => t.close());

const api = (rest: string, school = owner.schoolName) => `/api/${school}/${rest}`;
const names = async (courseId: number) =>
  (await t.app.ctx.db.select({ name: sections.name, order: sections.order }).from(sections).where(eq(sections.courseId, courseId)).orderBy(asc(sections.order))).map(
    (row) => `${row.order}:${row.name}`,
  );

async function newCourse(): Promise<number> {
  return (await addCourse(t.app, owner.schoolId, { published: true })).id;
}

describe('modules', () => {
  it('are added at the end, or at a position with the others numbered 1..n again', async () => {
    const course = await newCourse();
    for (const name of ['А', 'Б', 'В']) expect((await call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course, name } })).status).toBe(201);
    const inserted = await call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course, name: 'Вставка', order: 2 } });
    expect(inserted.body).toMatchObject({ name: 'Вставка', order: 2, course, lessons: [] });
    expect(await names(course)).toEqual(['1:А', '2:Вставка', '3:Б', '4:В']);
    // A position past the end is the end.
    await call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course, name: 'Хвост', order: 99 } });
    expect(await names(course)).toEqual(['1:А', '2:Вставка', '3:Б', '4:В', '5:Хвост']);
  });

  it('are renamed, moved and deleted, the rest staying 1..n', async () => {
    const course = await newCourse();
    const ids: number[] = [];
    for (const name of ['А', 'Б', 'В', 'Г']) ids.push((await call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course, name } })).body!.section_id);
    const moved = await call(t.app, 'PATCH', api(`sections/${ids[3]}/`), { token: owner.access, body: { order: 1, name: 'Г2' } });
    expect(moved.body).toMatchObject({ name: 'Г2', order: 1 });
    expect(await names(course)).toEqual(['1:Г2', '2:А', '3:Б', '4:В']);
    expect((await call(t.app, 'DELETE', api(`sections/${ids[0]}/`), { token: owner.access })).status).toBe(204);
    expect(await names(course)).toEqual(['1:Г2', '2:Б', '3:В']);
  });

  it('keep 1..n when ten are added at once', async () => {
    const course = await newCourse();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course, name: `М${i}`, order: 1 } })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect((await names(course)).map((n) => Number(n.split(':')[0]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('are reordered in bulk, per course', async () => {
    const course = await newCourse();
    const ids: number[] = [];
    for (const name of ['А', 'Б', 'В']) ids.push((await call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course, name } })).body!.section_id);
    const res = await call(t.app, 'POST', api('section_order/'), { token: owner.access, body: [{ section_id: ids[2], order: 1 }, { section_id: ids[0], order: 3 }] });
    expect(res.body).toEqual({ detail: '2 модуля обновлены' });
    expect(await names(course)).toEqual(['1:В', '2:Б', '3:А']);
    const missing = await call(t.app, 'POST', api('section_order/'), { token: owner.access, body: [{ section_id: ids[0], order: 1 }, { section_id: 999999, order: 2 }] });
    expect(missing.status).toBe(400);
    expect(missing.body!.message).toBe('Модули с ID [999999] не найдены.');
  });

  it('check the course, the school and the role', async () => {
    const course = await newCourse();
    const theirs = (await addCourse(t.app, other.schoolId)).id;
    expect((await call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course: theirs, name: 'Чужой' } })).body!.fields.course).toEqual([
      'Указанный курс не относится к этой школе.',
    ]);
    expect((await call(t.app, 'POST', api('sections/'), { token: teacher.access, body: { course, name: 'М' } })).status).toBe(403);
    expect((await call(t.app, 'POST', api('sections/'), { body: { course, name: 'М' } })).status).toBe(401);
    expect((await call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course, name: '' } })).status).toBe(400);
    expect((await call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course: 'первый', name: 'М' } })).status).toBe(400);
    const mine = (await call(t.app, 'POST', api('sections/'), { token: owner.access, body: { course, name: 'Мой' } })).body!.section_id;
    expect((await call(t.app, 'PATCH', api(`sections/${mine}/`, other.schoolName), { token: other.access, body: { name: 'Взлом' } })).status).toBe(404);
    expect((await call(t.app, 'DELETE', api(`sections/${mine}/`, other.schoolName), { token: other.access })).status).toBe(404);
    expect((await call(t.app, 'POST', api('section_order/', other.schoolName), { token: other.access, body: [{ section_id: mine, order: 1 }] })).status).toBe(400);
  });
});

describe('the course outline', () => {
  let course: number;

  beforeAll(async () => {
    const fixture = await addCourse(t.app, owner.schoolId, {
      name: 'Программа',
      sections: [
        { name: 'Введение', lessons: [['lesson', 'Знакомство'], ['test', 'Проверка'], ['lesson', 'Черновик', false]] },
        { name: 'Циклы', lessons: [['homework', 'Практика циклов']] },
      ],
    });
    course = fixture.id;
    const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId: course, teacherId: teacher.id, name: 'Группа' }).returning();
    await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: group!.id, userId: student.id, courseId: course });
  });

  it('lists modules and lessons in order with their type-specific ids', async () => {
    const body = (await call(t.app, 'GET', api(`courses/${course}/sections/`), { token: owner.access })).body!;
    expect(body.course_name).toBe('Программа');
    expect(body.sections.map((s: Body) => [s.section_name, s.order, s.lessons.map((l: Body) => `${l.type}:${l.name}`)])).toEqual([
      ['Введение', 1, ['lesson:Знакомство', 'test:Проверка', 'lesson:Черновик']],
      ['Циклы', 2, ['homework:Практика циклов']],
    ]);
    const lesson = body.sections[0].lessons[0];
    expect(lesson).toMatchObject({ id: lesson.baselesson_ptr_id, order: 1, active: true, viewed: false, completed: false, sended: null });
  });

  it("hides switched-off lessons from everyone but admins", async () => {
    for (const token of [teacher.access, student.access]) {
      const body = (await call(t.app, 'GET', api(`courses/${course}/sections/`), { token })).body!;
      expect(body.sections[0].lessons.map((l: Body) => l.name)).toEqual(['Знакомство', 'Проверка']);
    }
  });

  it('finds lessons by name', async () => {
    const body = (await call(t.app, 'GET', api(`courses/${course}/sections/?search_query=${encodeURIComponent('цикл')}`), { token: owner.access })).body!;
    expect(body.sections.map((s: Body) => s.lessons.map((l: Body) => l.name))).toEqual([['Практика циклов']]);
  });

  it('is one module’s lessons at sections/{id}/lessons/{course}/', async () => {
    const outline = (await call(t.app, 'GET', api(`courses/${course}/sections/`), { token: owner.access })).body!;
    const second = outline.sections[1];
    const body = (await call(t.app, 'GET', api(`sections/${second.section_id}/lessons/${course}/`), { token: student.access })).body!;
    expect(body).toMatchObject({ section_id: second.section_id, section_name: 'Циклы', course_id: course });
    expect((await call(t.app, 'GET', api(`sections/${second.section_id}/lessons/${course + 1000}/`), { token: owner.access })).status).toBe(404);
  });

  it('costs the same number of queries for 3 lessons or 60', async () => {
    const small = (await addCourse(t.app, owner.schoolId, { sections: [{ name: 'М', lessons: [['lesson', 'У1'], ['lesson', 'У2'], ['lesson', 'У3']] }] })).id;
    const big = (
      await addCourse(t.app, owner.schoolId, {
        sections: Array.from({ length: 6 }, (_, s) => ({ name: `М${s}`, lessons: Array.from({ length: 10 }, (_, l) => ['lesson', `У${s}.${l}`] as [string, string]) })),
      })
    ).id;
    const few = await readsDuring(t.app, () => call(t.app, 'GET', api(`courses/${small}/sections/`), { token: owner.access }));
    const many = await readsDuring(t.app, () => call(t.app, 'GET', api(`courses/${big}/sections/`), { token: owner.access }));
    expect(many.length).toBe(few.length);
    expect(many.length).toBeLessThanOrEqual(5);
  });

  it("is not found for another school or a student outside the course's groups, closed for an unpublished course", async () => {
    expect((await call(t.app, 'GET', api(`courses/${course}/sections/`, other.schoolName), { token: other.access })).status).toBe(404);
    const outsider = await addMember(t.app, owner.schoolId, 'Student');
    expect((await call(t.app, 'GET', api(`courses/${course}/sections/`), { token: outsider.access })).status).toBe(404);
    const draft = (await addCourse(t.app, owner.schoolId, { published: false })).id;
    const [group] = await t.app.ctx.db.insert(studentsGroups).values({ schoolId: owner.schoolId, courseId: draft, teacherId: null, name: 'Черновая' }).returning();
    await t.app.ctx.db.insert(studentsGroupMembers).values({ groupId: group!.id, userId: student.id, courseId: draft });
    // The student knows the course: closed, with the reason.
    const closed = await call(t.app, 'GET', api(`courses/${draft}/sections/`), { token: student.access });
    expect(closed.status).toBe(403);
    expect(closed.body).toMatchObject({ code: 'COURSE_CLOSED', message: 'Доступ к курсу временно заблокирован. Обратитесь к администратору' });
    expect((await call(t.app, 'GET', api(`courses/${draft}/sections/`))).status).toBe(401);
  });
});
