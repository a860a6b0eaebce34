// The onboarding checklist (school-tasks.ts, school_tasks/): each task follows the school's data.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseFiles, courses } from '../courses/index.ts';
import { addMember, registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { addGroup } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

const TASKS = ['Создать свой курс', 'Создать первый урок', 'Загрузить видео', 'Опубликовать курс', 'Добавить первого сотрудника', 'Создать первую группу', 'Добавить первого ученика'];

let t: TestApp;
let owner: Owner;
let other: Owner;

const tasks = async (token = owner.access, school = owner.schoolName) => {
  const res = await call(t.app, 'GET', `/api/${school}/school_tasks/`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body!;
};
const done = async () => ((await tasks()).tasks as Body[]).filter((task) => task.completed).map((task) => task.task as string);

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Первые шаги' });
  other = await registerOwner(t.app, { schoolTitle: 'Соседняя школа' });
});
afterAll(() => t.close());

describe('GET school_tasks/', () => {
  it('starts with the seven tasks to do, in their order', async () => {
    expect(await tasks()).toEqual({ total_tasks: 7, total_completed_tasks: 0, completion_percentage: 0, tasks: TASKS.map((task) => ({ task, completed: false })) });
  });

  it('marks each task as the school’s data gets there, and never from another school’s', async () => {
    // Another school's progress changes nothing here.
    const foreign = await addCourse(t.app, other.schoolId, { published: true, sections: [{ name: 'М', lessons: [['lesson', 'Урок']] }] });
    await addGroup(t.app, other.schoolId, foreign.id);
    await addMember(t.app, other.schoolId, 'Teacher');
    await addMember(t.app, other.schoolId, 'Student');
    expect(await done()).toEqual([]);

    // A copy of another school's course is not the school's own.
    const copy = await addCourse(t.app, owner.schoolId, { published: false });
    await t.app.ctx.db.update(courses).set({ copiedFromId: foreign.id }).where(eq(courses.id, copy.id));
    expect(await done()).toEqual([]);

    const course = await addCourse(t.app, owner.schoolId, { published: false });
    expect(await done()).toEqual(['Создать свой курс']);
    const withLesson = await addCourse(t.app, owner.schoolId, { published: false, sections: [{ name: 'М', lessons: [['test', 'Тест']] }] });
    expect(await done()).toEqual(['Создать свой курс', 'Создать первый урок']);
    // A picture is no video.
    const file = { schoolId: owner.schoolId, courseId: course.id, name: 'a', mime: 'x', bytes: 1 };
    await t.app.ctx.db.insert(courseFiles).values({ ...file, kind: 'picture', storageKey: `${owner.schoolId}/p` });
    expect(await done()).not.toContain('Загрузить видео');
    await t.app.ctx.db.insert(courseFiles).values({ ...file, kind: 'video', storageKey: `${owner.schoolId}/v` });
    expect(await done()).toContain('Загрузить видео');
    // A published course counts while it is not in the bin.
    await t.app.ctx.db.update(courses).set({ published: true, removedAt: t.clock.now }).where(eq(courses.id, withLesson.id));
    expect(await done()).not.toContain('Опубликовать курс');
    await t.app.ctx.db.update(courses).set({ removedAt: null }).where(eq(courses.id, withLesson.id));
    expect(await done()).toContain('Опубликовать курс');
    await addMember(t.app, owner.schoolId, 'Teacher');
    await addGroup(t.app, owner.schoolId, course.id);
    const half = await tasks();
    expect(half).toMatchObject({ total_tasks: 7, total_completed_tasks: 6, completion_percentage: 86 });
    expect((half.tasks as Body[]).map((task) => task.task)).toEqual(TASKS);
    await addMember(t.app, owner.schoolId, 'Student');
    expect(await tasks()).toMatchObject({ total_completed_tasks: 7, completion_percentage: 100 });
    expect((await tasks(other.access, other.schoolName)).total_completed_tasks).toBe(6);
  });

  it('counts an admin besides the owner as staff, not the owner', async () => {
    const school = await registerOwner(t.app);
    const check = async () => ((await tasks(school.access, school.schoolName)).tasks as Body[]).find((task) => task.task === 'Добавить первого сотрудника')!.completed;
    expect(await check()).toBe(false);
    await addMember(t.app, school.schoolId, 'Admin');
    expect(await check()).toBe(true);
  });

  it('reads the school and then one statement, and writes nothing', async () => {
    const reads = await readsDuring(t.app, () => tasks());
    expect(reads.length).toBeLessThanOrEqual(2);
  });

  it('answers admins only', async () => {
    const admin = await addMember(t.app, owner.schoolId, 'Admin');
    expect((await tasks(admin.access)).total_tasks).toBe(7);
    const teacher = await addMember(t.app, owner.schoolId, 'Teacher');
    const student = await addMember(t.app, owner.schoolId, 'Student');
    const url = `/api/${owner.schoolName}/school_tasks/`;
    expect((await call(t.app, 'GET', url, { token: teacher.access })).status).toBe(403);
    expect((await call(t.app, 'GET', url, { token: student.access })).status).toBe(403);
    expect((await call(t.app, 'GET', url, { token: other.access })).status).toBe(403);
    expect((await call(t.app, 'GET', url)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/no-such-school/school_tasks/', { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/${owner.schoolName}%00/school_tasks/`, { token: owner.access })).status).toBe(400);
  });
});
