// What the lesson page shows a student of their hand-in (thread.ts studentHomework).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentHomework, studentHomeworkWithThread } from './index.ts';
import { handIn, homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { readsDuring } from '../../../../tests/server/query-count.ts';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let s: HomeworkSchool;

beforeAll(async () => {
  t = await createTestApp();
  s = await homeworkSchool(t.app, 'Домашка на странице урока', 2);
});
afterAll(() => t.close());

describe('studentHomework', () => {
  it('is null before the hand-in, then the student’s own hand-in with the teacher’s pseudonym, in one query', async () => {
    const student = s.students[0]!;
    expect(await studentHomework(t.app.ctx.db, student.id, s.course.homework)).toBeNull();
    expect(await studentHomeworkWithThread(t.app.ctx, student.id, s.course.homework)).toBeNull();
    await handIn(t.app, s.owner.schoolName, student, s.course.homework, 'Ответ');
    let summary: Awaited<ReturnType<typeof studentHomework>> = null;
    const reads = await readsDuring(t.app, async () => (summary = await studentHomework(t.app.ctx.db, student.id, s.course.homework)));
    expect(reads).toHaveLength(1);
    expect(summary).toMatchObject({ homework: s.course.homework, user: student.id, text: 'Ответ', status: 'pending', status_label: 'Ждет проверки', teacher_id: s.teacher.id, teacher_name: 'Наставник' });
    // Another student's hand-in is not theirs.
    expect(await studentHomework(t.app.ctx.db, s.students[1]!.id, s.course.homework)).toBeNull();
    const full = await studentHomeworkWithThread(t.app.ctx, student.id, s.course.homework);
    expect(full!.checks).toEqual([expect.objectContaining({ text: 'Ответ', author_role: 'student', text_files: [], audio_files: [] })]);
  });
});
