import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseOutline } from './course-outline.ts';
import { courses, lessons, sections } from './tables.ts';
import { registerOwner, type Owner } from '../../../../tests/server/fixtures.ts';
import { addCourse, type CourseFixture } from '../../../../tests/server/public-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { schoolTitle: 'Программа в памяти' });
});
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const versionOf = async (courseId: number) => (await db().select({ version: courses.outlineVersion }).from(courses).where(eq(courses.id, courseId)))[0]!.version;
/** The course's outline as a student's request gets it: by the version the course row has now. */
const outlineOf = async (courseId: number) => courseOutline(db(), courseId, await versionOf(courseId));
const names = async (courseId: number) => (await outlineOf(courseId)).lessons.map((lesson) => lesson.name);

async function course(): Promise<CourseFixture> {
  return addCourse(t.app, owner.schoolId, {
    sections: [
      { name: 'Первый', lessons: [['lesson', 'А'], ['test', 'Б'], ['lesson', 'Выключен', false]] },
      { name: 'Пустой', lessons: [] },
      { name: 'Второй', lessons: [['homework', 'В']] },
    ],
  });
}

describe('a course outline in memory', () => {
  it('has the modules (empty ones too) and the active lessons in course order', async () => {
    const c = await course();
    const outline = await outlineOf(c.id);
    expect(outline.sections.map((s) => [s.name, s.order])).toEqual([
      ['Первый', 1],
      ['Пустой', 2],
      ['Второй', 3],
    ]);
    expect(outline.lessons.map((l) => [l.name, l.type, l.sectionId])).toEqual([
      ['А', 'lesson', c.sectionIds[0]],
      ['Б', 'test', c.sectionIds[0]],
      ['В', 'homework', c.sectionIds[2]],
    ]);
    expect([...outline.placeOf]).toEqual(outline.lessons.map((l, place) => [l.id, place]));
  });

  it('is read once while the version stands, once for a burst of requests', async () => {
    const c = await course();
    const version = await versionOf(c.id);
    const burst = await readsDuring(t.app, () => Promise.all([1, 2, 3].map(() => courseOutline(db(), c.id, version))));
    expect(burst).toHaveLength(1);
    expect(await readsDuring(t.app, () => courseOutline(db(), c.id, version))).toHaveLength(0);
  });

  it("follows every change of the course's modules and of its lessons' outline fields", async () => {
    const c = await course();
    const [first, second, third] = c.lessonIds;
    const changes: [string, () => Promise<unknown>, string[]][] = [
      ['renamed', () => db().update(lessons).set({ name: 'А2' }).where(eq(lessons.id, first!)), ['А2', 'Б', 'В']],
      ['switched off', () => db().update(lessons).set({ active: false }).where(eq(lessons.id, second!)), ['А2', 'В']],
      ['switched on', () => db().update(lessons).set({ active: true }).where(eq(lessons.id, third!)), ['А2', 'Выключен', 'В']],
      [
        'modules reordered',
        // Through negative orders, as ordering.ts does: the unique index is checked row by row.
        async () => {
          await db().execute(sql`update ${sections} set "order" = -"order" where course_id = ${c.id}`);
          await db().execute(sql`update ${sections} set "order" = 4 + "order" where course_id = ${c.id}`);
        },
        ['В', 'А2', 'Выключен'],
      ],
      ['moved', () => db().update(lessons).set({ sectionId: c.sectionIds[1]! }).where(eq(lessons.id, first!)), ['В', 'А2', 'Выключен']],
      ['added', () => db().insert(lessons).values({ sectionId: c.sectionIds[1]!, type: 'lesson', name: 'Г', order: 2 }), ['В', 'А2', 'Г', 'Выключен']],
      ['deleted', () => db().delete(lessons).where(eq(lessons.id, third!)), ['В', 'А2', 'Г']],
      ['module deleted', () => db().delete(sections).where(eq(sections.id, c.sectionIds[1]!)), ['В']],
    ];
    await names(c.id);
    for (const [what, change, expected] of changes) {
      const before = await versionOf(c.id);
      await change();
      expect(await versionOf(c.id), what).not.toBe(before);
      expect(await names(c.id), what).toEqual(expected);
    }
    const renamed = await versionOf(c.id);
    await db().update(sections).set({ name: 'Последний' }).where(eq(sections.id, c.sectionIds[2]!));
    expect(await versionOf(c.id)).not.toBe(renamed);
    expect((await outlineOf(c.id)).sections.map((s) => s.name)).toEqual(['Последний', 'Первый']);
  });

  it("keeps its version when a lesson's content or settings change, and leaves other courses alone", async () => {
    const c = await course();
    const neighbour = await course();
    const [version, other] = [await versionOf(c.id), await versionOf(neighbour.id)];
    await db().update(lessons).set({ description: 'Новый текст', settings: { attempt_limit: 3 } }).where(eq(lessons.id, c.lessonIds[1]!));
    expect(await versionOf(c.id)).toBe(version);
    await db().update(lessons).set({ name: 'Другое' }).where(eq(lessons.id, c.lessonIds[0]!));
    expect(await versionOf(neighbour.id)).toBe(other);
  });

  it('never keeps what a transaction saw and then rolled back', async () => {
    const c = await course();
    await names(c.id);
    await db()
      .transaction(async (tx) => {
        await tx.update(lessons).set({ name: 'Черновик' }).where(eq(lessons.id, c.lessonIds[0]!));
        const [{ version }] = (await tx.select({ version: courses.outlineVersion }).from(courses).where(eq(courses.id, c.id))) as [{ version: string }];
        expect((await courseOutline(tx, c.id, version)).lessons[0]!.name).toBe('Черновик');
        tx.rollback();
      })
      .catch(() => {});
    expect(await names(c.id)).toEqual(['А', 'Б', 'В']);
  });
});
