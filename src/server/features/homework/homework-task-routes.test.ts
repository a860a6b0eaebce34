// A homework's task (issue 25): an admin writes it as the homework's content blocks and attached
// files, the student reads it on the homework's page (the lesson's own gates), and whoever checks a
// hand-in reads it through teacher_homeworks/{id}/task/ (homework-task-routes.ts), the checker an
// admin named from outside the course too.
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, type Account } from '../../../../tests/server/fixtures.ts';
import { handIn, homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { closeForGroup, enrol } from '../../../../tests/server/learning-fixtures.ts';
import { addCourse } from '../../../../tests/server/public-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { lessons } from '../courses/tables.ts';

let t: TestApp;
let s: HomeworkSchool;
let other: HomeworkSchool;
let base: string;
/** The hand-in of the first student, and one of the other school. */
let handInId: number;
let foreignHandIn: number;
/** A student of another course of the same school. */
let outsider: Account;
let textBlock: number;

const TASK = '<p>Напишите программу, которая печатает сумму расходов за неделю.</p>';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), randomBytes(64), Buffer.from('\n%%EOF\n')]);

beforeAll(async () => {
  t = await createTestApp();
  s = await homeworkSchool(t.app, 'Задание домашки', 2);
  other = await homeworkSchool(t.app, 'Другая школа заданий', 1);
  base = `/api/${s.owner.schoolName}`;
  outsider = await addMember(t.app, s.owner.schoolId, 'Student', { firstName: 'Посторонний', lastName: 'Ученик' });
  const elsewhere = await addCourse(t.app, s.owner.schoolId, { durationDays: null, sections: [{ name: 'Модуль', lessons: [['lesson', 'Другой урок']] }] });
  await enrol(t.app, s.owner.schoolId, elsewhere.id, [outsider.id]);
  foreignHandIn = (await handIn(t.app, other.owner.schoolName, other.students[0]!, other.course.homework)).user_homework_id as number;
});
afterAll(() => t.close());

const get = (who: Account | null, path: string) => call(t.app, 'GET', `${base}/${path}`, who ? { token: who.access } : {});
const taskOf = (who: Account | null, id: number) => get(who, `teacher_homeworks/${id}/task/`);

/** A text file sent as the admin's upload form does: multipart with kind and lesson_id. */
async function uploadTaskFile(token: string, lessonId: number) {
  const data = new FormData();
  data.append('kind', 'text');
  data.append('lesson_id', String(lessonId));
  data.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'Образец.pdf');
  const request = new Request('http://x/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/files/`,
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json<Body>() };
}

