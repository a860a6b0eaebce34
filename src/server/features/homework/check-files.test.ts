// Files of a hand-in's thread: text_files/ and audio_files/ with user_homework or
// user_homework_check (courses/file-routes.ts, check-files.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseFiles } from '../courses/index.ts';
import { homeworkCheckFiles } from './index.ts';
import type { Account } from '../../../../tests/server/fixtures.ts';
import { handIn, homeworkSchool, type HomeworkSchool } from '../../../../tests/server/homework-fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';

let t: TestApp;
let dataDir: string;
let s: HomeworkSchool;
/** students[0]'s hand-in, its first message, and the teacher's review on it. */
let handInId: number;
let firstCheck: number;
let reviewCheck: number;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), randomBytes(500)]);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-homework-files-'));
  t = await createTestApp({ dataDir });
  s = await homeworkSchool(t.app, 'Файлы домашних', 3);
  const body = await handIn(t.app, s.owner.schoolName, s.students[0]!, s.course.homework, 'Решение во вложении');
  handInId = body.user_homework_id as number;
  firstCheck = (body.checks as Body[])[0]!.user_homework_check_id as number;
  reviewCheck = (await call(t.app, 'POST', `/api/${s.owner.schoolName}/user_homework_checks/`, { token: s.teacher.access, body: { user_homework: handInId, text: 'Смотрите пометки', status: 'revision' } })).body!
    .user_homework_check_id as number;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends files[] with the given fields as a multipart form. */
