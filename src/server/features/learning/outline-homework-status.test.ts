// A student's outline says where each homework's hand-in stands (student-access.ts reads it with the
// progress, by homework's HandInReads; student-outline.ts): a homework sent back for revision is not just «sent».
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../courses/index.ts';
import { handIn, homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let s: HomeworkSchool;

beforeAll(async () => {
  t = await createTestApp();
  s = await homeworkSchool(t.app, 'Статусы в программе', 2);
});
afterAll(() => t.close());

type Item = { id: number; type: string; sended: boolean | null; homework_status?: string | null };

async function outlineItems(token: string): Promise<Item[]> {
  const res = await call(t.app, 'GET', `/api/${s.owner.schoolName}/courses/${s.course.id}/sections/`, { token });
  expect(res.status).toBe(200);
  return (res.body!.sections as { lessons: Item[] }[]).flatMap((section) => section.lessons);
}
const sectionItems = async (token: string, path: string): Promise<Item[]> => {
  const res = await call(t.app, 'GET', `/api/${s.owner.schoolName}/${path}`, { token });
  expect(res.status).toBe(200);
  return res.body!.lessons as Item[];
};
const statusOf = (items: Item[], id: number) => items.find((item) => item.id === id)?.homework_status;

describe('the hand-in status in a student’s outline', () => {
  it('is null before a hand-in, pending once sent, revision when sent back, and none for other lessons', async () => {
    const student = s.students[0]!;
    let items = await outlineItems(student.access);
    expect(statusOf(items, s.course.homework)).toBeNull();
    expect(items.find((item) => item.id === s.course.lesson)).toMatchObject({ homework_status: null, sended: null });

    const body = await handIn(t.app, s.owner.schoolName, student, s.course.homework);
    items = await outlineItems(student.access);
    expect(items.find((item) => item.id === s.course.homework)).toMatchObject({ sended: true, homework_status: 'pending' });

    const review = await call(t.app, 'POST', `/api/${s.owner.schoolName}/user_homework_checks/`, {
      token: s.teacher.access,
      body: { user_homework: body.user_homework_id, text: 'Доработайте', status: 'revision' },
    });
    expect(review.status).toBe(201);
    items = await outlineItems(student.access);
    expect(items.find((item) => item.id === s.course.homework)).toMatchObject({ sended: true, homework_status: 'revision' });
    // The module's own lists say the same.
    const [{ sectionId }] = (await t.app.ctx.db.select({ sectionId: lessons.sectionId }).from(lessons).where(eq(lessons.id, s.course.homework))) as [{ sectionId: number }];
    expect(statusOf(await sectionItems(student.access, `sections/${sectionId}/`), s.course.homework)).toBe('revision');
    expect(statusOf(await sectionItems(student.access, `sections/${sectionId}/lessons/${s.course.id}/`), s.course.homework)).toBe('revision');
  });

  it('is only the student’s own: another student of the group sees none, staff get no such field', async () => {
    expect(statusOf(await outlineItems(s.students[1]!.access), s.course.homework)).toBeNull();
    const staff = await outlineItems(s.owner.access);
    expect(staff.find((item) => item.id === s.course.homework)).not.toHaveProperty('homework_status');
  });

  it('is searched like the rest: a search keeps the status of the homework it finds', async () => {
    const res = await call(t.app, 'GET', `/api/${s.owner.schoolName}/courses/${s.course.id}/sections/?search_query=${encodeURIComponent('Первое задание')}`, { token: s.students[0]!.access });
    expect(res.status).toBe(200);
    const found = (res.body!.sections as { lessons: Body[] }[]).flatMap((section) => section.lessons);
    expect(found.map((item) => [item.id, item.homework_status])).toEqual([[s.course.homework, 'revision']]);
  });
});