describe('an admin writes a homework’s task', () => {
  it('stores text, code and a file on the homework as a lesson’s, and answers them with the homework', async () => {
    const text = await call(t.app, 'POST', `${base}/blocks/`, { token: s.admin.access, body: { base_lesson: s.course.homework, type: 'text', description: `${TASK}<script>alert(1)</script>` } });
    expect(text.status, JSON.stringify(text.body)).toBe(201);
    expect(text.body).toMatchObject({ base_lesson: s.course.homework, type: 'description', order: 1, description: TASK });
    textBlock = text.body!.id as number;
    const code = await call(t.app, 'POST', `${base}/blocks/`, { token: s.admin.access, body: { base_lesson: s.course.homework, type: 'code', code: 'print(sum(costs))', language: 'python' } });
    expect(code.status).toBe(201);
    expect(code.body!.code_html).toContain('hl-');
    const file = await uploadTaskFile(s.admin.access, s.course.homework);
    expect(file.status, JSON.stringify(file.body)).toBe(201);
    expect(file.body).toMatchObject({ kind: 'text', lesson_id: s.course.homework, course_id: s.course.id, name: 'Образец.pdf' });

    const edited = await call(t.app, 'PATCH', `${base}/blocks/${textBlock}/`, { token: s.admin.access, body: { description: TASK } });
    expect(edited.status).toBe(200);
    const detail = await get(s.admin, `homeworks/${s.course.homework}/`);
    expect(detail.status).toBe(200);
    expect((detail.body!.blocks as Body[]).map((block) => [block.type, block.order])).toEqual([
      ['description', 1],
      ['code', 2],
    ]);
    expect((detail.body!.text_files as Body[]).map((f) => f.name)).toEqual(['Образец.pdf']);
  });

  it('refuses what a lesson’s blocks refuse: a wrong field, a malformed body, a NUL byte', async () => {
    const post = (body: unknown) => call(t.app, 'POST', `${base}/blocks/`, { token: s.admin.access, body });
    for (const body of [
      { base_lesson: s.course.homework, type: 'text', code: 'x' },
      { base_lesson: s.course.homework, type: 'nope' },
      { base_lesson: 'abc', type: 'text' },
      { base_lesson: s.course.homework, type: 'text', description: 'a\u0000b' },
      { base_lesson: s.course.homework, type: 'code', code: 'x', language: 'py\u0000' },
      { base_lesson: s.course.homework, type: 'picture', picture: 'javascript:alert(1)' },
    ]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'PATCH', `${base}/blocks/${textBlock}/`, { token: s.admin.access, body: { description: '\u0000' } })).status).toBe(400);
  });

  it('is for the school’s admins: not its teacher or student, nobody without a token, no other school', async () => {
    const body = { base_lesson: s.course.homework, type: 'text', description: '<p>Чужое</p>' };
    expect((await call(t.app, 'POST', `${base}/blocks/`, { token: s.teacher.access, body })).status).toBe(403);
    expect((await call(t.app, 'POST', `${base}/blocks/`, { token: s.students[0]!.access, body })).status).toBe(403);
    expect((await call(t.app, 'POST', `${base}/blocks/`, { body })).status).toBe(401);
    // The other school's admin, in their own school, names this school's homework: not found.
    expect((await call(t.app, 'POST', `/api/${other.owner.schoolName}/blocks/`, { token: other.owner.access, body })).status).toBe(404);
    expect((await call(t.app, 'PATCH', `/api/${other.owner.schoolName}/blocks/${textBlock}/`, { token: other.owner.access, body: { description: '<p>x</p>' } })).status).toBe(404);
    expect((await uploadTaskFile(s.teacher.access, s.course.homework)).status).toBe(403);
    expect((await get(s.admin, `homeworks/${s.course.homework}/`)).body!.blocks).toHaveLength(2);
  });
});

describe('the student reads the task', () => {
  it('on the homework’s page, with its files, before handing in', async () => {
    const res = await get(s.students[0]!, `homeworks/${s.course.homework}/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body!.blocks as Body[]).map((block) => block.description ?? block.type)).toEqual([TASK, 'code']);
    expect((res.body!.text_files as Body[])[0]).toMatchObject({ name: 'Образец.pdf', url: expect.stringContaining('/api/files/') });
    expect((await get(s.students[0]!, `blocks/${textBlock}/`)).body).toMatchObject({ description: TASK });
  });

  it('only as a lesson’s content: not from another course, another school, or a homework closed to his group', async () => {
    expect((await get(outsider, `homeworks/${s.course.homework}/`)).status).toBe(404);
    expect((await get(outsider, `blocks/${textBlock}/`)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/${other.owner.schoolName}/homeworks/${s.course.homework}/`, { token: other.students[0]!.access })).status).toBe(404);
    expect((await get(other.students[0]!, `homeworks/${s.course.homework}/`)).status).toBe(403);
    expect((await get(null, `homeworks/${s.course.homework}/`)).status).toBe(401);

    const closedSchool = await homeworkSchool(t.app, 'Закрытое задание', 1);
    const closedBase = `/api/${closedSchool.owner.schoolName}`;
    const written = await call(t.app, 'POST', `${closedBase}/blocks/`, { token: closedSchool.owner.access, body: { base_lesson: closedSchool.course.homework, type: 'text', description: TASK } });
    expect(written.status).toBe(201);
    const reader = { token: closedSchool.students[0]!.access };
    expect((await call(t.app, 'GET', `${closedBase}/blocks/${written.body!.id}/`, reader)).status).toBe(200);
    await closeForGroup(t.app, closedSchool.group, [closedSchool.course.homework]);
    const closed = await call(t.app, 'GET', `${closedBase}/homeworks/${closedSchool.course.homework}/`, reader);
    expect(closed.status).toBe(404);
    expect(closed.body).toMatchObject({ code: 'LESSON_NOT_FOUND' });
    // Nor block by block: a block is read through its lesson's gates.
    const block = await call(t.app, 'GET', `${closedBase}/blocks/${written.body!.id}/`, reader);
    expect(block.status).toBe(404);
    expect(block.body).toMatchObject({ code: 'BLOCK_NOT_FOUND' });
    expect((await call(t.app, 'GET', `${closedBase}/blocks/${written.body!.id}/`, { token: closedSchool.owner.access })).status).toBe(200);
  });
});