async function upload(path: 'text_files/' | 'audio_files/', fields: [string, string][], file: { name: string; bytes: Buffer }, who: Account | null, school = s.owner.schoolName) {
  const data = new FormData();
  for (const [key, value] of fields) data.append(key, value);
  data.append('files[]', new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request('http://x/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${school}/${path}`,
    headers: { 'content-type': request.headers.get('content-type')!, ...(who ? { authorization: `Bearer ${who.access}` } : {}) },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json<Body>() };
}
const thread = async (who: Account, id = handInId) => (await call(t.app, 'GET', `/api/${s.owner.schoolName}/user_homeworks/${id}/`, { token: who.access })).body!.checks as Body[];
const remove = (path: string, id: number, who: Account) => call(t.app, 'DELETE', `/api/${s.owner.schoolName}/${path}${id}/`, { token: who.access });

describe('files of a hand-in’s thread', () => {
  let studentFile: number;
  let teacherFile: number;

  it('lets the student attach documents to their hand-in: stored with no course or lesson, linked to its first message', async () => {
    const res = await upload('text_files/', [['user_homework', String(handInId)]], { name: 'Решение.pdf', bytes: PDF }, s.students[0]!);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual([expect.objectContaining({ kind: 'text', mime: 'application/pdf', name: 'Решение.pdf', course_id: null, lesson_id: null })]);
    studentFile = res.body[0].id;
    const [row] = await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.id, studentFile));
    expect(row).toMatchObject({ schoolId: s.owner.schoolId, courseId: null, lessonId: null, uploaderId: s.students[0]!.id });
    expect(await t.app.ctx.db.select().from(homeworkCheckFiles).where(eq(homeworkCheckFiles.fileId, studentFile))).toEqual([{ checkId: firstCheck, fileId: studentFile }]);
    // The thread lists it with a signed link that serves it.
    const [first] = await thread(s.teacher);
    expect(first).toMatchObject({ text_files: [expect.objectContaining({ id: studentFile, name: 'Решение.pdf' })], audio_files: [] });
    const served = await t.app.inject({ method: 'GET', url: (first!.text_files[0].url as string).replace('http://coursehub.test', '') });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('lets the teacher attach audio to their own message', async () => {
    const res = await upload('audio_files/', [['user_homework_check', String(reviewCheck)]], { name: 'Комментарий.mp3', bytes: MP3 }, s.teacher);
    expect(res.status).toBe(201);
    teacherFile = res.body[0].id;
    const checks = await thread(s.students[0]!);
    expect(checks[1]).toMatchObject({ user_homework_check_id: reviewCheck, audio_files: [expect.objectContaining({ id: teacherFile, kind: 'audio' })], text_files: [] });
  });

  it('takes files only from a message’s author: others get 403, those who cannot see it 404', async () => {
    const pdf = { name: 'x.pdf', bytes: PDF };
    const teacherOnStudent = await upload('text_files/', [['user_homework_check', String(firstCheck)]], pdf, s.teacher);
    expect(teacherOnStudent.status).toBe(403);
    expect(teacherOnStudent.body).toMatchObject({ code: 'NOT_CHECK_AUTHOR', message: 'Пользователь может обновлять только свою историю' });
    expect((await upload('text_files/', [['user_homework', String(handInId)]], pdf, s.admin)).status).toBe(403);
    expect((await upload('text_files/', [['user_homework_check', String(reviewCheck)]], pdf, s.students[0]!)).status).toBe(403);
    expect((await upload('text_files/', [['user_homework', String(handInId)]], pdf, s.students[1]!)).status).toBe(404);
    expect((await upload('text_files/', [['user_homework', String(handInId)]], pdf, s.otherTeacher)).status).toBe(404);
    expect((await upload('text_files/', [['user_homework', String(handInId)]], pdf, s.other, s.other.schoolName)).status).toBe(404);
    expect((await upload('text_files/', [['user_homework', String(handInId)]], pdf, null)).status).toBe(401);
    expect((await upload('text_files/', [['user_homework_check', '2147483647']], pdf, s.students[0]!)).status).toBe(404);
    // A student or a teacher still adds nothing to a lesson.
    expect((await upload('text_files/', [['base_lesson', String(s.course.homework)]], pdf, s.students[0]!)).status).toBe(403);
    expect((await upload('text_files/', [['base_lesson', String(s.course.homework)]], pdf, s.teacher)).status).toBe(403);
    expect(await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.name, 'x.pdf'))).toEqual([]);
  });

  it('refuses bad fields and content as the lesson files do, leaving nothing behind', async () => {
    const student = s.students[0]!;
    const both = await upload('text_files/', [['user_homework', String(handInId)], ['base_lesson', String(s.course.homework)]], { name: 'a.pdf', bytes: PDF }, student);
    expect(both.status).toBe(400);
    expect(both.body.fields).toHaveProperty('base_lesson');
    expect((await upload('text_files/', [['user_homework', '1\u00002']], { name: 'a.pdf', bytes: PDF }, student)).body).toMatchObject({ fields: { user_homework: ['Неверный тип значения.'] } });
    expect((await upload('text_files/', [['user_homework_check', 'x']], { name: 'a.pdf', bytes: PDF }, student)).status).toBe(400);
    expect((await upload('text_files/', [['user_homework', String(handInId)]], { name: 'a\u0000.pdf', bytes: PDF }, student)).status).toBe(400);
    const forged = await upload('audio_files/', [['user_homework', String(handInId)]], { name: 'song.mp3', bytes: PDF }, student);
    expect(forged.body).toMatchObject({ code: 'INVALID_FILE_TYPE' });
    const json = await call(t.app, 'POST', `/api/${s.owner.schoolName}/text_files/`, { token: student.access, body: { user_homework: handInId } });
    expect(json.status).toBe(415);
    expect(await t.app.ctx.db.select().from(homeworkCheckFiles)).toHaveLength(2);
  });

  it('never shows them in the course’s materials, the school’s files or the lesson', async () => {
    const admin = s.owner;
    const ids = (body: Body | null) => (body as unknown as Body[]).map((file) => file.id as number);
    const course = await call(t.app, 'GET', `/api/${admin.schoolName}/files/?course_id=${s.course.id}`, { token: admin.access });
    expect(course.status).toBe(200);
    const school = await call(t.app, 'GET', `/api/${admin.schoolName}/files/`, { token: admin.access });
    const lesson = await call(t.app, 'GET', `/api/${admin.schoolName}/files/?lesson_id=${s.course.homework}`, { token: admin.access });
    for (const list of [course, school, lesson]) expect(ids(list.body)).not.toContain(studentFile);
    expect(ids(school.body)).not.toContain(teacherFile);
    const page = await call(t.app, 'GET', `/api/${admin.schoolName}/homeworks/${s.course.homework}/`, { token: admin.access });
    expect(page.status).toBe(200);
    expect([...(page.body!.text_files as Body[]), ...(page.body!.audio_files as Body[])]).toEqual([]);
  });

  it('lets the uploader or an admin delete a thread’s file, nobody else', async () => {
    expect((await remove('text_files/', studentFile, s.teacher)).status).toBe(403);
    expect((await remove('text_files/', studentFile, s.students[1]!)).status).toBe(404);
    expect((await remove('audio_files/', teacherFile, s.students[0]!)).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/${s.other.schoolName}/text_files/${studentFile}/`, { token: s.other.access })).status).toBe(404);
    expect((await remove('text_files/', studentFile, s.students[0]!)).status).toBe(204);
    expect((await remove('audio_files/', teacherFile, s.admin)).status).toBe(204);
    expect(await t.app.ctx.db.select().from(homeworkCheckFiles)).toEqual([]);
    expect((await thread(s.students[0]!)).flatMap((check) => [...check.text_files, ...check.audio_files])).toEqual([]);
  });

  it('after acceptance takes files only for the accepting message: the teacherless hand-in still gets its own', async () => {
    const accepted = await upload('text_files/', [['user_homework', String(handInId)]], { name: 'b.pdf', bytes: PDF }, s.students[0]!);
    expect(accepted.status).toBe(201);
    await call(t.app, 'POST', `/api/${s.owner.schoolName}/user_homework_checks/`, { token: s.teacher.access, body: { user_homework: handInId, status: 'accepted' } });
    const late = await upload('text_files/', [['user_homework', String(handInId)]], { name: 'c.pdf', bytes: PDF }, s.students[0]!);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'HOMEWORK_ACCEPTED' });
    expect((await remove('text_files/', accepted.body[0].id, s.students[0]!)).status).toBe(409);

    const solo = await handIn(t.app, s.owner.schoolName, s.alone, s.soloCourse.homework);
    expect(solo.status).toBe('accepted');
    const own = await upload('text_files/', [['user_homework', String(solo.user_homework_id)]], { name: 'solo.pdf', bytes: PDF }, s.alone);
    expect(own.status).toBe(201);
    expect((await thread(s.alone, solo.user_homework_id as number))[0]).toMatchObject({ text_files: [expect.objectContaining({ name: 'solo.pdf' })] });
  });

  it('counts against the school’s storage', async () => {
    const student = s.students[2]!;
    const own = (await handIn(t.app, s.owner.schoolName, student, s.course.homework)).user_homework_id as number;
    const [filler] = await t.app.ctx.db
      .insert(courseFiles)
      .values({ schoolId: s.owner.schoolId, kind: 'text', storageKey: `${s.owner.schoolId}/school/00000000-0000-4000-8000-000000000009.pdf`, name: 'big.pdf', mime: 'application/pdf', bytes: 100 * 1024 ** 3 })
      .returning();
    try {
      const full = await upload('text_files/', [['user_homework', String(own)]], { name: 'd.pdf', bytes: PDF }, student);
      expect(full.status).toBe(413);
      expect(full.body).toMatchObject({ code: 'STORAGE_QUOTA' });
      expect(await t.app.ctx.db.select().from(courseFiles).where(eq(courseFiles.name, 'd.pdf'))).toEqual([]);
    } finally {
      await t.app.ctx.db.delete(courseFiles).where(eq(courseFiles.id, filler!.id));
    }
  });
});