describe('GET teacher_homeworks/{id}/task/', () => {
  beforeAll(async () => {
    handInId = (await handIn(t.app, s.owner.schoolName, s.students[0]!, s.course.homework)).user_homework_id as number;
  });

  it('gives the hand-in’s checker and the admins the homework’s task', async () => {
    for (const who of [s.teacher, s.admin, s.owner]) {
      const res = await taskOf(who, handInId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ id: s.course.homework, name: 'Первое задание', course_id: s.course.id });
      expect((res.body!.blocks as Body[]).map((block) => block.type)).toEqual(['description', 'code']);
      expect((res.body!.blocks as Body[])[0]!.description).toBe(TASK);
      expect((res.body!.text_files as Body[]).map((f) => f.name)).toEqual(['Образец.pdf']);
      expect(res.body!.audio_files).toEqual([]);
    }
  });

  it('follows the checker an admin names, even one who teaches no group of the course', async () => {
    expect((await taskOf(s.otherTeacher, handInId)).status).toBe(404);
    const named = await call(t.app, 'PATCH', `${base}/user_homeworks/${handInId}/teacher/`, { token: s.admin.access, body: { teacher_id: s.otherTeacher.id } });
    expect(named.status).toBe(200);
    // The lesson's own route knows them as no teacher of the course; the check page reads this one.
    expect((await get(s.otherTeacher, `homeworks/${s.course.homework}/`)).status).toBe(404);
    const res = await taskOf(s.otherTeacher, handInId);
    expect(res.status).toBe(200);
    expect((res.body!.blocks as Body[])[0]!.description).toBe(TASK);
    expect((await taskOf(s.teacher, handInId)).status).toBe(404);
    await call(t.app, 'PATCH', `${base}/user_homeworks/${handInId}/teacher/`, { token: s.admin.access, body: { teacher_id: s.teacher.id } });
  });

  it('still shows the task of a homework switched off since it was handed in', async () => {
    await t.app.ctx.db.update(lessons).set({ active: false }).where(eq(lessons.id, s.course.homework));
    try {
      expect((await taskOf(s.teacher, handInId)).status).toBe(200);
    } finally {
      await t.app.ctx.db.update(lessons).set({ active: true }).where(eq(lessons.id, s.course.homework));
    }
  });

  it('is for staff who may see the hand-in, of its school only', async () => {
    expect((await taskOf(s.students[0]!, handInId)).status).toBe(403);
    expect((await taskOf(null, handInId)).status).toBe(401);
    expect((await taskOf(s.admin, foreignHandIn)).status).toBe(404);
    expect((await taskOf(s.admin, 999_999)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/${other.owner.schoolName}/teacher_homeworks/${handInId}/task/`, { token: other.teacher.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/${s.owner.schoolName}/teacher_homeworks/${handInId}/task/`, { token: other.teacher.access })).status).toBe(403);
  });

  it('refuses a malformed id or school', async () => {
    for (const id of ['abc', '1%00', '0', '-1', '1.5']) expect((await get(s.admin, `teacher_homeworks/${id}/task/`)).status, id).toBe(400);
    expect((await call(t.app, 'GET', `/api/a%00b/teacher_homeworks/${handInId}/task/`, { token: s.admin.access })).status).toBe(400);
  });
});
